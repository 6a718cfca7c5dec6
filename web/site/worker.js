// The Web Worker that reads games: it decompresses a file (gzip with the browser's own
// DecompressionStream, zstd with zstddec's streaming decoder, see zstd-chunks.js), copies
// its bytes into the WebAssembly module and runs stats, find, similar or the games table
// there, posting progress as it goes. The page cancels a run by terminating the worker
// (and with it the decoding worker below).
//
// The overlapped load (a .zst file, where the browser has JavaScript Promise Integration):
// a second worker (zstd-worker.js) decodes the file on the machine's other core while this
// one already runs the question on the bytes decoded so far; the module's reader waits
// for more through an import wrapped in WebAssembly.Suspending, entered through
// WebAssembly.promising (web/src/streamed_call.hpp). With a core free for each worker the
// page's time is then about the longer of decoding and reading instead of their sum; on a
// saturated machine the two share the CPU and it is not faster (docs/web.md, "Speed").
// Elsewhere (Firefox, Safari) the file is decoded first, then read: the same bytes, the
// same answers.
import createPawnkit from './pawnkit.mjs';
import { zstdChunks } from './zstd-chunks.js';

// JavaScript Promise Integration: Chromium 137 on (the page's `?overlap=off` does without).
const jspi = typeof WebAssembly.Suspending === 'function' && typeof WebAssembly.promising === 'function' &&
  new URLSearchParams(self.location.search).get('overlap') !== 'off';
let table = null; // the module's function table, where the streamed entry is
const modulePromise = jspi ? createStreamingModule() : createPawnkit();
let streamedCall = null; // WebAssembly.promising(the streamed entry), once the module is there
let loaded = null; // {key, input, decoders}: the last file read, kept for the next request on it
let decoders = []; // how the files being read are decompressed ('zstddec', 'gzip', 'none',
// 'zstddec (overlapped)')
let copyMs = 0; // of the last load's time, copying into the module's memory (web/test/measure.mjs)
let decodeMs = 0; // the overlapped load's decoding time, in the decoding worker (measure.mjs)

function post(type, id, payload) {
  self.postMessage({ type, id, ...payload });
}

// The first 4 bytes of `blob`, by which it is decompressed (as the CLI decides).
async function headOf(blob) {
  return new Uint8Array(await blob.slice(0, 4).arrayBuffer());
}
const isZstdHead = (head) => head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd;

// The input bytes `bytes` appended to `input` in the module's memory, the time it takes
// added to copyMs.
function copyIntoModule(M, input, bytes) {
  const copyStarted = performance.now();
  const at = input.append(bytes.length);
  M.HEAPU8.set(bytes, at); // after append: the memory may have grown
  copyMs += performance.now() - copyStarted;
}

// A progress report of reading a file's `total` bytes, at most every 100 ms: called with
// the bytes read so far.
function readingProgress(id, total) {
  let last = 0;
  return (read) => {
    const now = performance.now();
    if (now - last > 100) { last = now; post('progress', id, { phase: 'reading', done: read, total }); }
  };
}

// Whether the last file read is the one of `key` (kept for the next request on it).
const isLoaded = (key) => key && loaded && loaded.key === key;

function dropLoaded() {
  if (loaded) { loaded.input.delete(); loaded = null; }
}

// Chunks of the decompressed bytes of `blob`, by its first bytes (as the CLI decides).
// `reserve(size)`: the decompressed size, when the file states it (zstd).
async function* decompressed(blob, reserve) {
  const head = await headOf(blob);
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const zstd = isZstdHead(head);
  if (head[0] === 0x42 && head[1] === 0x5a && head[2] === 0x68)
    throw new Error(`'${blob.name || 'data'}': bzip2 is not read in the browser; decompress it first (bunzip2)`);
  if (zstd) {
    decoders.push('zstddec');
    yield* zstdChunks(blob, reserve);
    return;
  }
  decoders.push(gzip ? 'gzip' : 'none');
  let stream = blob.stream();
  if (gzip) {
    // The compressed bytes read so far, for progress.
    let compressed = 0;
    const counter = new TransformStream({
      transform(chunk, controller) { compressed += chunk.length; controller.enqueue(chunk); },
    });
    stream = stream.pipeThrough(counter).pipeThrough(new DecompressionStream('gzip'));
    const reader = stream.getReader();
    let reported = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield [value, compressed - reported];
      reported = compressed;
    }
  }
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield [value, value.length];
  }
}

