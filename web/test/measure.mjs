// Measures the page in headless Chromium (docs/web.md, "Speed"): the bytes of the first
// load, `stats` on a PGN file in the page (the API, then through the file input with the
// games table) against `pawnkit stats --threads 1` on the same file (runs alternated, the
// ratio of the medians: the machine's load changes less between neighbours), and the main thread's
// long tasks (> 50 ms; the goal is none over 100 ms) while the file is read.
//   node web/test/measure.mjs build/web build/pawnkit ../shared/data/lichess_magnus_games.pgn.zst
// (RUNS=9 for more runs; STATS_ONLY=1 for the API's figures alone; COMPARE=DIR also times the
// page built in DIR, another build of it, in the same turns: a change's before and after side
// by side.)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, loadPuppeteer, serve } from './harness.mjs';

const [web, cli, file] = process.argv.slice(2);
const puppeteer = await loadPuppeteer();
const server = await serve(path.resolve(web), { '/__input': path.resolve(file) });
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch(puppeteer);
const page = await browser.newPage();
page.on('console', (m) => console.log(m.text()));

// First load: every response's bytes on the wire.
const cdp = await page.createCDPSession();
await cdp.send('Network.enable');
let transferred = 0;
cdp.on('Network.loadingFinished', (e) => { transferred += e.encodedDataLength; });
await page.evaluateOnNewDocument(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const t of list.getEntries()) window.__longTasks.push(t.duration);
    for (const t of list.getEntries()) console.log(`long task at ${t.startTime.toFixed(0)} ms: ${t.duration.toFixed(0)} ms`);
  }).observe({ type: 'longtask', buffered: true });
});
await page.goto(url, { waitUntil: 'networkidle0' });
await page.waitForSelector('body[data-ready="true"]');
console.log(`first load: ${(transferred / 1024).toFixed(0)} KiB transferred`);

console.log(`load average: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`);
const runs = Number(process.env.RUNS || 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const timeMs = (f) => { const t = process.hrtime.bigint(); f(); return Number(process.hrtime.bigint() - t) / 1e6; };
const nativeStats = (input) => execFileSync(cli, ['stats', '--threads', '1', '--format', 'json', input],
  { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
// For a .zst file, the split of the native time too: the zstd tool's decompression alone,
// and stats on the decompressed file (a temporary copy).
const zst = file.endsWith('.zst');
const plain = zst ? path.join(os.tmpdir(), `pawnkit-measure-${process.pid}.pgn`) : null;
if (zst) execFileSync('zstd', ['-q', '-d', '-f', file, '-o', plain]);
// The worker's split of a page's times, run by run.
const newSplit = () => ({ load: [], copy: [], stats: [], decode: [] });
// The page of COMPARE, served and opened beside the first.
let other = null;
if (process.env.COMPARE) {
  const otherServer = await serve(path.resolve(process.env.COMPARE), { '/__input': path.resolve(file) });
  const otherPage = await browser.newPage();
  await otherPage.goto(`http://127.0.0.1:${otherServer.address().port}/`, { waitUntil: 'networkidle0' });
  await otherPage.waitForSelector('body[data-ready="true"]');
  other = { server: otherServer, page: otherPage, inPage: [], worker: newSplit() };
}
// One `stats` of the file in `page`, its time and split added to `into`.
async function timePage(page, into, label) {
  const r = await page.evaluate(async () => {
    const blob = await (await fetch('/__input')).blob();
    const t = performance.now();
    const r = await window.pawnkit.statsText(blob);
    return { total: performance.now() - t, loadMs: r.loadMs, copyMs: r.copyMs, decodeMs: r.decodeMs, ms: r.ms, decoders: r.decoders };
  });
  // Overlapped (worker.js): decoded in a second worker while stats runs, its bytes copied
  // into the module meanwhile; stats's time then includes waiting for bytes.
  const overlapped = r.decoders.some((d) => d.includes('overlapped'));
  if (overlapped) {
    console.log(`${label}in the worker: decoding in the second worker (${r.decoders.join(', ')}) ${r.decodeMs.toFixed(0)} ms` +
      ` during stats ${r.ms.toFixed(0)} ms (of which copying into the module ${r.copyMs.toFixed(0)} ms), all ${r.total.toFixed(0)} ms`);
  } else {
    console.log(`${label}in the worker: reading and decompressing (${r.decoders.join(', ')}) ${r.loadMs.toFixed(0)} ms` +
      ` (of which copying into the module ${r.copyMs.toFixed(0)} ms), stats ${r.ms.toFixed(0)} ms, all ${r.total.toFixed(0)} ms`);
  }
  into.inPage.push(r.total);
  into.worker.load.push(overlapped ? r.loadMs : r.loadMs - r.copyMs);
  into.worker.copy.push(r.copyMs);
  into.worker.stats.push(overlapped ? r.ms - r.copyMs : r.ms);
  into.worker.decode.push(overlapped ? r.decodeMs : r.loadMs - r.copyMs);
}
const native = [], inPage = [], worker = newSplit(), unzstd = [], nativePlain = [];
for (let i = 0; i < runs; ++i) {
  native.push(timeMs(() => nativeStats(file)));
  // With COMPARE, the two pages take turns going first (the first after native runs slower).
  if (other && i % 2) await timePage(other.page, other, `${process.env.COMPARE}: `);
  await timePage(page, { inPage, worker }, '');
  if (other && !(i % 2)) await timePage(other.page, other, `${process.env.COMPARE}: `);
  if (zst) {
    unzstd.push(timeMs(() => execFileSync('zstd', ['-q', '-d', '-c', file], { maxBuffer: 1 << 30, stdio: ['ignore', 'ignore', 'ignore'] })));
    nativePlain.push(timeMs(() => nativeStats(plain)));
  }
}
if (zst) fs.unlinkSync(plain);
const list = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`stats, native --threads 1: ${list(native)} ms`);
console.log(`stats, in the page (API):  ${list(inPage)} ms`);
console.log(`ratio page / native (medians of ${runs} alternated runs): ${(median(inPage) / median(native)).toFixed(2)} (${median(inPage).toFixed(0)} / ${median(native).toFixed(0)} ms)`);
const split = (inPage, worker, label) => {
  const rest = median(inPage) - median(worker.load) - median(worker.copy) - median(worker.stats);
  console.log(`${label}split (medians): reading and decompressing ${median(worker.load).toFixed(0)} ms, copying ${median(worker.copy).toFixed(0)} ms,` +
    ` stats ${median(worker.stats).toFixed(0)} ms, the rest (messages, transfer) ${rest.toFixed(0)} ms;` +
    ` decoding ${median(worker.decode).toFixed(0)} ms (overlapped: in the second worker, during stats)`);
};
split(inPage, worker, 'the page\'s ');
if (other) {
  console.log(`${process.env.COMPARE}: stats in the page: ${list(other.inPage)} ms`);
  console.log(`${process.env.COMPARE}: ratio page / native (the same turns): ${(median(other.inPage) / median(native)).toFixed(2)}` +
    ` (${median(other.inPage).toFixed(0)} / ${median(native).toFixed(0)} ms)`);
  split(other.inPage, other.worker, `${process.env.COMPARE}: `);
  other.server.close();
}
if (zst) {
  console.log(`native split (medians): zstd -d ${median(unzstd).toFixed(0)} ms (${list(unzstd)}),` +
    ` stats on the decompressed file ${median(nativePlain).toFixed(0)} ms (${list(nativePlain)})`);
  console.log(`page stats / native stats on the decompressed file: ${(median(worker.stats) / median(nativePlain)).toFixed(2)};` +
    ` page decoding / zstd -d: ${(median(worker.decode) / median(unzstd)).toFixed(2)}`);
}
console.log(`load average: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`);
// STATS_ONLY=1: the API's figures alone, without the file input's run below.
if (process.env.STATS_ONLY) {
  await browser.close();
  server.close();
  process.exit(0);
}

// Through the file input: stats and the games table, the page staying responsive.
await page.evaluate(() => { window.__longTasks.length = 0; });
const started = Date.now();
console.log(`upload at ${(await page.evaluate(() => performance.now())).toFixed(0)} ms`);
const input = await page.$('#pgn-file');
await input.uploadFile(path.resolve(file));
await page.waitForFunction(() => document.querySelectorAll('#games-table tbody tr').length > 0, { timeout: 600000 });
const tasks = await page.evaluate(() => window.__longTasks);
console.log(`file input to stats and games table: ${Date.now() - started} ms`);
console.log(`main-thread long tasks meanwhile: ${tasks.length}${tasks.length ? `, longest ${Math.max(...tasks).toFixed(0)} ms` : ''}`);
const same = (await page.$eval('#stats-json', (e) => e.textContent)).trim() ===
  execFileSync(cli, ['stats', '--format', 'json', file], { maxBuffer: 1 << 28, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
console.log(`#stats-json equals the CLI's: ${same}`);
await browser.close();
server.close();
