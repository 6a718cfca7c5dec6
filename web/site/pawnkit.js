// pawnkit in the browser: the JavaScript API (docs/web.md). An ES module; the page also
// puts it on window.pawnkit.
//
//   await pawnkit.ready;
//   pawnkit.analyze(fen)            -> one line of `pawnkit analyze --format jsonl`, as an object
//   pawnkit.details(fen)            -> {phase, eval: {white, black}} (Stockfish 15.1's pawn terms)
//   pawnkit.drawingScheme()         -> {palette, stripe_keys, max_rings}: how `show --svg` draws keys
//   pawnkit.legalMoves(fen)         -> [{uci, san, fen}]: every legal move, with the FEN after it
//   pawnkit.playMove(fen, move)     -> {uci, san, fen}: one move (SAN or UCI) played
//   await pawnkit.stats(data, {minPlies})        -> `pawnkit stats --format json`, as an object
//   await pawnkit.statsText(data, {minPlies})    -> {text (that JSON), charts (stats --svg's files), warnings, decoders}
//   await pawnkit.find(data, {where, minPlies, games}) -> JSON lines as objects, or PGN text (games)
//   await pawnkit.similar(data, {to, top, minPly, ignoreFiles}) -> `similar --format jsonl` as objects, best first
//   await pawnkit.searchGames(data, {fen, match}) -> the games that reached the FEN's pawns, as explore --match counts them
//   await pawnkit.games(data, {game})            -> the games table (or the games numbered, with their moves)
//   await pawnkit.buildIndex(data)               -> the explorer's index of the files, in memory: {added, duplicates, games, bytes, warnings}
//   await pawnkit.explore({fen, match, minElo, speeds, since, until, games}) -> `explore --format json` of that index
//   pawnkit.cancel()                -> stops the running file work; its promise rejects
//
// `data` is a Uint8Array, Blob or File (or an array of them: one input). Errors are Error
// objects with the CLI's message. Analysis of one position runs here; files run in a Web
// Worker, so the page never freezes.
import createPawnkit from './pawnkit.mjs';

let module = null;
export const ready = createPawnkit().then((m) => { module = m; });

function run(fn, fen) {
  if (!module) throw new Error('pawnkit is not ready yet: await pawnkit.ready');
  if (typeof fen !== 'string') throw new Error('expected a FEN or EPD record as a string');
  const r = fn(fen);
  if (r.error) throw new Error(r.error);
  return JSON.parse(r.text);
}

export function analyze(fen) { return run(module && module.analyze, fen); }
export function details(fen) { return run(module && module.details, fen); }

// The analysis board's rules: every legal move of the position as {uci, san, fen (after
// it)}, and one move (SAN or UCI, read as lenient PGN readers do) played: {uci, san, fen}.
export function legalMoves(fen) {
  if (!module) throw new Error('pawnkit is not ready yet: await pawnkit.ready');
  const r = JSON.parse(module.legalMoves(String(fen)));
  if (r.error) throw new Error(r.error);
  return r.moves;
}
export function playMove(fen, move) {
  if (!module) throw new Error('pawnkit is not ready yet: await pawnkit.ready');
  const r = JSON.parse(module.playMove(String(fen), String(move)));
  if (r.error) throw new Error(r.error);
  return r;
}

export function drawingScheme() {
  if (!module) throw new Error('pawnkit is not ready yet: await pawnkit.ready');
  return JSON.parse(module.drawingScheme());
}

// An error message with the CLI's caret under the place, or '' when the query compiles.
export function checkQuery(where) {
  if (!module) throw new Error('pawnkit is not ready yet: await pawnkit.ready');
  return module.checkQuery(where);
}

let worker = null;
let nextId = 1;
const pending = new Map(); // id -> {resolve, reject, onProgress}

