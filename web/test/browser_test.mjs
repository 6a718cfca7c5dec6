// The page in headless Chromium against the CLI (docs/web.md, "Tests"): the same JSON for
// the bundled positions, the same keys on every square, stats of data/sample.pgn through the
// file input, errors that leave the page working, a cancellable worker. Takes the
// screenshots in docs/web/ when PAWNKIT_SCREENSHOTS names a folder.
// Exit status 77 (a skip for ctest) only when puppeteer-core is not installed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { newChecks, openPage, startBrowserTest } from './harness.mjs';

const { source, run, server, url, browser } = await startBrowserTest();

const cliReport = (fen) => JSON.parse(run(['analyze', '--format', 'jsonl', '-'], `${fen}\n`));

// The side.key names of every square in a CLI report, as the page should list them.
function expectedKeys(report) {
  const keys = {};
  for (const side of ['white', 'black'])
    for (const [key, value] of Object.entries(report[side])) {
      if (!Array.isArray(value) || key === 'island_files') continue;
      for (const sq of value) (keys[sq] ||= []).push(`${side}.${key}`);
    }
  return keys;
}

const checks = newChecks();
const { check } = checks;

const page = await openPage(browser, url, 1200, 1000, checks);

const text = (selector) => page.$eval(selector, (e) => e.textContent);
async function enterFen(fen) {
  await page.$eval('#fen', (e) => { e.value = ''; });
  await page.type('#fen', fen);
  await page.keyboard.press('Enter');
}
async function squareKeys() {
  return page.$$eval('#board [data-square]', (cells) =>
    Object.fromEntries(cells.map((c) => [c.dataset.square, c.dataset.keys])));
}
async function assertBoardMatchesCli(fen) {
  const expected = expectedKeys(cliReport(fen));
  const shown = await squareKeys();
  assert.equal(Object.keys(shown).length, 64);
  for (const [sq, keys] of Object.entries(shown))
    assert.deepEqual(keys ? keys.split(' ').sort() : [], (expected[sq] || []).sort(), `square ${sq} of ${fen}`);
}

await check('analyze() on data/structures.epd equals analyze --format jsonl', async () => {
  const lines = fs.readFileSync(path.join(source, 'data/structures.epd'), 'utf8').split('\n').filter((l) => l.trim());
  const expected = run(['analyze', '--format', 'jsonl', 'data/structures.epd']).trim().split('\n');
  assert.equal(lines.length, expected.length);
  const got = await page.evaluate((ls) => ls.map((l) => JSON.stringify(window.pawnkit.analyze(l))), lines);
  for (let i = 0; i < lines.length; ++i)
    assert.equal(got[i], JSON.stringify(JSON.parse(expected[i])), `line ${i + 1}`);
});

