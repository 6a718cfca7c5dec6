// Search by picking, links to a game and the structure pages' model games, in headless
// Chromium against the CLI (docs/coach-page.md): the search mask's games for
// each match mode against `pawnkit find --where` (the first matching position of each
// game, written in the query language) and `pawnkit explore --match` on an index of the
// same file (its game count, results and model games); a link with game=N opening game N
// at its move once the file is opened; the model games of a structure page. Screenshots
// of the search in docs/screenshots/ when PAWNKIT_SCREENSHOTS names that folder. Exit
// status 77 when puppeteer-core is missing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newChecks, openPage, startBrowserTest } from './harness.mjs';

const { source, run, server, url, browser } = await startBrowserTest();
const jsonl = (text) => text.trim().split('\n').filter((l) => l).map((l) => JSON.parse(l));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-search-'));
const sample = path.join(source, 'data/sample.pgn');

const checks = newChecks();
const { check } = checks;
const page = await openPage(browser, url, 1366, 768, checks);
const text = (p, selector) => p.$eval(selector, (e) => e.textContent);
async function enterFen(p, fen) {
  await p.$eval('#fen', (e) => { e.value = ''; });
  await p.type('#fen', fen);
  await p.keyboard.press('Enter');
}
async function openFile(p, file) {
  await p.waitForFunction(() => document.getElementById('work').hidden, { timeout: 60000 });
  await p.$eval('#stats-json', (e) => { e.textContent = ''; });
  await (await p.$('#pgn-file')).uploadFile(file);
  await p.waitForFunction(() => document.getElementById('stats-json').textContent.length > 0, { timeout: 120000 });
}

// The CLI's index of the sample, for explore.
const index = path.join(tmp, 'sample-index');
run(['index', 'add', index, 'data/sample.pgn']);
const explore = (fen, match) => JSON.parse(run(['explore', '--index', index, '--format', 'json', '--games', '10', '--match', match, fen]));
// Every position of the sample, for the query's sets.
const pawnsOf = (fen) => {
  const out = { white: [], black: [] };
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let f = 0;
    for (const c of row) {
      if (/\d/.test(c)) f += Number(c);
      else { if (c === 'P') out.white.push('abcdefgh'[f] + (8 - i)); if (c === 'p') out.black.push('abcdefgh'[f] + (8 - i)); ++f; }
    }
  });
  return out;
};
const set = (squares) => `{${squares.join(',')}}`;
const CENTRE = '(file(c) | file(d) | file(e) | file(f))';
// The match modes written in find's query language (docs/query.md), independently of the
// page's C++ (index/keys.hpp); structure: the named structure of the pawns, held by the same side.
function whereOf(fen, match, named) {
  const p = pawnsOf(fen);
  if (match === 'exact') return `white.pawns == ${set(p.white)} and black.pawns == ${set(p.black)}`;
  if (match === 'center') {
    const c = (sq) => 'cdef'.includes(sq[0]);
    return `white.pawns & ${CENTRE} == ${set(p.white.filter(c))} and black.pawns & ${CENTRE} == ${set(p.black.filter(c))}`;
  }
  return `structure == "${named.structure}" and structure_side == ${named.structure_side}`;
}
// find's first hit of each game: game -> ply.
function firstHits(where) {
  const first = new Map();
  for (const h of jsonl(run(['find', '--where', where, 'data/sample.pgn']))) if (!first.has(h.game)) first.set(h.game, h.ply);
  return first;
}
const tally = (rows) => ({ white: rows.filter((r) => r.result === '1-0').length, draws: rows.filter((r) => r.result === '1/2-1/2').length,
  black: rows.filter((r) => r.result === '0-1').length });

async function searchMask(match) {
  await page.select('#mask-match', match);
  await page.$eval('#pick-count', (e) => { e.textContent = ''; });
  await page.click('#mask-search');
  await page.waitForFunction(() => /reached the mask's pawns/.test(document.getElementById('pick-count').textContent) ||
    document.getElementById('mask-error').textContent, { timeout: 60000 });
  return page.$$eval('#games tbody tr', (trs) => trs.map((t) => ({ game: Number(t.dataset.game), ply: Number(t.dataset.ply), text: t.textContent })));
}

await openFile(page, sample);

// The explorer's example (docs/explorer.md): White's IQP; a Carlsbad; the French advance
// chain; Black's IQP (a structure held by Black).
const positions = [
  'r1bq1rk1/pp2bppp/2n1pn2/8/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10',
  'r2q1rk1/pp2bppp/2p2n2/3p4/3P4/2N1PN2/PP3PPP/R2Q1RK1 w - - 0 12',
  'rnbqkbnr/pp3ppp/4p3/2ppP3/3P4/8/PPP2PPP/RNBQKBNR w KQkq - 0 4',
  'r1bq1rk1/pp3ppp/2n2n2/3p4/8/2N1PN2/PP3PPP/R1BQ1RK1 w - - 0 10',
];
await check('search mask: each match mode\'s games are find\'s first hits and explore --match\'s counts', async () => {
  let seen = 0;
  for (const fen of positions) {
    await enterFen(page, fen);
    await page.click('#mask-from-board');
    const squares = await page.$$eval('#mask [data-mask-square]', (bs) => bs.filter((b) => b.dataset.piece).map((b) => b.dataset.maskSquare + b.dataset.piece));
    const p = pawnsOf(fen);
    assert.deepEqual(squares.sort(), [...p.white.map((s) => `${s}P`), ...p.black.map((s) => `${s}p`)].sort(), 'the board\'s pawns in the mask');
    const named = explore(fen, 'exact'); // its structure: that of the pawns, as in a middlegame
    assert.ok(named.structure, fen);
    for (const match of ['exact', 'center', 'structure']) {
      const rows = await searchMask(match);
      const first = firstHits(whereOf(fen, match, named));
      assert.deepEqual(rows.map((r) => [r.game, r.ply]).sort((a, b) => a[0] - b[0]), [...first.entries()].sort((a, b) => a[0] - b[0]), `${match} ${fen}`);
      const answer = explore(fen, match);
      assert.equal(rows.length, answer.games, `explore's games, ${match} ${fen}`);
      const results = await page.$$eval('#games tbody tr td:nth-child(5)', (tds) => tds.map((t) => ({ result: t.textContent })));
      assert.deepEqual(tally(results), { white: answer.white, draws: answer.draws, black: answer.black }, `explore's score, ${match}`);
      for (const m of answer.model_games) assert.equal(first.get(m.game), m.first_ply, `model game ${m.game}, ${match}`);
      for (const r of rows) assert.ok(r.text.includes(`move ${Math.ceil(r.ply / 2)} (ply ${r.ply})`), r.text);
      if (rows.length) assert.match(await text(page, '#pick-count'), new RegExp(`^${rows.length} games? reached the mask's pawns \\(match: ${match}`));
      seen += rows.length;
    }
  }
  assert.ok(seen > 20, `${seen} rows in all: the check compares something`);
});

