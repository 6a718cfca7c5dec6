// The analysis board in headless Chromium (docs/web.md, "Tests"): the layout at 1366x768
// and 375x812, moves played by clicking and dragging (legal ones only, promotion, the side
// to move) against the CLI's perft and analyze, the move list with a PGN's variations and
// comments, the arrow keys, the address, and the fixes (errors beside their action,
// Cancel only while a run goes on, the same file again after Cancel, a bar that never
// goes back). Takes the screenshots in docs/screenshots/ when PAWNKIT_SCREENSHOTS names a
// folder. Exit status 77 (a skip for ctest) only when puppeteer-core is not installed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newChecks, openPage, startBrowserTest } from './harness.mjs';

const { source, run, server, url, browser } = await startBrowserTest();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-board-'));
// The FEN of every position of a PGN game, as the CLI's reader and replay give them.
function cliFens(pgn) {
  const file = path.join(tmp, 'line.pgn');
  fs.writeFileSync(file, pgn);
  return run(['analyze', '--format', 'jsonl', file]).trim().split('\n').map((l) => JSON.parse(l).fen);
}
// The legal moves of a position in UCI, from the CLI's perft 1.
const cliMoves = (fen) => run(['perft', '1', fen]).split('\n').filter((l) => /^[a-h][1-8][a-h][1-8][nbrq]?: /.test(l))
  .map((l) => l.split(':')[0]).sort();

const checks = newChecks();
const { check } = checks;

const open = (width, height, address = url) => openPage(browser, address, width, height, checks);
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const fenOf = (page) => page.$eval('#fen', (e) => e.value);
async function enterFen(page, fen) {
  await page.$eval('#fen', (e) => { e.value = ''; });
  await page.type('#fen', fen);
  await page.keyboard.press('Enter');
}
const rect = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
});
const within = (r, w, h, what) => {
  assert.ok(r.width > 0 && r.height > 0, `${what} is not shown`);
  assert.ok(r.left >= 0 && r.top >= 0 && r.right <= w && r.bottom <= h, `${what} ${JSON.stringify(r)} is outside ${w}x${h}`);
};
const moveTexts = (page, selector = '#moves .move') => page.$$eval(selector, (ms) => ms.map((m) => `${m.dataset.ply}:${m.textContent}`));

const laptop = await open(1366, 768);

await check('1366x768: board, moves and structure panel in view together, no scrolling', async () => {
  await laptop.evaluate(() => window.scrollTo(0, 0));
  for (const [selector, what] of [['#board', 'the board'], ['#moves', 'the move list'], ['#structure-side', 'the structure panel'], ['#next', 'the move buttons']])
    within(await rect(laptop, selector), 1366, 768, what);
  assert.equal(await laptop.evaluate(() => document.documentElement.scrollWidth), 1366);
  const board = await rect(laptop, '#board'), moves = await rect(laptop, '#moves'), side = await rect(laptop, '#structure-side');
  assert.ok(moves.left >= board.right && side.left >= moves.right, 'board, moves and structure side by side');
});

await check('375x812: stacked, the whole board in view, h-file not cut, no sideways scroll', async () => {
  const phone = await open(375, 812);
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= 375, 'sideways scroll');
  const board = await rect(phone, '#board');
  within({ ...board, top: 0, bottom: board.height }, 375, 812, 'the board');
  for (const sq of ['h1', 'h8', 'a1']) within({ ...(await rect(phone, `[data-square="${sq}"]`)), top: 0, bottom: 1 }, 375, 812, sq);
  const moves = await rect(phone, '#moves');
  assert.ok(moves.top >= board.bottom, 'the move list under the board');
  // Also with a game on the board and a long FEN in the box.
  await phone.click('[data-square="e2"]');
  await phone.click('[data-square="e4"]');
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= 375, 'sideways scroll after a move');
  await phone.close();
});