const positions = [
  'r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '4k3/p1p2ppp/1p6/3pP3/2PP4/8/P4PPP/4K3 w - d6 0 30',
  '8/2p5/1pP5/1P6/4k3/3p4/3P1K2/8 b - - 0 50',
];
await check('data-keys of every square equal the CLI report, positions entered in #fen', async () => {
  for (const fen of positions) {
    await enterFen(fen);
    assert.equal(await page.$eval('#fen', (e) => e.value), fen);
    await assertBoardMatchesCli(fen);
    const report = cliReport(fen);
    assert.equal(await text('#structure'), report.structure || '');
    if (report.structure === 'iqp') assert.match(await text('#structure-text'), /isolated d4-pawn/);
    assert.match(page.url(), /#fen=/);
  }
});

await check('pawn evaluation totals equal pawn-eval, terms add up to them', async () => {
  for (const fen of positions) {
    const cliEval = JSON.parse(run(['pawn-eval', '--format', 'jsonl', '-'], `${fen}\n`));
    const d = await page.evaluate((f) => window.pawnkit.details(f), fen);
    for (const side of ['white', 'black']) {
      assert.deepEqual({ mg: d.eval[side].mg, eg: d.eval[side].eg }, cliEval[side], `${side} of ${fen}`);
      const sum = d.eval[side].terms.reduce((s, t) => ({ mg: s.mg + t.mg, eg: s.eg + t.eg }), { mg: 0, eg: 0 });
      assert.deepEqual(sum, cliEval[side], `${side} terms of ${fen}`);
    }
  }
});

await check('clicking pieces onto the board changes the report', async () => {
  await enterFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  await page.click('#palette [data-piece="P"]');
  await page.click('#board [data-square="d4"]');
  await page.click('#board [data-square="f4"]');
  await page.click('#palette [data-piece="p"]');
  await page.click('#board [data-square="e6"]');
  const fen = await page.$eval('#fen', (e) => e.value);
  assert.equal(fen, '4k3/8/4p3/8/3P1P2/8/8/4K3 w - - 0 1');
  await assertBoardMatchesCli(fen);
  assert.match(await page.$eval('#board [data-square="d4"]', (e) => e.dataset.keys), /white\.isolated/);
  await page.click('#palette [data-piece="eraser"]');
  await page.click('#board [data-square="f4"]');
  assert.equal(await page.$eval('#fen', (e) => e.value), '4k3/8/4p3/8/3P4/8/8/4K3 w - - 0 1');
  await assertBoardMatchesCli('4k3/8/4p3/8/3P4/8/8/4K3 w - - 0 1');
  // The keyboard: arrows from d4 to e4, Enter places the chosen piece (the eraser: e4 is empty).
  await page.click('#palette [data-piece="P"]');
  await page.focus('#board [data-square="d4"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await page.$eval('#fen', (e) => e.value), '4k3/8/4p3/8/3PP3/8/8/4K3 w - - 0 1');
});

await check('a bad FEN shows the CLI message in #error and the page keeps working', async () => {
  await enterFen('rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  const message = await text('#error');
  const cliMessage = (() => {
    try { run(['analyze', '--format', 'jsonl', '-'], 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n'); } catch (e) { return e.stderr; }
    return '';
  })();
  assert.ok(message.includes('invalid FEN'), message);
  assert.ok(cliMessage.includes(message.split('invalid FEN')[1].trim()), `${message} vs ${cliMessage}`);
  await enterFen(positions[0]);
  assert.equal(await text('#error'), '');
  await assertBoardMatchesCli(positions[0]);
});

const sample = path.join(source, 'data/sample.pgn');
// pawnkit.statsText of a file in `where` (a page): {text, decoders} or {error}.
const statsInPage = (where, file) => where.evaluate(async (base64) => {
  const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  try {
    const r = await window.pawnkit.statsText(data);
    return { text: r.text, decoders: r.decoders.join(' ') };
  } catch (e) {
    return { error: e.message };
  }
}, fs.readFileSync(file).toString('base64'));
async function openFile(file) {
  await page.waitForFunction(() => document.getElementById('work').hidden, { timeout: 60000 });
  await page.$eval('#stats-json', (e) => { e.textContent = ''; });
  const input = await page.$('#pgn-file');
  await input.uploadFile(file);
}

await check('data/sample.pgn through #pgn-file: #stats-json equals stats --format json', async () => {
  await openFile(sample);
  await page.waitForFunction(() => document.getElementById('stats-json').textContent.length > 0, { timeout: 60000 });
  assert.equal((await text('#stats-json')).trim(), run(['stats', '--format', 'json', 'data/sample.pgn']).trim());
  await page.waitForFunction(() => !document.getElementById('results').hidden, { timeout: 60000 });
  assert.equal(await page.$$eval('#games-table tbody tr', (r) => r.length), 200);
  assert.match(await text('#games-count'), /^300 games; the first 200/);
  await page.type('#filter', 'french-advance');
  const french = JSON.parse(run(['stats', '--format', 'json', '--min-plies', '1', 'data/sample.pgn'])).structures['french-advance'].games;
  assert.equal(await page.$$eval('#games-table tbody tr', (r) => r.length), french);
  await page.$eval('#filter', (e) => { e.value = ''; e.dispatchEvent(new Event('input')); });
});

await check('.pgn.gz and .pgn.zst (the browser\'s gzip, zstddec) give the same #stats-json', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-web-'));
  const expected = run(['stats', '--format', 'json', 'data/sample.pgn']).trim();
  const gz = path.join(dir, 'sample.pgn.gz'), zst = path.join(dir, 'sample.pgn.zst');
  fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(sample)));
  execFileSync('zstd', ['-q', '-o', zst, sample]);
  for (const file of [gz, zst]) {
    await openFile(file);
    await page.waitForFunction(() => document.getElementById('stats-json').textContent.length > 0, { timeout: 60000 });
    assert.equal((await text('#stats-json')).trim(), expected, file);
  }
});

await check('the stats charts are stats --svg\'s files, byte for byte', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-web-'));
  run(['stats', '--svg', dir, 'data/sample.pgn']);
  const charts = await page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return (await window.pawnkit.statsText(data)).charts;
  }, fs.readFileSync(sample).toString('base64'));
  assert.deepEqual(charts.map((c) => c.name).sort(), fs.readdirSync(dir).sort());
  for (const chart of charts) assert.equal(chart.svg, fs.readFileSync(path.join(dir, chart.name), 'utf8'), chart.name);
  assert.equal(await page.$$eval('#stats-view figure svg', (svgs) => svgs.length), charts.length);
});

