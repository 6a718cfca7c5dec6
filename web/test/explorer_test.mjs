// The explorer beside the board (docs/web.md, "The explorer beside the board") in headless
// Chromium, against `pawnkit explore --format json` on the same games: offline (the page
// indexes an opened file in memory; the test builds the CLI's index of the same file) and
// served (a `pawnkit serve` the test starts on 127.0.0.1 and stops), for positions from real
// games with exact, centre and structure matching and a rating filter, compared field by
// field in the panel and whole through pawnkit.explore. Also: a move row plays its move
// (or shows it as an arrow when it is not legal), a model game opens at the ply where the
// pawns arose, and a bad question shows beside the panel and leaves the board working.
// Screenshots in PAWNKIT_SCREENSHOTS when it names a folder. Exit status 77 without
// puppeteer-core.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newChecks, openPage, startBrowserTest } from './harness.mjs';
import {
  offlineStructureChecks,
  progressChecks,
  squares,
  structureScreenshots,
  switchChecks,
} from './structure_page_checks.mjs';

const { cli, source, web, run, server, url, browser } = await startBrowserTest();
const checks = newChecks();
const { check } = checks;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-explorer-'));
const sample = 'data/sample.pgn';
const db = path.join(tmp, 'index');
run(['index', 'add', db, sample]);
const cliExplore = (fen, args = []) =>
  JSON.parse(run(['explore', '--index', db, '--format', 'json', ...args, fen]));

// The pawns of a FEN, as 64 squares: 'P', 'p' or '.'.
const boardPawns = (fen) => fen.split(' ')[0].replace(/\d/g, (n) => '.'.repeat(Number(n))).replace(/[^pP/]/g, '.');

// Positions of real games (the sample's), with a few games and more than one move after
// them, some of them in a named structure.
function choosePositions() {
  const lines = run(['find', '--where', 'ply >= 8 and ply <= 40', sample]).trim().split('\n');
  const seen = new Set(), exact = [], named = [];
  for (const line of lines) {
    const { fen } = JSON.parse(line);
    const pawns = boardPawns(fen);
    if (seen.has(pawns)) continue;
    seen.add(pawns);
    if (seen.size > 600) break;
    const a = cliExplore(fen);
    if (a.games >= 3 && a.moves.length >= 2 && exact.length < 3) exact.push(fen);
    if (a.structure && named.length < 2) {
      const s = cliExplore(fen, ['--match', 'structure']);
      if (s.games >= 3 && s.moves.length >= 1) named.push(fen);
    }
    if (exact.length >= 3 && named.length >= 2) break;
  }
  assert.equal(exact.length, 3, 'three positions with games and moves');
  assert.equal(named.length, 2, 'two positions in a named structure');
  return [
    ...exact.map((fen) => ({ fen, match: 'exact' })),
    { fen: exact[0], match: 'center' },
    { fen: exact[1], match: 'exact', minElo: 1500 },
    { fen: exact[2], match: 'center', minElo: 1800 },
    { fen: exact[0], match: 'exact', speeds: ['bullet', 'blitz'] },
    { fen: exact[1], match: 'center', speeds: ['blitz', 'rapid'], since: '2025-05', until: '2026-01' },
    ...named.map((fen) => ({ fen, match: 'structure' })),
    { fen: named[0], match: 'structure', minElo: 1600 },
  ];
}
const cases = choosePositions();
const argsOf = (c) => ['--match', c.match, ...(c.minElo ? ['--min-elo', String(c.minElo)] : []),
  ...(c.speeds ? ['--speeds', c.speeds.join(',')] : []), ...(c.since ? ['--since', c.since] : []),
  ...(c.until ? ['--until', c.until] : [])];
const nameOf = (c) => `${argsOf(c).join(' ')} on ${c.fen}`;

async function enterFen(page, fen) {
  await page.$eval('#fen', (e) => { e.value = ''; });
  await page.type('#fen', fen);
  await page.keyboard.press('Enter');
}

