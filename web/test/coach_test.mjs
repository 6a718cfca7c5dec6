// The coach's parts of the page in headless Chromium, against the CLI (docs/coach-page.md, "A
// coach's page"): the coach's marks against the CLI's report with the coach's rules
// computed here again, the evaluation in pawns as pawn-eval prints it, the folded timeline
// against `timeline --format jsonl`, honest charts against `stats --format json`, the
// structure pages, the games of a picked structure against `find --min-plies 8`, and the
// study export read back by the CLI. Screenshots in docs/screenshots/ when
// PAWNKIT_SCREENSHOTS names that folder. Exit status 77 when puppeteer-core is missing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newChecks, openPage, startBrowserTest } from './harness.mjs';

const { source, run, server, url, browser } = await startBrowserTest();
const jsonl = (text) => text.trim().split('\n').filter((l) => l).map((l) => JSON.parse(l));
const cliReport = (fen) => JSON.parse(run(['analyze', '--format', 'jsonl', '-'], `${fen}\n`));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-coach-'));

const checks = newChecks();
const { check } = checks;
const page = await openPage(browser, url, 1366, 768, checks);
const text = (selector) => page.$eval(selector, (e) => e.textContent);
async function enterFen(fen) {
  await page.$eval('#fen', (e) => { e.value = ''; });
  await page.type('#fen', fen);
  await page.keyboard.press('Enter');
}
async function openFile(file) {
  await page.waitForFunction(() => document.getElementById('work').hidden, { timeout: 60000 });
  await page.$eval('#stats-json', (e) => { e.textContent = ''; });
  await (await page.$('#pgn-file')).uploadFile(file);
  await page.waitForFunction(() => document.getElementById('stats-json').textContent.length > 0, { timeout: 120000 });
}

// The coach's rules, again, on the CLI's report: what data-marks must hold.
const FILES = 'abcdefgh';
function expectedMarks(r) {
  const minus = (a, b) => a.filter((x) => !b.includes(x));
  const marks = {};
  const add = (side, id, squares) => { for (const sq of squares) (marks[sq] ||= []).push(`${side}.${id}`); };
  const breaks = { white: [], black: [] };
  for (const side of ['white', 'black']) {
    const s = r[side], e = r[side === 'white' ? 'black' : 'white'];
    const dir = side === 'white' ? 1 : -1;
    for (const to of [...s.single_pushes, ...s.double_pushes]) {
      const rank = Number(to[1]) + dir, f = FILES.indexOf(to[0]);
      if ([f - 1, f + 1].some((x) => x >= 0 && x < 8 && e.pawns.includes(FILES[x] + rank))) {
        const steps = s.single_pushes.includes(to) ? 1 : 2;
        breaks[side].push(`${to[0]}${Number(to[1]) - steps * dir}${to}`);
      }
    }
    add(side, 'isolated', s.isolated);
    add(side, 'doubled', [...s.doubled, ...s.tripled]);
    add(side, 'backward', minus(s.backward, s.isolated));
    add(side, 'passed', s.passed);
    add(side, 'candidates', s.candidates);
    add(side, 'outposts', minus(minus(s.outposts, s.pawns), e.pawns));
    add(side, 'holes', minus(s.holes, s.pawns));
    add(side, 'breaks', breaks[side].map((b) => b.slice(0, 2)));
    add(side, 'levers', s.levers);
    add(side, 'chain_bases', s.chain_bases);
  }
  return { marks, breaks: [...breaks.white, ...breaks.black].sort() };
}
const ORDER = ['isolated', 'doubled', 'backward', 'passed', 'candidates', 'outposts', 'holes', 'breaks', 'levers', 'chain_bases'];
const byOrder = (a, b) => ORDER.indexOf(a.split('.')[1]) - ORDER.indexOf(b.split('.')[1]) || a.localeCompare(b);

const iqp = 'r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10';
const hedgehog = 'r1b1k2r/3nbppp/ppnpp3/8/2P1P3/2N1BP2/PPN1B1PP/2KR3R w kq - 0 14';
const tension = 'rnbqkbnr/pp3ppp/4p3/2pp4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 4';

