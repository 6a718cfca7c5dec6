// What the hand-run chessops checks (annotate_chessops.mjs, find_games_chessops.mjs) share:
// loading chessops and running pawnkit.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// chessops' ES modules, from CHESSOPS_DIR (where `npm install chessops` ran) or the cwd.
// Without them the check cannot run: it says "skipped" and exits 0.
export async function loadChessops() {
  try {
    const dist = path.join(process.env.CHESSOPS_DIR || process.cwd(), 'node_modules/chessops/dist/esm');
    const load = (name) => import(pathToFileURL(path.join(dist, `${name}.js`)).href);
    return { pgn: await load('pgn'), san: await load('san'), fen: await load('fen'), util: await load('util') };
  } catch (e) {
    console.log(`skipped: chessops not found (${e.code || e.message}); set CHESSOPS_DIR`);
    process.exit(0);
  }
}

// pawnkit's standard output for `args` with `input` on its standard input (stderr dropped).
export const runPawnkit = (binary, args, input) =>
  execFileSync(binary, args, { input, maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });
