// The structure pages' explorer part, the index's progress bar and the served/opened-files
// switch (docs/web.md), run by explorer_test.mjs on its pages: a structure page's two
// holders against `pawnkit explore --match structure --format json` on the CLI's index of
// the same games (offline and served), its honest counts against `find --min-plies 8` and
// explore's game count, the bar of a file's reading and indexing (rising only, bytes of
// the total, hidden after), Cancel while indexing, and the switch choosing the opened
// files' index or the server's.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

// The catalogue's real position for a structure (docs/structures.md) and its holder.
export function catalogueEntry(source, id) {
  const section = fs.readFileSync(path.join(source, 'docs/structures.md'), 'utf8').split(`### \`${id}\``)[1];
  const m = section.match(/^Positive, a real game: .*? \(held by (white|black)\): `([^`]+)`/m);
  return { holder: m[1], fen: m[2] };
}

// The same position with the colours reversed: ranks mirrored, White's pieces Black's.
export function colourReversed(fen) {
  const [placement, side] = fen.split(' ');
  const rows = placement.split('/').reverse().map((r) => r.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())));
  return `${rows.join('/')} ${side === 'w' ? 'b' : 'w'} - - 0 1`;
}

// A FEN's pieces by square.
export function squares(fen) {
  const out = {};
  fen.split(' ')[0].split('/').forEach((r, i) => {
    let f = 0;
    for (const ch of r) {
      if (/\d/.test(ch)) f += Number(ch);
      else out['abcdefgh'[f++] + (8 - i)] = ch;
    }
  });
  return out;
}

// What a structure page's part for `holder` shows, from its DOM hooks.
function sideState(page, holder) {
  return page.$eval(`#structure-explorer [data-holder="${holder}"]`, (e) => ({
    games: Number(e.dataset.games), white: Number(e.dataset.white), draws: Number(e.dataset.draws), black: Number(e.dataset.black),
    count: e.querySelector('.explorer-total strong').textContent,
    moves: [...e.querySelectorAll('tr[data-uci]')].map((r) => ({
      uci: r.dataset.uci, games: Number(r.dataset.games), white: Number(r.dataset.white), draws: Number(r.dataset.draws), black: Number(r.dataset.black),
    })),
    faded: [...e.querySelectorAll('.explorer-bar')].map((b) => b.classList.contains('few')),
    models: [...e.querySelectorAll('.explorer-models li')].map((li) => ({
      game: Number(li.dataset.game), id: Number(li.dataset.id), ply: Number(li.dataset.ply), text: li.textContent,
    })),
  }));
}

// The structure page of `id` shown, its explorer part answered from `sourceName`.
async function showStructure(page, id, sourceName) {
  await page.click(`#structure-list button[data-structure="${id}"]`);
  await page.waitForFunction((s) => {
    const e = document.getElementById('structure-explorer');
    return e && e.dataset.state === 'done' && e.dataset.source === s;
  }, { timeout: 60000 }, sourceName);
}

// Both holders of the page equal the CLI's explore on the position each holds it in.
async function expectStructurePage(page, entry, cliExplore, what) {
  const fens = { [entry.holder]: entry.fen, [entry.holder === 'white' ? 'black' : 'white']: colourReversed(entry.fen) };
  const answers = {};
  for (const holder of ['white', 'black']) {
    const cli = cliExplore(fens[holder], ['--match', 'structure']);
    assert.equal(cli.structure_side, holder, `${what}: the CLI's answer is for ${holder}`);
    const shown = await sideState(page, holder);
    assert.equal(shown.games, cli.games, `${what} ${holder}: games`);
    assert.equal(shown.count, `${cli.games} game${cli.games === 1 ? '' : 's'} reached it`, `${what} ${holder}: the count's words`);
    for (const k of ['white', 'draws', 'black']) assert.equal(shown[k], cli[k], `${what} ${holder}: ${k}`);
    assert.deepEqual(shown.moves, cli.moves.map((m) => ({ uci: m.uci, games: m.games, white: m.white, draws: m.draws, black: m.black })),
      `${what} ${holder}: the moves that changed it`);
    assert.deepEqual(shown.models.map((m) => [m.game, m.id, m.ply]), cli.model_games.map((g) => [g.game, g.id, g.first_ply]),
      `${what} ${holder}: model games`);
    // The total's bar and each move's: faded under 10 games (too few to judge).
    assert.deepEqual(shown.faded, [cli.games, ...cli.moves.map((m) => m.games)].map((n) => n < 10), `${what} ${holder}: faded bars`);
    shown.models.forEach((m, i) => {
      for (const part of [cli.model_games[i].white, cli.model_games[i].black, cli.model_games[i].result])
        assert.ok(m.text.includes(part), `${what} ${holder}: model game ${i + 1} shows '${part}'`);
    });
    answers[holder] = cli;
  }
  return answers;
}