// Sets the panel's filters and the board, and waits for the panel's answer.
async function ask(page, c) {
  await page.$eval('#explorer-match', (e, v) => { e.value = v; }, c.match);
  await page.$eval('#explorer-min-elo', (e, v) => { e.value = v; }, c.minElo ? String(c.minElo) : '');
  await page.$eval('#explorer-since', (e, v) => { e.value = v; }, c.since || '');
  await page.$eval('#explorer-until', (e, v) => { e.value = v; }, c.until || '');
  await page.$$eval('.explorer-speeds input', (boxes, chosen) => { for (const b of boxes) b.checked = chosen.includes(b.value); }, c.speeds || []);
  const before = await page.$eval('#explorer', (e) => Number(e.dataset.answered || 0));
  await enterFen(page, c.fen);
  // The last question asked has its answer drawn (the board's change and the filters' may
  // each have asked).
  await page.waitForFunction((n) => {
    const e = document.getElementById('explorer');
    return Number(e.dataset.answered || 0) > n && e.dataset.answered === e.dataset.asked;
  }, { timeout: 30000 }, before);
}

// What the panel shows, read from its DOM hooks.
function panelState(page) {
  return page.$eval('#explorer', (e) => ({
    error: e.querySelector('#explorer-error').textContent,
    games: Number(e.dataset.games),
    white: Number(e.dataset.white), draws: Number(e.dataset.draws), black: Number(e.dataset.black),
    moves: [...e.querySelectorAll('tr[data-uci]')].map((r) => ({
      uci: r.dataset.uci, games: Number(r.dataset.games),
      white: Number(r.dataset.white), draws: Number(r.dataset.draws), black: Number(r.dataset.black),
    })),
    models: [...e.querySelectorAll('.explorer-models li')].map((li) => ({
      game: Number(li.dataset.game), id: Number(li.dataset.id), ply: Number(li.dataset.ply), text: li.textContent,
    })),
  }));
}

function expectSame(shown, cli, what) {
  assert.equal(shown.error, '', `${what}: no error`);
  assert.equal(shown.games, cli.games, `${what}: games`);
  for (const k of ['white', 'draws', 'black']) assert.equal(shown[k], cli[k], `${what}: ${k}`);
  assert.deepEqual(shown.moves, cli.moves.map((m) => ({ uci: m.uci, games: m.games, white: m.white, draws: m.draws, black: m.black })),
    `${what}: moves`);
  assert.deepEqual(shown.models.map((m) => [m.game, m.id, m.ply]),
    cli.model_games.map((g) => [g.game, g.id, g.first_ply]), `${what}: model games`);
  shown.models.forEach((m, i) => {
    const g = cli.model_games[i];
    for (const part of [g.white, g.black, String(g.white_elo || ''), g.result, g.date.slice(0, 4), g.event, g.time_control])
      assert.ok(m.text.includes(part), `${what}: model game ${i + 1} shows '${part}'`);
  });
}


// --------------------------------------------------------------- offline: an opened file

const page = await openPage(browser, url, 1366, 768, checks);
await check('offline: the panel asks for files before any is opened', async () => {
  assert.equal(await page.$eval('#explorer', (e) => e.dataset.games), '0');
  assert.match(await page.$eval('#explorer .explorer-status', (e) => e.textContent), /Open PGN files/);
});

await check('offline: the opened file is indexed in the page', async () => {
  await (await page.$('#pgn-file')).uploadFile(path.join(source, sample));
  await page.waitForFunction(() => document.getElementById('explorer').dataset.source === 'files', { timeout: 120000 });
  const cliInfo = JSON.parse(run(['index', 'info', '--format', 'json', db]));
  assert.equal(await page.$eval('#explorer', (e) => Number(e.dataset.indexed)), cliInfo.games);
});

for (const c of cases) {
  await check(`offline: equals explore ${nameOf(c)}`, async () => {
    await ask(page, c);
    const cli = cliExplore(c.fen, argsOf(c));
    expectSame(await panelState(page), cli, 'panel');
    // The whole answer, through the same call the panel makes: only the file's name differs.
    const whole = await page.evaluate((o) => window.pawnkit.explore(o),
      { fen: c.fen, match: c.match, minElo: c.minElo || 0, speeds: c.speeds || [], since: c.since || '', until: c.until || '', games: 5 });
    for (const g of cli.model_games) g.file = path.basename(g.file);
    assert.deepEqual(whole, cli);
  });
}