// zstddec's streaming decoder reads every .zst: a file whose frame header states its size,
// one compressed from a pipe (no size), two frames (the first frame's size is not the
// file's); a damaged one (its frame checksum) and a truncated one are errors in the CLI's
// words. Both ways: decoded in a second worker while the module reads (Chromium has
// JavaScript Promise Integration), and decoded first (`?overlap=off`, as in other browsers).
await check('.pgn.zst with and without the size, of two frames, give the CLI\'s stats', async () => {
  const decodedFirst = await openPage(browser, `${url}?overlap=off`, 1200, 1000, checks);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-web-'));
  const sized = path.join(dir, 'sized.pgn.zst'), piped = path.join(dir, 'piped.pgn.zst');
  const twoFrames = path.join(dir, 'two-frames.pgn.zst'), damaged = path.join(dir, 'damaged.pgn.zst');
  const truncated = path.join(dir, 'truncated.pgn.zst');
  execFileSync('zstd', ['-q', '-o', sized, sample]);
  fs.writeFileSync(piped, execFileSync('zstd', ['-q', '-c'], { input: fs.readFileSync(sample), maxBuffer: 1 << 26 }));
  fs.writeFileSync(twoFrames, Buffer.concat([fs.readFileSync(sized), fs.readFileSync(sized)]));
  const bytes = fs.readFileSync(sized);
  fs.writeFileSync(truncated, bytes.subarray(0, bytes.length >> 1));
  bytes[bytes.length >> 1] ^= 0x55;
  fs.writeFileSync(damaged, bytes);
  for (const [where, decoders] of [[page, 'zstddec (overlapped)'], [decodedFirst, 'zstddec']]) {
    const inPage = (file) => statsInPage(where, file);
    for (const file of [sized, piped, twoFrames]) {
      const r = await inPage(file);
      assert.equal(r.decoders, decoders, `${file}: ${r.error}`);
      assert.equal(r.text.trim(), run(['stats', '--format', 'json', file]).trim(), file);
    }
    assert.match((await inPage(damaged)).error || '', /zstd error: Data corruption detected/, `a damaged .zst (${decoders})`);
    assert.match((await inPage(truncated)).error || '', /zstd error: truncated frame/, `a truncated .zst (${decoders})`);
  }
  await decodedFirst.close();
  await page.bringToFront(); // a page behind another one draws nothing (the checks below)
});

// The overlapped read over many of the decoding worker's messages (1 MiB each), where the
// module waits for bytes again and again: stats, find and the games table equal the CLI's,
// and the decoded bytes stay for the next question on the file. Then a UTF-16 file (its
// byte order mark decides how the arriving bytes are read).
await check('a .pgn.zst of many chunks is read while it is decoded, with the CLI\'s answers', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-web-'));
  const many = path.join(dir, 'many.pgn'), utf16 = path.join(dir, 'utf16.pgn');
  fs.writeFileSync(many, Buffer.concat(Array(8).fill(fs.readFileSync(sample))));
  fs.writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(fs.readFileSync(sample, 'latin1'), 'utf16le')]));
  for (const file of [many, utf16]) execFileSync('zstd', ['-q', '-f', file]);
  const r = await statsInPage(page, `${many}.zst`);
  assert.equal(r.decoders, 'zstddec (overlapped)', r.error);
  assert.equal(r.text.trim(), run(['stats', '--format', 'json', `${many}.zst`]).trim());
  const answers = await page.evaluate(async (base64) => {
    const data = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]);
    const where = 'd4 in white.isolated';
    const found = await window.pawnkit.find(data, { where });
    const table = await window.pawnkit.games(data, { key: 'many' });
    const again = await window.pawnkit.games(data, { key: 'many' });
    return { found: found.length, table: table.length, again: again.length };
  }, fs.readFileSync(`${many}.zst`).toString('base64'));
  const cliFound = run(['find', '--where', 'd4 in white.isolated', `${many}.zst`]).split('\n').filter((l) => l).length;
  assert.deepEqual(answers, { found: cliFound, table: 2400, again: 2400 });
  const u = await statsInPage(page, `${utf16}.zst`);
  assert.equal(u.decoders, 'zstddec (overlapped)', u.error);
  assert.equal(u.text.trim(), run(['stats', '--format', 'json', `${utf16}.zst`]).trim());
});

