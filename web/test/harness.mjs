// What the browser tests and the measurements share: a static file server on localhost for
// build/web, and Debian's Chromium started headless through puppeteer-core (which
// downloads no browser), with the flags this machine's closed network needs.
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
