// What the browser tests and the measurements share: a static file server on localhost for
// build/web, and Debian's Chromium started headless through puppeteer-core (which
// downloads no browser), with the flags this machine's closed network needs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.md': 'text/markdown; charset=utf-8', '.pgn': 'application/x-chess-pgn' };

export async function loadPuppeteer() {
  try {
    return (await import('puppeteer-core')).default;
  } catch (e) {
    return null;
  }
}

// Serves `root`, and `extra` ({'/name': '/path/to/file'}) beside it.
export function serve(root, extra = {}) {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const file = extra[url] || path.join(root, url === '/' ? 'index.html' : url);
    if (!(file.startsWith(root) || extra[url]) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function launch(puppeteer) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pawnkit-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.PAWNKIT_CHROMIUM || '/usr/bin/chromium',
    userDataDir: profile,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  browser.on('disconnected', () => {
    try { fs.rmSync(profile, { recursive: true, force: true }); } catch (e) { /* Chromium may still be writing */ }
  });
  return browser;
}

// The checks of one test run: each named check prints "ok" or "FAIL", and `finish` ends
// the process with status 1 when any failed (a page error counts as a failure too).
export function newChecks() {
  const checks = {
    failures: 0,
    fail(message) {
      ++checks.failures;
      console.log(`FAIL ${message}`);
    },
    async check(name, body) {
      const started = Date.now();
      try {
        await body();
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (e) {
        checks.fail(`${name}: ${e.stack || e}`);
      }
    },
    finish(what) {
      if (checks.failures) {
        console.log(`${checks.failures} check(s) failed`);
        process.exit(1);
      }
      console.log(`all ${what} checks passed`);
    },
  };
  return checks;
}

// A new page of `browser` at `address` in a width x height viewport, once the page says it
// is ready (its wasm loaded); an error on the page fails `checks`.
export async function openPage(browser, address, width, height, checks) {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on('pageerror', (e) => checks.fail(`page error: ${e.message}`));
  await page.goto(address);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return page;
}

// What every browser test starts with: the build and CLI named by the environment
// (PAWNKIT_WEB, PAWNKIT_CLI, PAWNKIT_SOURCE_DIR), puppeteer-core (without it the test is
// skipped: exit status 77), `run` for the CLI, the site served on loopback and Chromium.
export async function startBrowserTest() {
  const web = process.env.PAWNKIT_WEB;
  const cli = process.env.PAWNKIT_CLI;
  const source = process.env.PAWNKIT_SOURCE_DIR;
  const puppeteer = await loadPuppeteer();
  if (!puppeteer) {
    console.log('SKIP: puppeteer-core is not installed (bash scripts/setup.sh runs npm ci in web/)');
    process.exit(77);
  }
  if (!fs.existsSync(path.join(web, 'pawnkit.wasm'))) throw new Error(`no page built in ${web}`);
  const run = (args, input) =>
    execFileSync(cli, args, { cwd: source, input, encoding: 'utf8', maxBuffer: 1 << 30, stdio: 'pipe' });
  const server = await serve(path.resolve(web));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launch(puppeteer);
  return { web, cli, source, run, server, url, browser };
}