await check('a file dropped on the drop zone is read like an opened one', async () => {
  await page.waitForFunction(() => document.getElementById('work').hidden, { timeout: 60000 });
  await page.$eval('#stats-json', (e) => { e.textContent = ''; });
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'sample.pgn'));
    document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, fs.readFileSync(sample).toString('base64'));
  await page.waitForFunction(() => document.getElementById('stats-json').textContent.length > 0, { timeout: 60000 });
  assert.equal((await text('#stats-json')).trim(), run(['stats', '--format', 'json', 'data/sample.pgn']).trim());
});

await check('find, a bad query, export and a game to step through', async () => {
  await page.$eval('#query', (e) => { e.value = 'd4 in white.isolatd'; });
  await page.click('#find-form button[type="submit"]');
  let cliMessage = '';
  try { run(['find', '--where', 'd4 in white.isolatd', 'data/sample.pgn']); } catch (e) { cliMessage = e.stderr; }
  const shown = await text('#query-error');
  assert.ok(shown.includes('^~~~'), shown);
  assert.ok(cliMessage.endsWith(shown.split('\n').slice(1).join('\n')), `${shown}\nvs\n${cliMessage}`);
  assert.ok((await text('#error')).includes("unknown key 'white.isolatd'"));
  const where = 'd4 in white.isolated and ply >= 20';
  await page.$eval('#query', (e, w) => { e.value = w; }, where);
  await page.click('#find-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#find-results p'), { timeout: 30000 });
  const expected = run(['find', '--where', where, 'data/sample.pgn']).trim().split('\n');
  assert.equal(await text('#find-results p'), `${expected.length} positions`);
  assert.equal(await text('#error'), '');
  // The exported games are find --games' PGN.
  const pgn = await page.evaluate(async (w, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return window.pawnkit.find(bytes, { where: w, games: true, name: 'data/sample.pgn' });
  }, where, fs.readFileSync(sample).toString('base64'));
  assert.equal(pgn, run(['find', '--games', '--where', where, 'data/sample.pgn']));
  // similar with the board's position: similar --format jsonl's objects.
  const to = positions[0];
  const hits = await page.evaluate(async (f, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return window.pawnkit.similar(bytes, { to: f, top: 5, name: 'data/sample.pgn' });
  }, to, fs.readFileSync(sample).toString('base64'));
  const cliHits = run(['similar', '--format', 'jsonl', '--top', '5', '--to', to, 'data/sample.pgn']).trim().split('\n');
  assert.deepEqual(hits.map((h) => JSON.stringify(h)), cliHits.map((l) => JSON.stringify(JSON.parse(l))));
  // --min-ply and --ignore-files, as the API's minPly and ignoreFiles.
  const narrowed = await page.evaluate(async (f, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    let error = '';
    try { await window.pawnkit.similar(bytes, { to: f, ignoreFiles: 'a,z' }); } catch (e) { error = e.message; }
    return { hits: await window.pawnkit.similar(bytes, { to: f, top: 5, minPly: 30, ignoreFiles: 'a,h', name: 'data/sample.pgn' }), error };
  }, to, fs.readFileSync(sample).toString('base64'));
  const cliNarrowed = run(['similar', '--format', 'jsonl', '--top', '5', '--min-ply', '30', '--ignore-files', 'a,h', '--to', to, 'data/sample.pgn']).trim().split('\n');
  assert.deepEqual(narrowed.hits.map((h) => JSON.stringify(h)), cliNarrowed.map((l) => JSON.stringify(JSON.parse(l))));
  assert.notDeepEqual(cliNarrowed, cliHits);
  assert.match(narrowed.error, /--ignore-files/);
  // Open the first hit: the board shows that position.
  await page.click('#find-results li button');
  const first = JSON.parse(expected[0]);
  await page.waitForFunction((f) => document.getElementById('fen').value === f, {}, first.fen);
  await page.click('#next');
  await page.click('#prev');
  assert.equal(await page.$eval('#fen', (e) => e.value), first.fen);
  await assertBoardMatchesCli(first.fen);
  // The structure timeline: the structure of every ply, as analyze reports it for the game.
  const game = await page.evaluate(async (n, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return (await window.pawnkit.games(bytes, { game: n }))[0];
  }, first.game, fs.readFileSync(sample).toString('base64'));
  const plies = run(['analyze', '--format', 'jsonl', 'data/sample.pgn']).trim().split('\n')
    .map((l) => JSON.parse(l)).filter((r) => r.game === first.game);
  assert.deepEqual(game.structure_by_ply, plies.map((r) => r.structure || ''));
  assert.deepEqual(game.fens, plies.map((r) => r.fen));
  assert.match(await text('#timeline'), / at this move; /);
});

await check('a binary file shows #error and the page keeps working', async () => {
  const junk = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-web-')), 'junk.pgn');
  fs.writeFileSync(junk, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
  await page.$eval('#error', (e) => { e.textContent = ''; });
  await openFile(junk);
  await page.waitForFunction(() => document.getElementById('error').textContent.length > 0, { timeout: 30000 });
  assert.match(await text('#error'), /junk\.pgn/);
  await enterFen(positions[2]);
  await assertBoardMatchesCli(positions[2]);
});

await check('the worker can be cancelled, and works again after', async () => {
  // A large input: the sample many times over.
  const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-web-')), 'big.pgn');
  const one = fs.readFileSync(sample);
  fs.writeFileSync(big, Buffer.concat(Array.from({ length: 100 }, () => one)));
  await openFile(big);
  await page.waitForFunction(() => !document.getElementById('work').hidden);
  await page.focus('#cancel'); // by keyboard: a click can miss while the page lays out
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('work').hidden, { timeout: 5000 });
  assert.equal(await text('#error'), 'cancelled');
  assert.equal(await text('#stats-json'), '');
  await openFile(sample);
  await page.waitForFunction(() => document.getElementById('stats-json').textContent.length > 0, { timeout: 60000 });
  assert.equal((await text('#stats-json')).trim(), run(['stats', '--format', 'json', 'data/sample.pgn']).trim());
});

// What `show --svg` draws for some keys, as "square ring inset colour" and "square stripes
// colour side" lines; rings are drawn for both sides alike there.
function svgOverlays(svg) {
  const square = (x, y) => `${'abcdefgh'[Math.floor((x - 64) / 56)]}${8 - Math.floor((y - 44) / 56)}`;
  const stripeColors = Object.fromEntries([...svg.matchAll(/<pattern id="stripe(\d+[wb])".*?fill="(#[0-9a-f]{6})"/g)].map((m) => [m[1], m[2]]));
  const out = [];
  for (const m of svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="[\d.]+" fill="none" stroke="(#[0-9a-f]{6})" stroke-width="2.5"\/>/g)) {
    const x = Number(m[1]), y = Number(m[2]);
    out.push(`${square(x, y)} ring ${Number(((x - 64) % 56).toFixed(2))} ${m[3]}`);
  }
  for (const m of svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="56" height="56" fill="url\(#stripe(\d+([wb]))\)"\/>/g))
    out.push(`${square(Number(m[1]), Number(m[2]))} stripes ${stripeColors[m[3]]} ${m[4] === 'w' ? 'white' : 'black'}`);
  return out.sort();
}

await check('overlays are drawn as show --svg draws them: colours, ring places, stripes', async () => {
  await enterFen(positions[0]);
  await page.click('#contract-keys summary'); // the contract's keys: one click from the coach's marks
  await page.click('#overlay-keys input[value="single_pushes"]');
  const shown = await page.$$eval('#overlay-keys input:checked', (inputs) => inputs.map((i) => i.value));
  const drawn = await page.$$eval('#board [data-square]', (cells) => cells.flatMap((c) =>
    [...c.querySelectorAll('.overlays span')].map((span) => {
      const style = span.getAttribute('style');
      const color = style.match(/#[0-9a-f]{6}/)[0];
      if (span.className === 'stripes') return `${c.dataset.square} stripes ${color} ${style.includes('(-45deg') ? 'white' : 'black'}`;
      return `${c.dataset.square} ring ${Number(style.match(/inset:([\d.]+)px/)[1])} ${color}`;
    })));
  // A square in both sides' sets of a ring key has one ring (solid and dashed sides) here.
  const expected = svgOverlays(run(['show', positions[0], '--pattern', shown.join(','), '--svg', '-']));
  assert.ok(expected.some((l) => l.includes('stripes')) && expected.some((l) => l.includes('ring')));
  assert.deepEqual(drawn.sort(), expected);
  const legend = await page.$$eval('#legend .legend-item', (items) => items.map((i) => i.textContent.trim().split(' ')[0]));
  assert.deepEqual(legend, shown);
});

if (process.env.PAWNKIT_SCREENSHOTS) {
  await check('screenshots', async () => {
    const dir = process.env.PAWNKIT_SCREENSHOTS;
    fs.mkdirSync(dir, { recursive: true });
    await enterFen(positions[0]);
    await (await page.$('.board-area')).screenshot({ path: path.join(dir, 'board.png') });
    await (await page.$('#coach-charts')).screenshot({ path: path.join(dir, 'stats.png') });
  });
}

await browser.close();
server.close();
checks.finish('browser');
