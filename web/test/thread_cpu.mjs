// The CPU time each of Chromium's threads spends on one `stats` of FILE in the page
// (docs/web.md, "Speed"): the work of the reading worker and of the decoding worker apart,
// which a loaded machine's wall times hide. Linux only (/proc). PAGES: builds of the page,
// each optionally with a query (build/web, 'build/web?overlap=off'), timed in turns.
//   node web/test/thread_cpu.mjs FILE RUNS PAGE...
import fs from 'node:fs';
import path from 'node:path';
import { launch, loadPuppeteer, serve } from './harness.mjs';

const [file, runs, ...targets] = process.argv.slice(2);
const puppeteer = await loadPuppeteer();
const browser = await launch(puppeteer);

// The processes of this browser: its own and their descendants (not other tests' Chromium).
function browserProcesses() {
  const parent = new Map();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try { parent.set(pid, /PPid:\s*(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]); } catch (e) { /* ended */ }
  }
  const ours = new Set([String(browser.process().pid)]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, ppid] of parent) if (ours.has(ppid) && !ours.has(pid)) { ours.add(pid); grown = true; }
  }
  return ours;
}

// {"pid/tid": {name, ms}} of every thread of this browser.
function threadTimes() {
  const times = new Map();
  for (const pid of browserProcesses()) {
    try {
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, 100 a second
        times.set(`${pid}/${tid}`, { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ms: ticks * 10 });
      }
    } catch (e) { /* a process or thread that ended meanwhile */ }
  }
  return times;
}

const pages = [];
for (const target of targets) {
  const [dir, query = ''] = target.split('?');
  const server = await serve(path.resolve(dir), { '/__input': path.resolve(file) });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/${query ? `?${query}` : ''}`);
  await page.waitForSelector('body[data-ready="true"]');
  pages.push({ target, page, server });
}
for (let i = 0; i < Number(runs); ++i) {
  for (const { target, page } of pages) {
    const before = threadTimes();
    const r = await page.evaluate(async () => {
      const blob = await (await fetch('/__input')).blob();
      const started = performance.now();
      const r = await window.pawnkit.statsText(blob);
      return { ms: performance.now() - started, decoders: r.decoders };
    });
    const busy = [...threadTimes()].map(([id, t]) => [t.name, t.ms - (before.get(id)?.ms ?? 0)])
      .filter(([, ms]) => ms >= 100).sort((a, b) => b[1] - a[1]);
    console.log(`${target} (${r.decoders.join(', ')}): ${r.ms.toFixed(0)} ms; CPU of the threads over 100 ms: ` +
      busy.map(([name, ms]) => `${name} ${ms}`).join(', '));
  }
}
await browser.close();
for (const { server } of pages) server.close();