// Games that held `id` 8 plies in a row, by holder: find --min-plies 8, its first hit per game.
function heldByHolder(run, file, id) {
  const lines = run(['find', '--where', `structure == "${id}"`, '--min-plies', '8', file]).trim().split('\n').filter((l) => l);
  const first = new Map();
  for (const l of lines) {
    const h = JSON.parse(l);
    if (!first.has(h.game)) first.set(h.game, h.structure_side);
  }
  const out = { white: 0, black: 0 };
  for (const side of first.values()) ++out[side];
  return out;
}

export async function offlineStructureChecks({ check, page, source, run, sample, cliExplore }) {
  const entry = catalogueEntry(source, 'iqp');
  let answers = null;
  await check('offline: the IQP page shows the explorer for both holders, as explore --match structure', async () => {
    await showStructure(page, 'iqp', 'files');
    answers = await expectStructurePage(page, entry, cliExplore, 'iqp page');
    assert.ok(answers.white.games > 0 && answers.black.games > 0, 'the sample has IQPs of both sides');
  });

  await check('offline: honest counts: held 8 plies and reached, each named, per holder', async () => {
    assert.ok(answers, 'the page was drawn');
    await page.waitForSelector('#your-games li[data-holder][data-reached]', { timeout: 30000 });
    const held = heldByHolder(run, sample, 'iqp');
    for (const holder of ['white', 'black']) {
      const li = await page.$eval(`#your-games li[data-holder="${holder}"]`, (e) => ({ held: Number(e.dataset.held), reached: Number(e.dataset.reached), text: e.textContent }));
      assert.equal(li.held, held[holder], `${holder}: held 8 plies, as find --min-plies 8`);
      assert.equal(li.reached, answers[holder].games, `${holder}: reached, as explore`);
      assert.ok(li.held <= li.reached, `${holder}: held is part of reached`);
      const side = holder === 'white' ? 'White' : 'Black';
      assert.match(li.text, new RegExp(`^held by ${side}: ${li.held} games? for 8 plies in a row or more \\(of the ${li.reached} that reached it\\)`));
    }
    const words = await page.$eval('#your-games p', (e) => e.textContent);
    const all = answers.white.games + answers.black.games;
    assert.match(words, new RegExp(`^${held.white + held.black} games held it for 8 plies \\(4 moves\\) in a row or more\\. ` +
      `The explorer above counts every game that reached it, even for one move: ${all} \\(${answers.white.games} held by White, ${answers.black.games} by Black\\)`));
  });

  await check('offline: a structure page\'s model game opens where the structure arose', async () => {
    const g = answers.white.model_games[0];
    await page.click(`#structure-explorer [data-holder="white"] .explorer-models li[data-id="${g.id}"] button`);
    await page.waitForFunction((n, p) => {
      const q = new URLSearchParams(location.hash.slice(1));
      return q.get('game') === String(n) && q.get('ply') === String(p);
    }, { timeout: 30000 }, g.game, g.first_ply);
    const here = JSON.parse(run(['analyze', '--format', 'jsonl', '-'], `${await page.$eval('#fen', (e) => e.value)}\n`));
    assert.deepEqual([here.structure, here.structure_side], ['iqp', 'white'], 'the IQP on the board');
    await page.click('#prev');
    await page.waitForFunction((p) => new URLSearchParams(location.hash.slice(1)).get('ply') === String(p - 1), { timeout: 5000 }, g.first_ply);
    const before = JSON.parse(run(['analyze', '--format', 'jsonl', '-'], `${await page.$eval('#fen', (e) => e.value)}\n`));
    assert.notDeepEqual([before.structure, before.structure_side], ['iqp', 'white'], 'one ply before it had not arisen');
  });

  await check('offline: a structure page\'s move row acts on the structure\'s position', async () => {
    const uci = answers.black.moves[0].uci;
    await page.click(`#structure-explorer [data-holder="black"] tr[data-uci="${uci}"] button`);
    const reversed = colourReversed(entry.fen);
    await page.waitForFunction((u, f) => document.querySelector(`#board svg.explorer-arrow[data-uci="${u}"]`) ||
      (document.getElementById('fen').value.split(' ')[0] !== f.split(' ')[0]), { timeout: 10000 }, uci, reversed);
    const arrow = await page.$(`#board svg.explorer-arrow[data-uci="${uci}"]`);
    const fen = await page.$eval('#fen', (e) => e.value);
    if (arrow) assert.equal(fen.split(' ')[0], reversed.split(' ')[0], 'not legal: the position, with the arrow');
    else {
      // Played: the structure's position with the piece moved.
      const expected = squares(reversed);
      expected[uci.slice(2, 4)] = expected[uci.slice(0, 2)];
      delete expected[uci.slice(0, 2)];
      assert.deepEqual(squares(fen), expected, `${uci} played on the structure's position`);
    }
  });
}