await check('clicking e2 then e4 plays 1.e4: Black to move, the CLI\'s FEN', async () => {
  await enterFen(laptop, START);
  await laptop.click('[data-square="e2"]');
  assert.deepEqual((await laptop.$$eval('#board .target', (t) => t.map((c) => c.dataset.square))).sort(), ['e3', 'e4']);
  await laptop.click('[data-square="e4"]');
  const fen = await fenOf(laptop);
  assert.equal(fen.split(' ')[1], 'b');
  assert.equal(fen, cliFens('1. e4 *\n')[1]);
  assert.deepEqual(await moveTexts(laptop), ['1:e4']);
  // Illegal tries change nothing: a black pawn two squares on, White's piece when Black
  // is to move, an empty square.
  await laptop.click('[data-square="d7"]');
  await laptop.click('[data-square="d4"]');
  await laptop.click('[data-square="g1"]');
  await laptop.click('[data-square="f3"]');
  await laptop.click('[data-square="e5"]');
  assert.equal(await fenOf(laptop), fen);
  await laptop.click('[data-square="e7"]');
  await laptop.click('[data-square="e5"]');
  assert.equal(await fenOf(laptop), cliFens('1. e4 e5 *\n')[2]);
  assert.deepEqual(await moveTexts(laptop), ['1:e4', '2:e5']);
});

await check('the targets shown are the CLI\'s legal moves (castling, en passant, check, pin)', async () => {
  const cases = [
    ['r3k2r/pppq1ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP1BBPPP/R2QK2R w KQkq - 0 7', 'e1'],
    ['rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 'e5'],
    ['4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1', 'e1'],
    ['4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1', 'a1'],
    ['4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1', 'e2'], // a pinned knight: no target
  ];
  for (const [fen, from] of cases) {
    await enterFen(laptop, fen);
    const inPage = (await laptop.evaluate((f) => window.pawnkit.legalMoves(f).map((m) => m.uci), fen)).sort();
    assert.deepEqual(inPage, cliMoves(fen), fen);
    await laptop.click(`[data-square="${from}"]`);
    const targets = (await laptop.$$eval('#board .target', (t) => t.map((c) => c.dataset.square))).sort();
    assert.deepEqual(targets, [...new Set(cliMoves(fen).filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4)))].sort(), `${from} in ${fen}`);
    await laptop.click(`[data-square="${from}"]`); // a second click lets go
    assert.equal(await laptop.$$eval('#board .target', (t) => t.length), 0);
  }
  // Castling by the king's two steps, en passant by the pawn's.
  await enterFen(laptop, cases[0][0]);
  await laptop.click('[data-square="e1"]');
  await laptop.click('[data-square="g1"]');
  assert.equal(await fenOf(laptop), cliFens(`[SetUp "1"]\n[FEN "${cases[0][0]}"]\n\n7. O-O *\n`)[1]);
  await enterFen(laptop, cases[1][0]);
  await laptop.click('[data-square="e5"]');
  await laptop.click('[data-square="f6"]');
  assert.equal(await fenOf(laptop), cliFens(`[SetUp "1"]\n[FEN "${cases[1][0]}"]\n\n3. exf6 *\n`)[1]);
});

await check('a promotion asks for the piece; the one chosen is played', async () => {
  const fen = '8/P6k/8/8/8/8/6K1/8 w - - 0 1';
  await enterFen(laptop, fen);
  await laptop.click('[data-square="a7"]');
  await laptop.click('[data-square="a8"]');
  assert.equal(await laptop.$eval('#promotion', (e) => e.hidden), false);
  assert.deepEqual(await laptop.$$eval('#promotion [data-promotion]', (b) => b.map((x) => x.dataset.promotion)), ['q', 'r', 'b', 'n']);
  assert.equal(await fenOf(laptop), fen, 'nothing played before the choice');
  await laptop.click('#promotion [data-promotion="n"]');
  assert.equal(await laptop.$eval('#promotion', (e) => e.hidden), true);
  assert.equal(await fenOf(laptop), cliFens(`[SetUp "1"]\n[FEN "${fen}"]\n\n1. a8=N *\n`)[1]);
  assert.deepEqual(await moveTexts(laptop), ['1:a8=N']);
});