await check('the coach\'s marks: an IQP not backward, no hole under an own pawn, breaks as arrows', async () => {
  for (const fen of [iqp, hedgehog, tension]) {
    await enterFen(fen);
    const r = cliReport(fen);
    const { marks, breaks } = expectedMarks(r);
    const shown = await page.$$eval('#board [data-square]', (cells) => Object.fromEntries(cells.map((c) => [c.dataset.square, c.dataset.marks])));
    for (const [sq, m] of Object.entries(shown))
      assert.deepEqual(m ? m.split(' ').sort(byOrder) : [], (marks[sq] || []).sort(byOrder), `${sq} of ${fen}`);
    const arrows = await page.$$eval('#board svg.arrows line', (ls) => ls.map((l) => l.dataset.break).sort());
    assert.deepEqual(arrows, breaks, fen);
  }
  await enterFen(iqp);
  const d4 = await page.$eval('#board [data-square="d4"]', (c) => ({ keys: c.dataset.keys, marks: c.dataset.marks }));
  assert.match(d4.keys, /white\.backward/); // the pattern spec's key is unchanged...
  assert.doesNotMatch(d4.marks, /backward/); // ...the coach's view calls it isolated only
  assert.match(d4.marks, /white\.isolated/);
  await enterFen(hedgehog);
  const a6 = await page.$eval('#board [data-square="a6"]', (c) => ({ keys: c.dataset.keys, marks: c.dataset.marks }));
  assert.match(a6.keys, /black\.holes/);
  assert.doesNotMatch(a6.marks, /holes/);
  assert.ok((await page.$$eval('#board svg.arrows line', (ls) => ls.length)) > 0, 'the hedgehog has breaks');
  // Grouped in a coach's words; the legend names what is drawn.
  const groups = await page.$$eval('#coach-marks legend', (ls) => ls.map((l) => l.textContent));
  assert.deepEqual(groups, ['Weak pawns', 'Passed pawns', 'Outposts and holes', 'Breaks and levers']);
  const legend = await text('#legend');
  assert.match(legend, /isolated pawns/);
  assert.match(legend, /pawn breaks/);
  assert.doesNotMatch(legend, /single_pushes|chain_bases/);
});

await check('the pattern keys are one click away and draw the keys', async () => {
  await enterFen(iqp);
  assert.equal(await page.$eval('#contract-keys', (d) => d.open), false);
  await page.click('#contract-keys summary');
  const keys = Object.keys(cliReport(iqp).white).filter((k) => Array.isArray(cliReport(iqp).white[k]) && k !== 'island_files');
  assert.deepEqual(await page.$$eval('#overlay-keys input', (is) => is.map((i) => i.value)), keys);
  assert.ok(await page.$eval('#overlay-keys', (e) => e.getBoundingClientRect().height > 0));
  assert.match(await text('#legend'), /^.*backward/); // the default keys' legend
  assert.equal(await page.$$eval('#board svg.arrows', (s) => s.length), 0);
  await page.click('#contract-keys summary');
  await page.waitForFunction(() => document.querySelector('#board svg.arrows'));
});

await check('the evaluation is in pawns, as pawn-eval prints it (/361)', async () => {
  for (const fen of [iqp, hedgehog]) {
    await enterFen(fen);
    const lines = run(['pawn-eval', '-'], `${fen}\n`).trim().split('\n');
    const cells = await page.$$eval('#eval tr.total td', (tds) => tds.map((t) => t.textContent));
    for (const [i, side] of [[0, 'white'], [2, 'black']]) {
      const fields = lines.find((l) => l.startsWith(side)).trim().split(/\s+/);
      assert.equal(cells[i], `${fields[3]} / ${fields[4]}`, `${side} of ${fen}`);
    }
  }
  assert.doesNotMatch(await text('#eval thead'), /\b(mg|eg)\b/);
});