// A structure page's button asks the explorer about the named structure of its position.
await check('offline: a structure page explores its structure, as explore --match structure', async () => {
  const iqp = fs.readFileSync(path.join(source, 'docs/structures.md'), 'utf8')
    .split('### `iqp`')[1].match(/^Positive, a real game: .*: `([^`]+)`/m)[1];
  // No filters (the cases above left some): the page's button sets only the match mode.
  await page.$eval('#explorer-match', (e) => { e.value = 'exact'; });
  await page.$eval('#explorer-min-elo', (e) => { e.value = ''; });
  await page.$eval('#explorer-since', (e) => { e.value = ''; });
  await page.$eval('#explorer-until', (e) => { e.value = ''; });
  await page.$$eval('.explorer-speeds input', (boxes) => { for (const b of boxes) b.checked = false; });
  await page.click('#structure-list button[data-structure="iqp"]');
  await page.waitForSelector('#structure-to-explorer');
  const before = await page.$eval('#explorer', (e) => Number(e.dataset.answered || 0));
  await page.click('#structure-to-explorer');
  await page.waitForFunction((f, n) => {
    const e = document.getElementById('explorer');
    return document.getElementById('fen').value === f && Number(e.dataset.answered || 0) > n &&
      e.dataset.answered === e.dataset.asked;
  }, { timeout: 30000 }, iqp, before);
  assert.equal(await page.$eval('#explorer-match', (e) => e.value), 'structure');
  const cli = cliExplore(iqp, ['--match', 'structure']);
  assert.ok(cli.games > 0, 'the sample has IQP games');
  expectSame(await panelState(page), cli, 'iqp page');
});

// The structure pages' own explorer part, its honest counts (structure_page_checks.mjs).
await offlineStructureChecks({ check, page, source, run, sample, cliExplore });

await check('offline: a move row plays its move on the board', async () => {
  const c = cases[0];
  await ask(page, { ...c, minElo: 0, match: 'exact' });
  const row = await page.$eval('#explorer tr[data-uci] button:not(.not-legal)', (b) => b.closest('tr').dataset.uci);
  await page.click(`#explorer tr[data-uci="${row}"] button`);
  await page.waitForFunction((f) => document.getElementById('fen').value !== f, { timeout: 10000 }, c.fen);
  const after = await page.$eval('#fen', (e) => e.value);
  // The move applied by hand: the piece on its from-square goes to its to-square.
  const expected = squares(c.fen), from = row.slice(0, 2), to = row.slice(2, 4);
  expected[to] = expected[from];
  delete expected[from];
  assert.deepEqual(squares(after), expected, `after ${row}`);
  assert.notEqual(after.split(' ')[1], c.fen.split(' ')[1], 'the other side to move');
  assert.ok(await page.$eval('#moves', (e) => e.querySelectorAll('[data-ply]').length >= 1), 'the move is in the move list');
});

await check('offline: a move that is not legal on the board is shown as an arrow', async () => {
  const c = cases[0];
  const fields = c.fen.split(' ');
  fields[1] = fields[1] === 'w' ? 'b' : 'w'; // the other side to move: the games' moves are not legal
  fields[3] = '-';
  const flipped = fields.join(' ');
  await ask(page, { fen: flipped, match: 'exact' });
  const uci = await page.$eval('#explorer tr[data-uci] button.not-legal', (b) => b.closest('tr').dataset.uci);
  const fenBefore = await page.$eval('#fen', (e) => e.value);
  await page.click(`#explorer tr[data-uci="${uci}"] button`);
  await page.waitForSelector(`#board svg.explorer-arrow[data-uci="${uci}"]`, { timeout: 5000 });
  assert.equal(await page.$eval('#fen', (e) => e.value), fenBefore, 'the board did not change');
});