// The module with its import pawnkit_wait_for_bytes (web/src/streamed_input.js) wrapped in
// WebAssembly.Suspending, found by its function's name: the glue shortens import names.
async function createStreamingModule() {
  let failed;
  const failure = new Promise((resolve, reject) => { failed = reject; });
  const instantiateWasm = (imports, receiveInstance) => {
    for (const module of Object.values(imports))
      for (const [name, f] of Object.entries(module))
        if (typeof f === 'function' && f.name === '_pawnkit_wait_for_bytes') module[name] = new WebAssembly.Suspending(f);
    WebAssembly.instantiateStreaming(fetch(new URL('./pawnkit.wasm', import.meta.url)), imports).then(({ instance, module }) => {
      table = Object.values(instance.exports).find((e) => e instanceof WebAssembly.Table);
      receiveInstance(instance, module);
    }, failed);
    return {};
  };
  const M = await Promise.race([createPawnkit({ instantiateWasm }), failure]);
  try {
    streamedCall = WebAssembly.promising(table.get(M.streamedEntry()));
  } catch (e) {
    streamedCall = null; // the fallback: decode first, then read
  }
  return M;
}

// The decoding worker of the overlapped load, started with the first .zst file.
let decodingWorker = null;

// The overlapped load of a zstd file: an Input that the decoding worker fills while the
// question runs, and a promise of the decoding's end (null, or the message of a damaged
// or truncated file). Meanwhile the module's waits for bytes resolve at the worker's next
// message; the bytes already there are read before.
function arrive(id, M, blob, name) {
  decodingWorker ??= new Worker(new URL('./zstd-worker.js', import.meta.url), { type: 'module' });
  decoders = ['zstddec (overlapped)'];
  copyMs = decodeMs = 0;
  const input = new M.Input(name);
  input.startArriving();
  let wake = null, read = 0;
  const reading = readingProgress(id, blob.size);
  M.waitForBytes = () => new Promise((resolve) => { wake = resolve; });
  const arrived = new Promise((resolve) => {
    const receive = (data) => {
      if (data.size !== undefined) input.reserve(data.size + 1);
      else if (data.chunk) {
        copyIntoModule(M, input, new Uint8Array(data.chunk, 0, data.length));
        decodingWorker.postMessage({ appended: input.size() });
        read += data.consumed;
        reading(read);
      } else {
        decodeMs = data.ms ?? 0;
        input.finish();
        M.waitForBytes = null;
        resolve(data.error ?? null);
      }
      if (wake) { wake(1); wake = null; }
    };
    decodingWorker.onmessage = ({ data }) => receive(data);
    // The worker's script did not load or failed outside its decoding: the question must not wait for ever.
    decodingWorker.onerror = (e) => { e.preventDefault(); decodingWorker.terminate(); decodingWorker = null; receive({ error: e.message || 'the zstd decoding worker failed' }); };
  });
  decodingWorker.postMessage({ blob });
  return { input, arrived };
}

// The questions the module can answer while the bytes arrive: their preparing bindings.
const streamedQuestions = { stats: 'prepareStats', find: 'prepareFind', similar: 'prepareSimilar', games: 'prepareGames' };

// The module's answer to `question`: called directly, or, while the bytes arrive, prepared
// and run through the streamed entry.
async function ask(M, question, arriving, ...args) {
  if (!arriving) return M[question](...args);
  M[streamedQuestions[question]](...args);
  await streamedCall();
  return M.takeStreamedResult();
}

// The Input (module memory) holding the decompressed bytes of one or more blobs.
async function load(id, M, blobs, name, key) {
  if (isLoaded(key)) {
    decoders = loaded.decoders;
    return loaded.input;
  }
  dropLoaded();
  decoders = [];
  copyMs = decodeMs = 0;
  const input = new M.Input(name);
  const total = blobs.reduce((n, b) => n + b.size, 0);
  input.reserve(total + blobs.length); // plain files' size; decompressed bytes grow beyond it
  let read = 0;
  const reading = readingProgress(id, total);
  try {
    for (const blob of blobs) {
      const reserve = (size) => input.reserve(input.size() + size + blobs.length);
      for await (const [chunk, consumed] of decompressed(blob, reserve)) {
        copyIntoModule(M, input, chunk);
        read += consumed;
        reading(read);
      }
      if (blobs.length > 1) M.HEAPU8.set([10], input.append(1)); // files end with a newline
    }
  } catch (e) {
    input.delete();
    throw new Error(`${name}: ${e.message || e}`);
  }
  if (key) loaded = { key, input, decoders };
  return input;
}