function theWorker() {
  if (worker) return worker;
  // `?overlap=off` in the page's address: a .zst file is decoded first, then read, as where
  // the browser has no JavaScript Promise Integration (worker.js; tests and measurements).
  const address = new URL('./worker.js', import.meta.url);
  if (new URLSearchParams(self.location.search).get('overlap') === 'off') address.search = '?overlap=off';
  worker = new Worker(address, { type: 'module' });
  worker.onmessage = ({ data }) => {
    const job = pending.get(data.id);
    if (!job) return;
    if (data.type === 'progress') { if (job.onProgress) job.onProgress(data); return; }
    pending.delete(data.id);
    if (data.type === 'error') job.reject(new Error(data.message));
    else job.resolve(data);
  };
  worker.onerror = (e) => {
    for (const job of pending.values()) job.reject(new Error(e.message || 'the worker failed'));
    pending.clear();
    worker = null;
  };
  return worker;
}

// Runs `op` in the worker. options.key: keep the file's bytes there for later requests with
// the same key (the page's files); options.onProgress({phase, games, done, total}).
function request(op, data, args, options = {}) {
  const id = nextId++;
  const name = options.name || (data && data.name) || (Array.isArray(data) && data[0] && data[0].name) || undefined;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress: options.onProgress });
    theWorker().postMessage({ id, op, data, name, key: options.key, args });
  });
}

export function cancel() {
  if (!worker) return false;
  worker.terminate();
  worker = null;
  const jobs = [...pending.values()];
  pending.clear();
  for (const job of jobs) job.reject(new Error('cancelled'));
  return jobs.length > 0;
}

export async function stats(data, options = {}) {
  const r = await request('stats', data, { minPlies: options.minPlies ?? 8 }, options);
  return JSON.parse(r.result);
}
export async function statsText(data, options = {}) {
  const r = await request('stats', data, { minPlies: options.minPlies ?? 8 }, options);
  return { text: r.result, warnings: r.warnings, charts: r.charts, ms: r.ms, loadMs: r.loadMs, copyMs: r.copyMs, decodeMs: r.decodeMs, decoders: r.decoders };
}
export async function find(data, options = {}) {
  const games = !!options.games;
  const r = await request('find', data, { where: options.where ?? '', minPlies: options.minPlies ?? 1, games, lines: !games }, options);
  return r.result;
}
// options.ignoreFiles: file letters as --ignore-files takes them ("a,h").
export async function similar(data, options = {}) {
  let ignoredFiles = 0;
  for (const c of options.ignoreFiles ?? '') {
    if (c === ',' || c === ' ') continue;
    if (c < 'a' || c > 'h') throw new Error('--ignore-files takes file letters a-h');
    ignoredFiles |= 1 << (c.charCodeAt(0) - 97);
  }
  const args = { to: options.to ?? '', top: options.top ?? 10, minPly: options.minPly ?? 20, ignoredFiles, lines: true };
  const r = await request('similar', data, args, options);
  return r.result;
}
// The named structure of a FEN's pawns as a search names it (as in a middlegame, whatever
// the pieces): {structure, structure_side}, '' for none.
export function maskStructure(fen) {
  if (!module) throw new Error('pawnkit is not ready yet: await pawnkit.ready');
  const r = JSON.parse(module.maskStructure(String(fen)));
  if (r.error) throw new Error(r.error);
  return r;
}
// options.fen: the pawns searched for (pieces ignored); options.match: 'exact', 'center' or
// 'structure', as `pawnkit explore --match` (docs/explorer.md). One object per game, at its
// first matching position: {game, ply, plies, structure, structure_side}.
export async function searchGames(data, options = {}) {
  const r = await request('search', data, { fen: options.fen ?? '', match: options.match ?? 'exact', lines: true }, options);
  return r.result;
}
// options.game: a game number, or an array of them (those games with their moves, in file order).
export async function games(data, options = {}) {
  const r = await request('games', data, { game: options.game ?? 0, lines: true }, options);
  return r.result;
}

// The structure explorer over the files (explorer_bindings.cpp): `pawnkit index add` into
// an index in memory, then `pawnkit explore --format json` questions to it.
export async function buildIndex(data, options = {}) {
  const r = await request('index', data, {}, options);
  return JSON.parse(r.result);
}
export async function explore(args = {}) {
  const r = await request('explore', null, args);
  return r.result;
}