await check('offline: a model game opens at the ply where the pawns arose', async () => {
  const c = cases[1];
  await ask(page, { fen: c.fen, match: 'exact' });
  const model = (await panelState(page)).models[1] || (await panelState(page)).models[0];
  await page.click(`#explorer .explorer-models li[data-game="${model.game}"] button`);
  await page.waitForFunction((g) => new URLSearchParams(location.hash.slice(1)).get('game') === String(g), { timeout: 30000 }, model.game);
  const params = await page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));
  assert.equal(Number(params.ply), model.ply, 'the ply in the address');
  assert.equal(boardPawns(await page.$eval('#fen', (e) => e.value)), boardPawns(c.fen), 'the board has the pawns asked about');
  // One ply earlier the game did not have them yet (first_ply is where they arose).
  await page.click('#prev');
  await page.waitForFunction((p) => new URLSearchParams(location.hash.slice(1)).get('ply') === String(p - 1), { timeout: 5000 }, model.ply);
  assert.notEqual(boardPawns(await page.$eval('#fen', (e) => e.value)), boardPawns(c.fen), 'one ply before');
});

await check('offline: a bad filter shows beside the panel, the board still plays', async () => {
  await page.$eval('#explorer-min-elo', (e) => { e.value = '1550'; });
  await page.$eval('#explorer-match', (e) => { e.dispatchEvent(new Event('change', { bubbles: true })); });
  await page.waitForFunction(() => /multiple of 100/.test(document.getElementById('explorer-error').textContent), { timeout: 10000 });
  assert.equal(await page.$eval('#explorer', (e) => e.dataset.games), '0');
  await page.$eval('#explorer-min-elo', (e) => { e.value = ''; });
  await page.click('#start');
  await page.click('[data-square="e2"]');
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => document.getElementById('fen').value.split(' ')[1] === 'b', { timeout: 5000 });
  await page.waitForFunction(() => document.getElementById('explorer-error').textContent === '', { timeout: 10000 });
});

await check('offline: after Cancel stopped the worker, the explorer indexes the files again', async () => {
  await page.evaluate(() => window.pawnkit.cancel()); // as Cancel of a find does: the worker and its index are gone
  const c = cases[3];
  await ask(page, c);
  expectSame(await panelState(page), cliExplore(c.fen, argsOf(c)), 'panel after Cancel');
});

// Screenshots of the board with moves and explorer (docs/screenshots/ when asked for).
const shots = process.env.PAWNKIT_SCREENSHOTS;
async function screenshot(width, height, name) {
  const p = await openPage(browser, url, width, height, checks);
  await (await p.$('#pgn-file')).uploadFile(path.join(source, sample));
  await p.waitForFunction(() => document.getElementById('explorer').dataset.source === 'files', { timeout: 120000 });
  const c = cases[1];
  const model = cliExplore(c.fen).model_games[0];
  await p.evaluate((g, ply) => window.pawnkitPage.openGame(g, ply), model.game, model.first_ply);
  await p.waitForFunction((f) => document.getElementById('explorer').dataset.games !== '0', { timeout: 30000 });
  await new Promise((r) => setTimeout(r, 300));
  const wide = await p.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `no sideways scroll at ${width} px (${wide})`);
  if (width > 1000) {
    // Board, moves and explorer together in the first screen.
    for (const sel of ['#board', '#moves', '#explorer .explorer-total', '#explorer tr[data-uci]']) {
      const box = await p.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, right: r.right }; });
      assert.ok(box.top >= 0 && box.top < height && box.right <= width, `${sel} in the first screen (${JSON.stringify(box)})`);
    }
  }
  if (shots) {
    // On a phone, the page from its top to the explorer's end: board, moves, explorer stacked.
    const bottom = await p.$eval('#explorer', (e) => e.getBoundingClientRect().bottom + window.scrollY);
    await p.screenshot(width < 1000 ? { path: path.join(shots, name), clip: { x: 0, y: 0, width, height: Math.ceil(bottom) + 8 }, captureBeyondViewport: true }
      : { path: path.join(shots, name) });
  }
  await p.close();
}
await check('laptop: board, moves and explorer in one screen', () => screenshot(1366, 768, 'explorer-laptop.png'));
await check('phone: stacked, no sideways scroll', () => screenshot(375, 812, 'explorer-phone.png'));
if (shots) await structureScreenshots({ check, browser, url, openPage, checks, sample: path.join(source, sample), dir: shots });

// The bar of reading and indexing a file of 20 copies of the sample, and Cancel while indexing.
const big = path.join(tmp, 'big.pgn');
fs.writeFileSync(big, Buffer.concat(Array.from({ length: 20 }, () => fs.readFileSync(path.join(source, sample)))));
await progressChecks({ check, browser, url, openPage, checks, big });

// Other games than the server's, for the served/opened-files switch: the sample's first 150.
const part = path.join(tmp, 'part.pgn');
fs.writeFileSync(part, fs.readFileSync(path.join(source, sample), 'utf8').split(/\n(?=\[Event )/).slice(0, 150).join('\n'));
const partDb = path.join(tmp, 'part-index');
run(['index', 'add', partDb, part]);
const cliPart = (fen, args = []) => JSON.parse(run(['explore', '--index', partDb, '--format', 'json', ...args, fen]));

// --------------------------------------------------------------- served: pawnkit serve

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, ['serve', '--index', db, '--site', web, '--listen', '127.0.0.1:0'], { cwd: source });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = err.match(/http:\/\/127\.0\.0\.1:(\d+)/) || err.match(/127\.0\.0\.1:(\d+)/);
      if (m) resolve({ child, address: `http://127.0.0.1:${m[1]}/` });
    });
    child.on('exit', (code) => reject(new Error(`pawnkit serve exited (${code}): ${err}`)));
    setTimeout(() => reject(new Error(`pawnkit serve did not start: ${err}`)), 20000);
  });
}

let served = null;
await check('served: the page finds the server\'s index', async () => {
  served = await startServer();
  const p = await openPage(browser, served.address, 1366, 768, checks);
  served.page = p;
  await p.waitForFunction(() => document.getElementById('explorer').dataset.source === 'served', { timeout: 30000 });
});

if (served && served.page) {
  const p = served.page;
  for (const c of cases) {
    await check(`served: equals explore ${nameOf(c)}`, async () => {
      await ask(p, c);
      expectSame(await panelState(p), cliExplore(c.fen, argsOf(c)), 'served panel');
    });
  }
  await check('served: a model game opens from the server at its ply', async () => {
    const c = cases[2];
    await ask(p, { fen: c.fen, match: 'exact' });
    const model = (await panelState(p)).models[0];
    await p.click(`#explorer .explorer-models li[data-id="${model.id}"] button`);
    await p.waitForFunction((ply) => new URLSearchParams(location.hash.slice(1)).get('ply') === String(ply), { timeout: 30000 }, model.ply);
    assert.equal(boardPawns(await p.$eval('#fen', (e) => e.value)), boardPawns(c.fen), 'the board has the pawns asked about');
  });
  const differs = cases.find((c) => cliPart(c.fen, argsOf(c)).games !== cliExplore(c.fen, argsOf(c)).games && cliPart(c.fen, argsOf(c)).games > 0);
  await switchChecks({ check, p, source, part, cliExplore, cliPart, ask, panelState, expectSame, c: differs, args: differs && argsOf(differs) });
  await check('served: the server\'s error shows beside the panel, the board still plays', async () => {
    // The start position's pawns make no named structure: the server answers 400.
    await p.click('#start');
    await p.$eval('#explorer-match', (e) => { e.value = 'structure'; e.dispatchEvent(new Event('change', { bubbles: true })); });
    await p.waitForFunction(() => /no named structure/.test(document.getElementById('explorer-error').textContent), { timeout: 10000 });
    await p.click('[data-square="d2"]');
    await p.click('[data-square="d4"]');
    await p.waitForFunction(() => document.getElementById('fen').value.split(' ')[1] === 'b', { timeout: 5000 });
  });
}
if (served) served.child.kill('SIGTERM');

await browser.close();
server.close();
fs.rmSync(tmp, { recursive: true, force: true });
checks.finish('explorer');