function asBlob(data, name) {
  if (data instanceof Blob) return data;
  return new Blob([data], { type: 'application/octet-stream' });
}

// The structure explorer's index of the page's files (explorer_bindings.cpp), kept here
// between questions: {key, index}.
let explorerIndex = null;

// A question to the explorer's index: the CLI's `explore --format json` answer as text.
function exploreIndex(id, args) {
  if (!explorerIndex) throw new Error('no index: open PGN files first');
  const text = explorerIndex.index.explore(args.fen ?? '', args.minElo ?? 0, (args.speeds ?? []).join(','),
    args.since ?? '', args.until ?? '', args.match ?? 'exact', args.games ?? 5);
  const answer = JSON.parse(text);
  if (answer.error) throw new Error(answer.error);
  post('result', id, { result: answer });
}

// One request at a time: a question that waits for bytes lets other messages in.
let requests = Promise.resolve();
self.onmessage = (event) => { requests = requests.then(() => answer(event)); };

async function answer(event) {
  const { id, op, data, name, key, args = {} } = event.data;
  try {
    const M = await modulePromise;
    if (op === 'ready') return post('result', id, { result: null });
    if (op === 'explore') return exploreIndex(id, args);
    const blobs = (Array.isArray(data) ? data : [data]).map((d) => asBlob(d, name));
    const fileName = name || blobs[0].name || '<memory>';
    const loadStarted = performance.now();
    const overlap = streamedCall && streamedQuestions[op] && blobs.length === 1 &&
      !isLoaded(key) && isZstdHead(await headOf(blobs[0]));
    let input, arrived = null;
    if (overlap) {
      dropLoaded();
      ({ input, arrived } = arrive(id, M, blobs[0], fileName));
    } else {
      input = await load(id, M, blobs, fileName, key);
    }
    const loadMs = performance.now() - loadStarted;
    let last = 0, finished = !arrived;
    if (arrived) arrived.then(() => { finished = true; });
    // Progress of the question, once the file is all there (before, of its reading).
    const progress = (games, bytes) => {
      const now = performance.now();
      if (!finished || now - last < 100) return;
      last = now;
      post('progress', id, { phase: op, games, done: bytes, total: input.size() });
    };
    const started = performance.now();
    let r;
    if (op === 'stats') r = await ask(M, 'stats', overlap, input, args.minPlies ?? 8, progress);
    else if (op === 'find') r = await ask(M, 'find', overlap, input, args.where ?? '', args.minPlies ?? 1, !!args.games, progress);
    else if (op === 'similar') r = await ask(M, 'similar', overlap, input, args.to ?? '', args.top ?? 10, args.minPly ?? 20, args.ignoredFiles ?? 0, progress);
    else if (op === 'search') r = M.searchGames(input, args.fen ?? '', args.match ?? 'exact', progress);
    else if (op === 'games') r = await ask(M, 'games', overlap, input, [].concat(args.game ?? 0).join(','), progress);
    else if (op === 'index') {
      // A new index of these files (an index of the files opened before is dropped).
      if (explorerIndex) { explorerIndex.index.delete(); explorerIndex = null; }
      const index = new M.BrowserIndex();
      const added = JSON.parse(index.add(input, progress));
      if (added.error) { index.delete(); r = { error: added.error }; }
      else { explorerIndex = { key, index }; r = { text: JSON.stringify(added), warnings: added.warnings }; }
    }
    else throw new Error(`unknown operation '${op}'`);
    if (arrived) {
      // A damaged or truncated file's message, as when it is decoded first.
      const error = await arrived;
      if (error) { input.delete(); throw new Error(`${fileName}: ${error}`); }
      if (key) loaded = { key, input, decoders };
    }
    if (!key) input.delete();
    if (r.error) throw new Error(r.error);
    // JSON lines are parsed here, not on the page's thread (a games table of 10,000 lines).
    const result = args.lines ? r.text.split('\n').filter((l) => l).map((l) => JSON.parse(l)) : r.text;
    const charts = r.charts ? JSON.parse(r.charts) : undefined;
    post('result', id, { result, warnings: r.warnings, charts, ms: performance.now() - started, loadMs, copyMs, decodeMs, decoders });
  } catch (e) {
    post('error', id, { message: e.message || String(e) });
  }
}