// The bar while a file is read and indexed, and Cancel while it indexes. `big`: a file that
// takes a second or more to index.
export async function progressChecks({ check, browser, url, openPage, checks, big }) {
  const p = await openPage(browser, url, 1366, 768, checks);
  const watch = () => p.evaluate(() => {
    window.bar = [];
    const bar = document.getElementById('progress'), text = document.getElementById('progress-text');
    const note = () => window.bar.push({ value: Number(bar.value), text: text.textContent, hidden: document.getElementById('work').hidden });
    new MutationObserver(note).observe(bar, { attributes: true, attributeFilter: ['value'] });
    new MutationObserver(note).observe(text, { childList: true, characterData: true, subtree: true });
  });
  await check('progress: reading and indexing under one bar, rising only, bytes of the total, hidden after', async () => {
    await watch();
    await (await p.$('#pgn-file')).uploadFile(big);
    await p.waitForFunction(() => document.getElementById('explorer').dataset.source === 'files', { timeout: 180000 });
    await p.waitForFunction(() => document.getElementById('work').hidden, { timeout: 10000 });
    const seen = await p.evaluate(() => window.bar);
    const values = seen.map((s) => s.value);
    for (let i = 1; i < values.length; ++i) assert.ok(values[i] >= values[i - 1], `the bar went back: ${values}`);
    assert.equal(values[values.length - 1], 1, 'the bar ends full');
    const indexing = seen.filter((s) => /^indexing /.test(s.text) && /MB$/.test(s.text));
    assert.ok(indexing.length >= 2, `the bar says how far the indexing is: ${seen.map((s) => s.text)}`);
    const mb = (fs.statSync(big).size / 1e6).toFixed(1);
    for (const s of indexing) {
      const [, done, total] = s.text.match(/^indexing ([\d.]+) of ([\d.]+) MB$/);
      assert.equal(total, mb, 'the total is the file\'s bytes');
      assert.ok(Number(done) <= Number(total));
      // (The last record may see the bar already hidden: it is full and the run over.)
      assert.ok(s.value >= 0.7 && s.value <= 1 && (!s.hidden || s.value === 1), `the index fills the bar's last part, shown: ${JSON.stringify(s)}`);
    }
    assert.equal(await p.$eval('#cancel', (e) => e.getClientRects().length), 0, 'Cancel hidden when done');
  });
  await check('progress: Cancel while indexing stops it, hides the bar, says so', async () => {
    await watch();
    // Cancel from inside the page, the moment this run says it indexes (the text of the last
    // run's end stays until a run starts): polling from the test missed that window on a
    // loaded machine, where the index of these games can be built between two polls.
    await p.evaluate(() => {
      const text = document.getElementById('progress-text');
      const observer = new MutationObserver(() => {
        if (document.getElementById('work').hidden || document.getElementById('progress').value >= 1) return;
        if (!/^indexing [\d.]+ of [\d.]+ MB$/.test(text.textContent)) return;
        observer.disconnect();
        window.cancelledWhileIndexing = true;
        document.getElementById('cancel').click();
      });
      observer.observe(text, { childList: true, characterData: true, subtree: true });
    });
    await (await p.$('#pgn-file')).uploadFile(big);
    await p.waitForFunction(() => window.cancelledWhileIndexing === true, { timeout: 180000 });
    await p.waitForFunction(() => document.getElementById('work').hidden, { timeout: 5000 });
    await p.waitForFunction(() => /indexing cancelled/.test(document.getElementById('explorer-error').textContent), { timeout: 5000 });
    assert.notEqual(await p.$eval('#explorer', (e) => e.dataset.source), 'files', 'no index answers');
    const values = (await p.evaluate(() => window.bar)).map((s) => s.value);
    for (let i = 1; i < values.length; ++i) assert.ok(values[i] >= values[i - 1], `the bar went back: ${values}`);
  });
  await p.close();
}