const sample = path.join(source, 'data/sample.pgn');
await check('the timeline folds transients as timeline --format jsonl does, in moves', async () => {
  const expected = jsonl(run(['timeline', '--format', 'jsonl', 'data/sample.pgn']))
    .map((r) => `${r.game} ${r.structure} ${r.holder} ${r.first_ply} ${r.last_ply}`);
  const got = await page.evaluate(async (base64) => {
    const { foldTimeline } = await import('./timeline.js');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const numbers = Array.from({ length: 300 }, (_, i) => i + 1);
    const games = await window.pawnkit.games(bytes, { game: numbers });
    return games.flatMap((g) => {
      const holders = g.fens.map((f, i) => (g.structure_by_ply[i] ? window.pawnkit.analyze(f).structure_side : ''));
      return foldTimeline(g.structure_by_ply, holders).map((r) => `${g.game} ${r.structure} ${r.holder} ${r.first_ply} ${r.last_ply}`);
    });
  }, fs.readFileSync(sample).toString('base64'));
  assert.ok(expected.length > 50);
  assert.deepEqual(got, expected);
  // A game of the sample with a transient: the page's words name moves, not plies.
  await openFile(sample);
  const game = jsonl(run(['timeline', '--format', 'jsonl', '--min-plies', '1', 'data/sample.pgn']))
    .filter((r) => r.plies < 8).map((r) => r.game)[0];
  await page.$eval('#timeline', (e) => { e.textContent = ''; });
  await page.evaluate((n) => window.pawnkitPage.openGame(n, 0), game);
  await page.waitForFunction(() => document.getElementById('timeline').textContent.includes('at this move'));
  const words = await text('#timeline');
  const ranges = jsonl(run(['timeline', '--format', 'jsonl', 'data/sample.pgn'])).filter((r) => r.game === game);
  for (const r of ranges) assert.ok(words.includes(`${r.structure} (${r.holder[0].toUpperCase()}${r.holder.slice(1)}) move`), `${words} lacks ${r.structure}`);
  assert.doesNotMatch(words, /\bply\b|plies 0/);
});

await check('charts: every bar with its games, few greyed, the board\'s colours, an empty chart says why', async () => {
  const stats = JSON.parse(run(['stats', '--format', 'json', 'data/sample.pgn']));
  const bars = await page.$$eval('#chart-structures tr[data-bar]', (rows) => rows.map((r) => ({
    label: r.dataset.bar, games: Number(r.dataset.games), few: r.classList.contains('few'), text: r.textContent,
    fill: r.querySelectorAll('rect').length ? r.querySelectorAll('rect')[1].getAttribute('fill') : null })));
  const expected = [];
  for (const [name, s] of Object.entries(stats.structures))
    for (const side of ['white', 'black']) {
      const n = s[side].wins + s[side].draws + s[side].losses;
      if (n) expected.push(`${name} (${side === 'white' ? 'White' : 'Black'} holds) ${n}`);
    }
  assert.deepEqual(bars.map((b) => `${b.label} ${b.games}`).sort(), expected.sort());
  const colours = await page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    return [css.getPropertyValue('--white').trim(), css.getPropertyValue('--black').trim()];
  });
  for (const b of bars) {
    assert.match(b.text, new RegExp(`${b.games} games?`));
    assert.equal(b.few, b.games < 10, b.label);
    // A row from too few games draws no bar; the others in the board's colours.
    assert.equal(b.fill, b.few ? null : b.label.includes('White holds') ? colours[0] : colours[1], b.label);
    if (b.few) assert.match(b.text, /no bar: too few games.*too few to judge/);
  }
  assert.ok(bars.some((b) => b.few) && bars.some((b) => !b.few));
  assert.equal(await page.$$eval('#coach-charts .empty-chart', (e) => e.length), 0);
  // Two games without ratings: no structure held, no expected score; each chart says why.
  const unrated = path.join(tmp, 'unrated.pgn');
  fs.writeFileSync(unrated, '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n');
  await openFile(unrated);
  await page.waitForFunction(() => document.querySelector('#chart-expected .empty-chart'));
  assert.match(await text('#chart-expected .empty-chart'), /Elo rating/);
  assert.match(await text('#chart-structures .empty-chart'), /No named structure was held for 8 plies/);
});