await check('speeds: the games list names each time control\'s speed as explore does', async () => {
  // explore's model games carry the C++ speed of their TimeControl (index/game_info.cpp).
  const pairs = new Map();
  for (const fen of positions)
    for (const match of ['exact', 'center', 'structure'])
      for (const m of explore(fen, match).model_games) pairs.set(m.time_control, m.speed);
  assert.ok(pairs.size >= 5, [...pairs.keys()].join(' '));
  const page_ = await page.evaluate(async (tcs) => {
    const { speedOf } = await import('./coach.js');
    return Object.fromEntries(tcs.map((tc) => [tc, speedOf(tc)]));
  }, [...pairs.keys()]);
  assert.deepEqual(page_, Object.fromEntries(pairs));
  const options = await page.$$eval('#pick-speed option', (os) => os.map((o) => o.value).filter((v) => v));
  assert.deepEqual(options, ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence']);
});

await check('search mask: clicks cycle a square; pawns with no structure under "named structure" give explore\'s message', async () => {
  await page.click('#mask-clear');
  const cycle = [];
  for (let i = 0; i < 3; ++i) {
    await page.click('#mask [data-mask-square="e4"]');
    cycle.push(await page.$eval('#mask [data-mask-square="e4"]', (b) => b.dataset.piece));
  }
  assert.deepEqual(cycle, ['P', 'p', '']);
  assert.ok(await page.$eval('#mask [data-mask-square="e8"]', (b) => b.disabled), 'no pawn on the last rank');
  await page.click('#mask [data-mask-square="e4"]');
  await page.select('#mask-match', 'structure');
  await page.click('#mask-search');
  await page.waitForFunction(() => document.getElementById('mask-error').textContent, { timeout: 30000 });
  let cli = '';
  try { run(['explore', '--index', index, '--match', 'structure', '8/8/8/8/4P3/8/8/8 w - - 0 1']); } catch (e) { cli = e.stderr; }
  assert.equal(`pawnkit: explore: ${await text(page, '#mask-error')}\n`, cli);
  // A mask of one pawn, exact: the games where e4 was the only pawn (none in the sample).
  const rows = await searchMask('exact');
  assert.equal(rows.length, firstHits('white.pawns == {e4} and black.pawns == {}').size);
});

await check('search mask: the games list filters, sorts and exports its rows', async () => {
  await enterFen(page, positions[0]);
  await page.click('#mask-from-board');
  const rows = await searchMask('center');
  assert.ok(rows.length > 1);
  // Numbers going down: the heading clicked until it says so.
  for (let i = 0; i < 3 && await page.$eval('#games [data-sort="game"]', (b) => b.closest('th').getAttribute('aria-sort')) !== 'descending'; ++i)
    await page.click('#games [data-sort="game"]');
  const order = await page.$$eval('#games tbody tr', (trs) => trs.map((t) => Number(t.dataset.game)));
  assert.deepEqual(order, [...order].sort((a, b) => b - a));
  await page.click('#export-study');
  await page.waitForSelector('#export-links a', { timeout: 60000 });
  const files = await page.$$eval('#export-links a', (as) => Promise.all(as.map(async (a) => ({ name: a.download, text: await (await fetch(a.href)).text() }))));
  assert.equal(files.length, 1);
  const file = path.join(tmp, files[0].name);
  fs.writeFileSync(file, files[0].text);
  const starts = jsonl(run(['analyze', '--format', 'jsonl', file])).filter((r) => r.ply === 0);
  const fens = new Map(jsonl(run(['analyze', '--format', 'jsonl', 'data/sample.pgn'])).map((r) => [`${r.game} ${r.ply}`, r.fen]));
  const byGame = new Map(rows.map((r) => [r.game, r.ply]));
  assert.deepEqual(starts.map((r) => r.fen), order.map((g) => fens.get(`${g} ${byGame.get(g)}`)), 'each chapter opens at its row\'s position');
});

await check('links: #game=N&ply=M opens game N at ply M once the file is opened; the page\'s own link too', async () => {
  const fens = new Map(jsonl(run(['analyze', '--format', 'jsonl', 'data/sample.pgn'])).map((r) => [`${r.game} ${r.ply}`, r.fen]));
  const linked = await openPage(browser, `${url}#game=48&ply=39`, 1366, 768, checks);
  await openFile(linked, sample);
  await linked.waitForFunction((f) => document.getElementById('fen').value === f, { timeout: 30000 }, fens.get('48 39'));
  assert.match(await text(linked, '#game-title'), /^Game 48:/);
  assert.equal(await linked.$eval('#moves .move.current', (b) => Number(b.dataset.ply)), 39);
  // The address the page writes now carries the game, its line and the ply: a new page
  // opened with it shows the line at once, and the game from the file once it is opened.
  await linked.click('#prev');
  await linked.click('#prev');
  const address = await linked.evaluate(() => location.href);
  assert.match(address, /[#&]game=48&.*ply=37/);
  const again = await openPage(browser, address, 1366, 768, checks);
  assert.equal(await again.$eval('#fen', (e) => e.value), fens.get('48 37'));
  await openFile(again, sample);
  await again.waitForFunction(() => /^Game 48:/.test(document.getElementById('game-title').textContent), { timeout: 30000 });
  assert.equal(await again.$eval('#fen', (e) => e.value), fens.get('48 37'));
  // A link pasted while the file is open opens at once; a game the file does not have says so.
  await again.evaluate(() => { location.hash = '#game=7&ply=10'; });
  await again.waitForFunction((f) => document.getElementById('fen').value === f, { timeout: 30000 }, fens.get('7 10'));
  await again.evaluate(() => { location.hash = '#game=9999&ply=3'; });
  await again.waitForFunction(() => /no game 9999/.test(document.getElementById('moves-error').textContent), { timeout: 30000 });
  await linked.close();
  await again.close();
});

await check('structure pages: model games, best-rated first, open at the ply the structure arose', async () => {
  const held = jsonl(run(['find', '--where', 'structure == "iqp"', '--min-plies', '8', 'data/sample.pgn']));
  const first = new Map();
  for (const h of held) if (!first.has(h.game)) first.set(h.game, h.ply);
  // The ratings from the file itself.
  const games = fs.readFileSync(sample, 'utf8').split(/^(?=\[Event )/m).filter((t) => t.startsWith('[Event '));
  const elo = (g, side) => Number((games[g - 1].match(new RegExp(`^\\[${side}Elo "(\\d+)"\\]`, 'm')) || [])[1]) || 0;
  const mean = (g) => (elo(g, 'White') && elo(g, 'Black') ? (elo(g, 'White') + elo(g, 'Black')) / 2 : 0);
  const expected = [...first.keys()].sort((a, b) => mean(b) - mean(a) || a - b).slice(0, 10);
  await page.click('#structure-list button[data-structure="iqp"]');
  await page.waitForSelector('#model-games li[data-game]', { timeout: 30000 });
  const models = await page.$$eval('#model-games li[data-game]', (ls) => ls.map((l) => [Number(l.dataset.game), Number(l.dataset.ply)]));
  assert.deepEqual(models, expected.map((g) => [g, first.get(g)]));
  await page.click('#model-games li[data-game] button');
  const fen = held.find((h) => h.game === expected[0] && h.ply === first.get(expected[0])).fen;
  await page.waitForFunction((f) => document.getElementById('fen').value === f, { timeout: 10000 }, fen);
});

await check('structure notes: outposts no pawn of both sides attacks, blockades in front of a pawn, the chapter named', async () => {
  const { NOTES } = await page.evaluate(async () => ({ NOTES: (await import('./structure-notes.js')).NOTES }));
  const md = fs.readFileSync(path.join(source, 'docs/structures.md'), 'utf8');
  const chapters = new Map([...md.matchAll(/^\| \d+ \| `([^`]+)` \| (?:White|Black) \| ([^|]+) \|/gm)].map((m) => [m[1], m[2].trim()]));
  assert.equal(chapters.size, 28);
  const F = 'abcdefgh';
  for (const section of md.split(/^### /m).slice(1)) {
    const id = section.match(/^`([^`]+)`/)[1];
    // The catalogue's own position, turned as the rule is written (as the page's diagram).
    const written = section.match(/^written for (White|Black)/m)[1].toLowerCase();
    const [, holder, fen] = section.match(/^Positive, a real game: .*? \(held by (white|black)\): `([^`]+)`/m);
    let pawns = pawnsOf(fen);
    if (holder !== written) {
      const m = (sq) => sq[0] + (9 - Number(sq[1]));
      pawns = { white: pawns.black.map(m), black: pawns.white.map(m) };
    }
    const attacks = (side, sq) => pawns[side].some((p) => Math.abs(F.indexOf(p[0]) - F.indexOf(sq[0])) === 1 &&
      Number(sq[1]) - Number(p[1]) === (side === 'white' ? 1 : -1));
    for (const [sq, role] of NOTES[id].squares) {
      if (role === 'outpost') assert.ok(!(attacks('white', sq) && attacks('black', sq)), `${id}: ${sq} is attacked by pawns of both sides`);
      if (role === 'blockade') {
        assert.ok(pawns.white.includes(sq[0] + (Number(sq[1]) - 1)) || pawns.black.includes(sq[0] + (Number(sq[1]) + 1)), `${id}: ${sq} stops no pawn`);
      }
    }
    // The page names the chapter the note follows: the catalogue's "Flores Rios" column.
    assert.ok(chapters.has(id), id);
  }
  await page.click('#structure-list button[data-structure="hedgehog"]');
  await page.waitForFunction(() => document.querySelector('#structure-page .source'));
  assert.match(await text(page, '#structure-page .source'), new RegExp(`chapter “${chapters.get('hedgehog')}”`));
});

if (process.env.PAWNKIT_SCREENSHOTS) {
  await check('screenshots: the search mask with its games, laptop and phone', async () => {
    const dir = process.env.PAWNKIT_SCREENSHOTS;
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, width, height] of [['laptop', 1366, 768], ['phone', 375, 812]]) {
      await page.setViewport({ width, height });
      await enterFen(page, positions[0]);
      await page.click('#mask-from-board');
      await searchMask('structure');
      await page.$eval('#pick-title', (e) => e.scrollIntoView());
      await page.screenshot({ path: path.join(dir, `search-mask-${name}.png`) });
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, 'no sideways scroll');
    }
  });
}

await browser.close();
server.close();
checks.finish('search');