// Served, with files opened in the page: the switch chooses the answers' source, for the
// panel and the structure pages. `part`: a file of other games than the server's index;
// `cliPart` its CLI explore.
export async function switchChecks({ check, p, source, part, cliExplore, cliPart, ask, panelState, expectSame, c, args }) {
  const entry = catalogueEntry(source, 'iqp');
  await check('served: a structure page answers from the server\'s index', async () => {
    assert.equal(await p.$eval('#explorer-source-switch', (e) => e.hidden), true, 'no switch without opened files');
    await showStructure(p, 'iqp', 'served');
    await expectStructurePage(p, entry, cliExplore, 'served iqp page');
  });
  await check('served: with files opened, the switch chooses them or the server\'s index', async () => {
    await (await p.$('#pgn-file')).uploadFile(part);
    await p.waitForFunction(() => document.getElementById('explorer').dataset.indexed && document.getElementById('work').hidden, { timeout: 120000 });
    assert.equal(await p.$eval('#explorer-source-switch', (e) => e.hidden), false, 'the switch shows');
    assert.equal(await p.$eval('#explorer', (e) => e.dataset.source), 'served', 'the server answers until switched');
    await ask(p, c);
    expectSame(await panelState(p), cliExplore(c.fen, args), 'served');
    await p.click('#explorer-source-switch input[value="files"]');
    await p.waitForFunction(() => document.getElementById('explorer').dataset.source === 'files');
    await ask(p, c);
    const files = cliPart(c.fen, args);
    assert.notEqual(files.games, cliExplore(c.fen, args).games, 'the two sources differ here');
    expectSame(await panelState(p), files, 'opened files');
    await p.waitForFunction(() => document.getElementById('structure-explorer').dataset.source === 'files' &&
      document.getElementById('structure-explorer').dataset.state === 'done', { timeout: 30000 });
    await expectStructurePage(p, entry, cliPart, 'iqp page, opened files');
    await p.click('#explorer-source-switch input[value="served"]');
    await p.waitForFunction(() => document.getElementById('explorer').dataset.source === 'served');
    await ask(p, c);
    expectSame(await panelState(p), cliExplore(c.fen, args), 'served again');
  });
}

// A structure page at 1366x768 and 375x812, its explorer part answered (PAWNKIT_SCREENSHOTS).
export async function structureScreenshots({ check, browser, url, openPage, checks, sample, dir }) {
  await check('screenshots: a structure page with its explorer part, laptop and phone', async () => {
    for (const [name, width, height] of [['laptop', 1366, 768], ['phone', 375, 812]]) {
      const p = await openPage(browser, url, width, height, checks);
      await (await p.$('#pgn-file')).uploadFile(sample);
      await p.waitForFunction(() => document.getElementById('explorer').dataset.source === 'files', { timeout: 120000 });
      await showStructure(p, 'iqp', 'files');
      const wide = await p.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `no sideways scroll at ${width} px (${wide})`);
      await p.$eval('#structure-explorer', (e) => e.scrollIntoView());
      await p.screenshot({ path: path.join(dir, `structure-explorer-${name}.png`) });
      await p.close();
    }
  });
}