const catalogue = run(['structures']).trim().split('\n').map((l) => l.split(/\s+/)[0]);
await check('structure pages: the 28 of the catalogue, diagram, plans, breaks, your games', async () => {
  await openFile(sample);
  assert.equal(catalogue.length, 28);
  assert.deepEqual((await page.$$eval('#structure-list button', (bs) => bs.map((b) => b.dataset.structure))).sort(), [...catalogue].sort());
  const notes = await page.evaluate(async () => (await import('./structure-notes.js')).NOTES);
  for (const id of catalogue) {
    const n = notes[id];
    assert.ok(n && n.plans.length === 2 && n.plans.every((p) => p.length > 60), id);
    // Every break is a pawn move: one or two squares forward, or a capture one file over.
    for (const [from, to, side] of n.breaks) {
      const df = Math.abs(from.charCodeAt(0) - to.charCodeAt(0)), dr = (Number(to[1]) - Number(from[1])) * (side === 'w' ? 1 : -1);
      assert.ok((df === 0 && (dr === 1 || dr === 2)) || (df === 1 && dr === 1), `${id}: ${from}-${to}`);
    }
  }
  // The IQP page: d5 the blockade square, d4-d5 the break, and the games of the sample.
  await page.click('#structure-list button[data-structure="iqp"]');
  await page.waitForSelector('#structure-page [data-your-games]', { timeout: 30000 });
  assert.equal(await page.$eval('#structure-page [data-key-square="d5"]', (r) => r.dataset.role), 'blockade');
  assert.ok(await page.$('#structure-page [data-arrow="d4d5"]'));
  assert.match(await text('#structure-page'), /blockade/);
  const held = jsonl(run(['find', '--where', 'structure == "iqp"', '--min-plies', '8', 'data/sample.pgn']));
  const games = new Set(held.map((h) => h.game));
  assert.equal(Number(await page.$eval('[data-your-games]', (e) => e.dataset.yourGames)), games.size);
  const white = [...games].filter((g) => held.find((h) => h.game === g).structure_side === 'white').length;
  assert.match(await page.$eval('#structure-page li[data-holder="white"]', (e) => e.textContent), new RegExp(`held by White: ${white} game`));
  assert.match(await text('#structure-page'), /too few to give a score/);
  // A reversed example (the catalogue's Carlsbad is held by Black): drawn as the rule is written.
  await page.click('#structure-list button[data-structure="carlsbad"]');
  await page.waitForFunction(() => document.getElementById('structure-page').textContent.includes('Carlsbad') &&
    document.querySelector('#your-games').dataset.done === 'true');
  assert.ok(await page.$('#structure-page [data-arrow="b4b5"]'));
  assert.match(await text('#structure-page figcaption'), /colours reversed/);
  // The page's position onto the analysis board: the catalogue's FEN, the named structure.
  await page.click('#structure-to-board');
  const carlsbad = fs.readFileSync(path.join(source, 'docs/structures.md'), 'utf8')
    .split('### `carlsbad`')[1].match(/^Positive, a real game: .*: `([^`]+)`/m)[1];
  await page.waitForFunction((f) => document.getElementById('fen').value === f, { timeout: 10000 }, carlsbad);
  assert.equal(await text('#structure'), 'carlsbad');
});

await check('games by structure: #games one row per game at its first move, as find --min-plies 8', async () => {
  await page.select('#pick-structure', 'french-advance');
  const hits = jsonl(run(['find', '--where', 'structure == "french-advance"', '--min-plies', '8', 'data/sample.pgn']));
  const first = new Map();
  for (const h of hits) if (!first.has(h.game)) first.set(h.game, h.ply);
  await page.waitForFunction((n) => document.querySelectorAll('#games tbody tr').length === n, { timeout: 30000 }, first.size);
  const rows = await page.$$eval('#games tbody tr', (trs) => trs.map((t) => [Number(t.dataset.game), Number(t.dataset.ply), t.textContent]));
  assert.deepEqual(rows.map(([g, p]) => [g, p]).sort((a, b) => a[0] - b[0]), [...first.entries()].sort((a, b) => a[0] - b[0]));
  for (const [, ply, t] of rows) assert.ok(t.includes(`move ${Math.ceil(ply / 2)}`), t);
  // Sortable: by year, then again the other way.
  await page.click('#games [data-sort="year"]');
  const years = await page.$$eval('#games tbody tr td:nth-child(6)', (tds) => tds.map((t) => Number(t.textContent) || 0));
  assert.deepEqual(years, [...years].sort((a, b) => a - b));
  await page.click('#games [data-sort="year"]');
  const down = await page.$$eval('#games tbody tr td:nth-child(6)', (tds) => tds.map((t) => Number(t.textContent) || 0));
  assert.deepEqual(down, [...years].sort((a, b) => b - a));
  // Filters: the speed as Lichess names it (base + 40 x increment: under 180 s bullet, 480
  // blitz, 1500 rapid), both players' ratings; from the PGN's own tags, read here.
  const tags = fs.readFileSync(sample, 'utf8').split(/^(?=\[Event )/m).filter((t) => t.startsWith('[Event ')).map((t) => ({
    tc: (t.match(/^\[TimeControl "([^"]*)"\]/m) || [])[1], w: Number((t.match(/^\[WhiteElo "(\d+)"\]/m) || [])[1]), b: Number((t.match(/^\[BlackElo "(\d+)"\]/m) || [])[1]) }));
  assert.equal(tags.length, 300);
  const speed = (tc) => { const [base, inc] = tc.split('+').map(Number); const e = base + 40 * (inc || 0); return e < 30 ? 'ultraBullet' : e < 180 ? 'bullet' : e < 480 ? 'blitz' : e < 1500 ? 'rapid' : 'classical'; };
  // Lichess's own examples (its FAQ: estimated duration = base + 40 x increment), then every
  // time control of the sample against the rule computed here.
  const cases = { '120+1': 'bullet', '180+2': 'blitz', '300+3': 'blitz', '480+0': 'rapid', '420+5': 'rapid',
    '900+10': 'rapid', '1500+0': 'classical', '60+0': 'bullet', '15+0': 'ultraBullet', '0+1': 'bullet', '-': 'correspondence' };
  for (const tc of new Set(tags.map((t) => t.tc).filter((t) => /^\d+\+\d+$/.test(t)))) cases[tc] ||= speed(tc);
  const speeds = await page.evaluate(async (tcs) => {
    const { speedOf } = await import('./coach.js');
    return Object.fromEntries(tcs.map((tc) => [tc, speedOf(tc)]));
  }, Object.keys(cases));
  assert.deepEqual(speeds, cases);
  const shownGames = () => page.$$eval('#games tbody tr', (trs) => trs.map((t) => Number(t.dataset.game)).sort((a, b) => a - b));
  const all = [...first.keys()].sort((a, b) => a - b);
  await page.select('#pick-speed', 'blitz');
  assert.deepEqual(await shownGames(), all.filter((g) => speed(tags[g - 1].tc) === 'blitz'));
  assert.ok((await shownGames()).length > 0 && (await shownGames()).length < all.length);
  assert.match(await text('#pick-count'), /pass the filters/);
  await page.select('#pick-speed', '');
  await page.type('#pick-elo', '1800');
  assert.deepEqual(await shownGames(), all.filter((g) => tags[g - 1].w >= 1800 && tags[g - 1].b >= 1800));
  await page.$eval('#pick-elo', (e) => { e.value = ''; e.dispatchEvent(new Event('input')); });
  assert.deepEqual(await shownGames(), all);
  // A row opens its game at the structure's first position.
  const [game, ply] = await page.$eval('#games tbody tr', (t) => [Number(t.dataset.game), Number(t.dataset.ply)]);
  await page.click('#games tbody tr .open-game');
  const fen = hits.find((h) => h.game === game && h.ply === ply).fen;
  await page.waitForFunction((f) => document.getElementById('fen').value === f, { timeout: 10000 }, fen);
});

await check('export: 304 games in files of at most 64 chapters the CLI reads back, each at its move', async () => {
  const big = path.join(tmp, 'sample-x16.pgn');
  const one = fs.readFileSync(sample, 'utf8');
  fs.writeFileSync(big, Array.from({ length: 16 }, () => one).join('\n'));
  await openFile(big);
  await page.select('#pick-structure', 'french-advance');
  await page.waitForFunction(() => /held french-advance/.test(document.getElementById('pick-count').textContent), { timeout: 60000 });
  const picked = await page.$$eval('#games tbody tr', (trs) => trs.map((t) => [Number(t.dataset.game), Number(t.dataset.ply)]));
  assert.ok(picked.length >= 300, `${picked.length} games`);
  await page.click('#export-study');
  await page.waitForSelector('#export-links a', { timeout: 120000 });
  const files = await page.$$eval('#export-links a', (as) => Promise.all(as.map(async (a) =>
    ({ name: a.download, chapters: Number(a.dataset.chapters), text: await (await fetch(a.href)).text() }))));
  assert.equal(files.length, Math.ceil(picked.length / 64));
  assert.equal(files.reduce((n, f) => n + f.chapters, 0), picked.length);
  const fensOfSample = new Map();
  for (const r of jsonl(run(['analyze', '--format', 'jsonl', 'data/sample.pgn']))) fensOfSample.set(`${r.game} ${r.ply}`, r.fen);
  let k = 0, reversed = 0;
  for (const f of files) {
    assert.ok(f.chapters <= 64);
    const file = path.join(tmp, f.name);
    fs.writeFileSync(file, f.text);
    const records = jsonl(run(['analyze', '--format', 'jsonl', file])); // exits non-zero on a bad game
    const starts = records.filter((r) => r.ply === 0);
    assert.equal(starts.length, f.chapters, f.name);
    const comments = [...f.text.matchAll(/\{french-advance, held by (white|black), arose at move (\d+) \(ply (\d+)\) of game (\d+)\.(.*?)\}/g)];
    assert.equal(comments.length, f.chapters);
    starts.forEach((r, i) => {
      const [game, ply] = picked[k++];
      assert.equal(Number(comments[i][4]), game);
      assert.equal(Number(comments[i][3]), ply);
      assert.equal(Number(comments[i][2]), Math.ceil(ply / 2));
      assert.match(comments[i][5], /\[%csl [GRY][a-h][1-8](,[GRY][a-h][1-8])*\] \[%cal [GR][a-h][1-8][a-h][1-8]/);
      // The marks follow the holder: Black's ...c7-c5 against White's chain, the holder's f4-f5
      // (green); mirrored when Black holds the chain (c2-c4 against it, ...f5-f4).
      const holder = comments[i][1];
      assert.match(comments[i][5], holder === 'white' ? /Rc7c5.*Gf4f5|Gf4f5.*Rc7c5/ : /Rc2c4.*Gf5f4|Gf5f4.*Rc2c4/, `${holder}: ${comments[i][5]}`);
      if (holder === 'black') ++reversed;
      // The chapter opens where the structure arose: that ply's position of the original game.
      assert.equal(r.fen, fensOfSample.get(`${((game - 1) % 300) + 1} ${ply}`), `game ${game} ply ${ply}`);
      assert.equal(r.structure, 'french-advance');
    });
  }
  assert.equal(k, picked.length);
  assert.ok(reversed > 0, 'some games hold the chain with Black');
});

if (process.env.PAWNKIT_SCREENSHOTS) {
  await check('screenshots: a structure page and the games list, laptop and phone', async () => {
    const dir = process.env.PAWNKIT_SCREENSHOTS;
    fs.mkdirSync(dir, { recursive: true });
    await openFile(sample);
    for (const [name, width, height] of [['laptop', 1366, 768], ['phone', 375, 812]]) {
      await page.setViewport({ width, height });
      await enterFen(hedgehog);
      await (await page.$('.board-area')).screenshot({ path: path.join(dir, `board-marks-${name}.png`) });
      await page.click('#structure-list button[data-structure="iqp"]');
      await page.waitForSelector('#structure-page [data-your-games]', { timeout: 30000 });
      await page.waitForSelector('#structure-explorer[data-state="done"]', { timeout: 60000 });
      await page.$eval('#structure-page', (e) => e.scrollIntoView());
      await page.screenshot({ path: path.join(dir, `structure-page-${name}.png`) });
      await page.select('#pick-structure', 'iqp');
      await page.waitForFunction(() => /held iqp/.test(document.getElementById('pick-count').textContent), { timeout: 30000 });
      await page.$eval('#pick-title', (e) => e.scrollIntoView());
      await page.screenshot({ path: path.join(dir, `games-list-${name}.png`) });
    }
  });
}

await browser.close();
server.close();
checks.finish('coach');