await check('the editor is a mode: a palette piece edits, Play plays again; the keyboard plays', async () => {
  await enterFen(laptop, START);
  await laptop.click('#palette [data-piece="N"]');
  assert.equal(await laptop.$eval('#mode-edit', (e) => e.getAttribute('aria-pressed')), 'true');
  await laptop.click('[data-square="e4"]');
  assert.equal(await fenOf(laptop), 'rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'a knight placed on e4');
  await laptop.click('#mode-play');
  assert.equal(await laptop.$eval('#mode-play', (e) => e.getAttribute('aria-pressed')), 'true');
  await laptop.click('[data-square="e4"]');
  await laptop.click('[data-square="f6"]');
  assert.equal(await fenOf(laptop), cliFens('[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n\n1. Nf6+ *\n')[1]);
  // The keyboard: Enter on e2, two squares up, Enter plays 1.e4.
  await enterFen(laptop, START);
  await laptop.focus('[data-square="e2"]');
  await laptop.keyboard.press('Enter');
  await laptop.keyboard.press('ArrowUp');
  await laptop.keyboard.press('ArrowUp');
  await laptop.keyboard.press('Enter');
  assert.equal(await fenOf(laptop), cliFens('1. e4 *\n')[1]);
  // A position no game can be played from (the editor allows it): no move, a word why.
  await enterFen(laptop, '8/8/4k3/8/3P4/8/8/8 w - - 0 1');
  await laptop.click('[data-square="d4"]');
  await laptop.click('[data-square="d5"]');
  assert.equal(await fenOf(laptop), '8/8/4k3/8/3P4/8/8/8 w - - 0 1');
  assert.match(await laptop.$eval('#ply-label', (e) => e.textContent), /no white king/);
});

await check('dragging a piece plays it; a drop on an illegal square plays nothing', async () => {
  await enterFen(laptop, START);
  const centre = async (sq) => { const r = await rect(laptop, `[data-square="${sq}"]`); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const dragTo = async (from, to) => {
    await laptop.mouse.move(...await centre(from));
    await laptop.mouse.down();
    await laptop.mouse.move(...await centre(to), { steps: 8 });
    await laptop.mouse.up();
  };
  await dragTo('g1', 'g3');
  assert.equal(await fenOf(laptop), START);
  await dragTo('g1', 'f3');
  assert.equal(await fenOf(laptop), cliFens('1. Nf3 *\n')[1]);
});

// A game with comments, NAGs and nested variations; the same lines written as main lines
// give the CLI's FENs for them.
const annotated = `[Event "Lesson"]
[White "Coach"]
[Black "Student"]
[Result "*"]

{The Panov attack.} 1. e4 c6 2. d4 d5 3. exd5 cxd5 4. c4 $1 {Hitting the centre.} 4... Nf6
(4... e6 5. Nc3 Nf6 (5... Bb4 {pins}) 6. Nf3) (4... dxc4?! 5. Bxc4) 5. Nc3 e6 6. Nf3 Be7
7. cxd5 exd5 {An isolated d-pawn for White? No: Black's d5 is isolated.} *
`;
const lines = {
  main: '1. e4 c6 2. d4 d5 3. exd5 cxd5 4. c4 Nf6 5. Nc3 e6 6. Nf3 Be7 7. cxd5 exd5 *\n',
  e6: '1. e4 c6 2. d4 d5 3. exd5 cxd5 4. c4 e6 5. Nc3 Nf6 6. Nf3 *\n',
  bb4: '1. e4 c6 2. d4 d5 3. exd5 cxd5 4. c4 e6 5. Nc3 Bb4 *\n',
  dxc4: '1. e4 c6 2. d4 d5 3. exd5 cxd5 4. c4 dxc4 5. Bxc4 *\n',
};
const annotatedFile = path.join(tmp, 'lesson.pgn');
fs.writeFileSync(annotatedFile, annotated + '\n' + fs.readFileSync(path.join(source, 'data/sample.pgn'), 'utf8').split('\n\n[Event').slice(0, 1)[0] + '\n');

async function openFile(page, file) {
  await page.waitForFunction(() => document.getElementById('work').hidden, { timeout: 60000 });
  await page.$eval('#stats-json', (e) => { e.textContent = ''; });
  await (await page.$('#pgn-file')).uploadFile(file);
}

await check('a PGN\'s variations and comments are kept, shown and navigable', async () => {
  await openFile(laptop, annotatedFile);
  await laptop.waitForFunction(() => !document.getElementById('results').hidden, { timeout: 60000 });
  await laptop.click('#games-table tbody tr button');
  await laptop.waitForFunction(() => document.querySelectorAll('#moves .move[data-variation]').length > 0, { timeout: 30000 });
  const main = await moveTexts(laptop, '#moves .move:not([data-variation])');
  assert.equal(main.length, cliFens(lines.main).length - 1);
  assert.deepEqual(main.map((m) => m.split(':')[0]), main.map((_, i) => String(i + 1)));
  assert.deepEqual(main.slice(6, 8), ['7:c4!', '8:Nf6']);
  const text = await laptop.$eval('#moves', (e) => e.textContent);
  for (const comment of ['The Panov attack.', 'Hitting the centre.', 'pins', "Black's d5 is isolated"]) assert.ok(text.includes(comment), comment);
  assert.ok(text.includes('dxc4?!'), 'the NAG of 4...dxc4');
  assert.equal(await laptop.$eval('#moves-error', (e) => e.textContent), '');
  // Every move of every line opens its position, as the CLI reads the line written out.
  for (const [name, pgn] of Object.entries(lines)) {
    const fens = cliFens(pgn);
    const last = pgn.replace(/ \*\n$/, '').split(' ').pop();
    const ends = await laptop.$$eval('#moves .move', (bs, l, p) => bs.map((b, i) => [i, b.textContent.replace(/[!?]+$/, ''), Number(b.dataset.ply)])
      .filter(([, san, ply]) => san === l && ply === p).map(([i]) => i), last, fens.length - 1);
    let found = false;
    for (const i of ends) {
      await laptop.$$eval('#moves .move', (bs, j) => bs[j].click(), i);
      if ((await fenOf(laptop)) === fens[fens.length - 1]) found = true;
    }
    assert.ok(found, `the end of line ${name} (${last})`);
  }
  // The arrows step through the line of the current move: back from 5...Bb4 is 5.Nc3 of
  // its line, back to 4.c4 of the main line, and forward from there the main line's 4...Nf6.
  const bb4 = cliFens(lines.bb4);
  await laptop.$$eval('#moves .move[data-variation]', (bs) => bs.find((b) => b.textContent === 'Bb4').click());
  assert.equal(await fenOf(laptop), bb4[10]);
  await laptop.evaluate(() => document.activeElement.blur());
  await laptop.keyboard.press('ArrowLeft');
  assert.equal(await fenOf(laptop), bb4[9]);
  await laptop.keyboard.press('ArrowLeft');
  await laptop.keyboard.press('ArrowLeft');
  assert.equal(await fenOf(laptop), bb4[7]);
  await laptop.keyboard.press('ArrowRight');
  assert.equal(await fenOf(laptop), cliFens(lines.main)[8], 'forward follows the main line');
  await laptop.keyboard.press('Home');
  assert.equal(await fenOf(laptop), START);
  await laptop.keyboard.press('End');
  assert.equal(await fenOf(laptop), cliFens(lines.main).pop());
});

// The move list reads a game's text itself (for its variations and comments); its main
// line must be the library reader's, game by game.
await check('the move list\'s main line is the reader\'s for every game of data/sample.pgn and tests/data/pgn', async () => {
  const files = ['data/sample.pgn', 'tests/data/pgn/variations.pgn', 'tests/data/pgn/comments.pgn',
    'tests/data/pgn/nags_annotations.pgn', 'tests/data/pgn/move_numbers.pgn', ...fs.readdirSync(path.join(source, 'tests/data/pgn/quirks'))
      .filter((f) => !['null_moves.pgn', 'tag_error_no_start_position.pgn'].includes(f)).map((f) => `tests/data/pgn/quirks/${f}`)];
  for (const file of files) {
    const r = await laptop.evaluate(async (base64, name) => {
      const { buildTree, parseMovetext } = await import('./movetree.js');
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const out = { games: 0, bad: [] };
      for (let n = 1; ; ++n) {
        const [g] = await window.pawnkit.games(bytes, { game: n, key: name, name });
        if (!g) return out;
        ++out.games;
        if (g.error) continue; // the reader stopped: the page shows its message
        const main = buildTree(g.fens[0], parseMovetext(g.pgn), window.pawnkit.playMove).tree.mainline();
        if (main.length !== g.fens.length - 1 || main.some((x, i) => x.fen !== g.fens[i + 1])) out.bad.push(n);
      }
    }, fs.readFileSync(path.join(source, file)).toString('base64'), file);
    assert.ok(r.games > 0, file);
    assert.deepEqual(r.bad, [], `${file}: games whose main line differs`);
  }
});

await check('a game the board cannot follow (a null move) shows its moves up to there and says why', async () => {
  await openFile(laptop, path.join(source, 'tests/data/pgn/quirks/null_moves.pgn'));
  await laptop.waitForFunction(() => !document.getElementById('results').hidden && document.getElementById('stats-json').textContent, { timeout: 60000 });
  await laptop.click('#games-table tbody tr:nth-child(2) button');
  await laptop.waitForFunction(() => document.getElementById('moves-error').textContent.length > 0, { timeout: 30000 });
  assert.match(await laptop.$eval('#moves-error', (e) => e.textContent), /null move/);
  assert.ok(await laptop.$$eval('#moves .move', (m) => m.length) >= 1);
});

await check('arrow keys step through an opened game; the FENs are the CLI\'s', async () => {
  const sample = path.join(source, 'data/sample.pgn');
  await openFile(laptop, sample);
  await laptop.waitForFunction(() => !document.getElementById('results').hidden && document.getElementById('stats-json').textContent, { timeout: 60000 });
  await laptop.click('#games-table tbody tr:nth-child(3) button');
  await laptop.waitForFunction(() => document.getElementById('game-title').textContent.startsWith('Game 3'));
  const fens = run(['analyze', '--format', 'jsonl', 'data/sample.pgn']).trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.game === 3).map((r) => r.fen);
  assert.equal(await laptop.$$eval('#moves .move', (m) => m.length), fens.length - 1);
  await laptop.evaluate(() => document.activeElement.blur());
  assert.equal(await fenOf(laptop), fens[0]);
  for (let i = 1; i <= 12; ++i) {
    await laptop.keyboard.press('ArrowRight');
    assert.equal(await fenOf(laptop), fens[i], `ply ${i}`);
    assert.equal(await laptop.$eval('#moves .move.current', (e) => Number(e.dataset.ply)), i);
  }
  await laptop.keyboard.press('ArrowLeft');
  assert.equal(await fenOf(laptop), fens[11]);
  // A move played inside the game starts a variation; the main line stays.
  const before = await laptop.$$eval('#moves .move:not([data-variation])', (m) => m.length);
  const legal = await laptop.evaluate((f) => window.pawnkit.legalMoves(f), fens[11]);
  const other = legal.find((m) => m.fen !== fens[12]);
  await laptop.click(`[data-square="${other.uci.slice(0, 2)}"]`);
  await laptop.click(`[data-square="${other.uci.slice(2, 4)}"]`);
  if (other.uci.length === 5) await laptop.click(`#promotion [data-promotion="${other.uci[4]}"]`);
  assert.equal(await fenOf(laptop), other.fen);
  assert.equal(await laptop.$$eval('#moves .move:not([data-variation])', (m) => m.length), before);
  assert.equal(await laptop.$eval('#moves .move.current', (e) => e.hasAttribute('data-variation')), true);
});

await check('the address carries the game and the move; a new page opens there', async () => {
  await enterFen(laptop, START);
  for (const [from, to] of [['d2', 'd4'], ['d7', 'd5'], ['c2', 'c4'], ['e7', 'e6'], ['b1', 'c3']]) {
    await laptop.click(`[data-square="${from}"]`);
    await laptop.click(`[data-square="${to}"]`);
  }
  await laptop.evaluate(() => document.activeElement.blur());
  await laptop.keyboard.press('ArrowLeft');
  await laptop.keyboard.press('ArrowLeft');
  const address = laptop.url();
  assert.match(address, /#fen=.*&moves=d2d4,d7d5,c2c4,e7e6,b1c3&ply=3$/);
  const fens = cliFens('1. d4 d5 2. c4 e6 3. Nc3 *\n');
  const other = await open(1366, 768, address);
  assert.equal(await fenOf(other), fens[3]);
  assert.deepEqual(await moveTexts(other), await moveTexts(laptop));
  assert.equal(await other.$eval('#moves .move.current', (e) => e.dataset.ply), '3');
  await other.keyboard.press('ArrowRight');
  assert.equal(await fenOf(other), fens[4]);
  await other.close();
  // A bad address falls back to the start position with the message beside the FEN box.
  const bad = await open(1366, 768, `${url}#fen=${encodeURIComponent('rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')}&moves=e2e4`);
  assert.equal(await fenOf(bad), START);
  await bad.close();
});

await check('errors show beside their action: the FEN box, the file box, the query', async () => {
  await enterFen(laptop, 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  const fenError = await laptop.$eval('#fen-error', (e) => e.textContent);
  assert.match(fenError, /invalid FEN/);
  assert.equal(await laptop.$eval('#error', (e) => e.textContent), fenError);
  const box = await rect(laptop, '#fen'), shown = await rect(laptop, '#fen-error');
  assert.ok(shown.top - box.bottom < 40 && shown.top >= box.top, `the FEN message ${JSON.stringify(shown)} beside the box ${JSON.stringify(box)}`);
  within(shown, 1366, 768, 'the FEN message');
  assert.equal((await rect(laptop, '#error')).height <= 1, true, '#error is not shown a second time at the top');
  await enterFen(laptop, START);
  assert.equal(await laptop.$eval('#fen-error', (e) => e.textContent), '');
  // A binary file: beside the file box.
  const junk = path.join(tmp, 'junk.pgn');
  fs.writeFileSync(junk, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
  await openFile(laptop, junk);
  await laptop.waitForFunction(() => document.getElementById('file-error').textContent.length > 0, { timeout: 30000 });
  assert.match(await laptop.$eval('#file-error', (e) => e.textContent), /junk\.pgn/);
  assert.ok(await laptop.$eval('#file-error', (e) => !!e.closest('#drop')), 'inside the file box');
  // A bad query: beside the query, after the file is read.
  await openFile(laptop, path.join(source, 'data/sample.pgn'));
  await laptop.waitForFunction(() => !document.getElementById('results').hidden && document.getElementById('stats-json').textContent, { timeout: 60000 });
  await laptop.$eval('#query', (e) => { e.value = 'structure == iqp and'; });
  await laptop.click('#find-form button[type="submit"]');
  const query = await rect(laptop, '#query'), message = await rect(laptop, '#query-error');
  assert.ok(message.height > 0 && message.top - query.bottom < 120, 'the query message under the query');
  assert.equal(await laptop.$eval('#file-error', (e) => e.textContent), '', 'one message at a time');
});

await check('Cancel only while a run goes on; the same file again after Cancel; the bar never goes back', async () => {
  const shown = (selector) => laptop.$eval(selector, (e) => e.getClientRects().length > 0);
  await laptop.waitForFunction(() => document.getElementById('work').hidden, { timeout: 60000 });
  assert.equal(await shown('#cancel'), false, 'Cancel shown with nothing running');
  assert.equal(await shown('#progress'), false, 'the bar shown with nothing running');
  const big = path.join(tmp, 'big.pgn');
  const one = fs.readFileSync(path.join(source, 'data/sample.pgn'));
  fs.writeFileSync(big, Buffer.concat(Array.from({ length: 60 }, () => one)));
  await openFile(laptop, big);
  await laptop.waitForFunction(() => !document.getElementById('work').hidden);
  assert.equal(await shown('#cancel'), true, 'Cancel while reading');
  await laptop.focus('#cancel');
  await laptop.keyboard.press('Enter');
  await laptop.waitForFunction(() => document.getElementById('work').hidden, { timeout: 5000 });
  assert.equal(await shown('#cancel'), false, 'Cancel after cancelling');
  assert.equal(await laptop.$eval('#file-error', (e) => e.textContent), 'cancelled');
  // The same file again: read to the end, the bar's values only rising.
  await laptop.evaluate(() => {
    window.barValues = [];
    new MutationObserver(() => window.barValues.push(Number(document.getElementById('progress').value)))
      .observe(document.getElementById('progress'), { attributes: true, attributeFilter: ['value'] });
  });
  await (await laptop.$('#pgn-file')).uploadFile(big);
  await laptop.waitForFunction(() => !document.getElementById('work').hidden, { timeout: 5000 });
  await laptop.waitForFunction(() => document.getElementById('stats-json').textContent.length > 0, { timeout: 120000 });
  await laptop.waitForFunction(() => document.getElementById('work').hidden, { timeout: 60000 });
  const values = await laptop.evaluate(() => window.barValues);
  assert.ok(new Set(values).size >= 4, `the bar moved: ${values}`);
  assert.equal(values[0], 0, `a run starts at 0: ${values}`);
  for (let i = 1; i < values.length; ++i) assert.ok(values[i] >= values[i - 1], `the bar went back: ${values}`);
  assert.equal(values[values.length - 1], 1);
  assert.equal(JSON.parse(await laptop.$eval('#stats-json', (e) => e.textContent)).games, 300 * 60);
});

if (process.env.PAWNKIT_SCREENSHOTS) {
  await check('screenshots', async () => {
    const dir = process.env.PAWNKIT_SCREENSHOTS;
    fs.mkdirSync(dir, { recursive: true });
    for (const [width, height, name] of [[1366, 768, 'laptop'], [375, 812, 'phone']]) {
      const page = await open(width, height);
      await openFile(page, annotatedFile);
      await page.waitForFunction(() => !document.getElementById('results').hidden, { timeout: 60000 });
      await page.click('#games-table tbody tr button');
      await page.waitForFunction(() => document.querySelectorAll('#moves .move[data-variation]').length > 0, { timeout: 30000 });
      await page.click('#moves .move[data-ply="14"]');
      await page.mouse.move(0, 0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(dir, `board-${name}.png`) });
      await page.close();
    }
  });
}

await browser.close();
server.close();
fs.rmSync(tmp, { recursive: true, force: true });
checks.finish('board');
