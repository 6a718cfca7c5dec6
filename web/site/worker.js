// The Web Worker that reads games: it decompresses a file (gzip with the browser's own
// DecompressionStream, zstd with zstddec's streaming decoder, see zstdChunks), copies its
// bytes into the WebAssembly module and runs stats, find, similar or the games table
// there, posting progress as it goes. The page cancels a run by terminating the worker.
import createPawnkit from './pawnkit.mjs';

const modulePromise = createPawnkit();
let loaded = null; // {key, input, decoders}: the last file read, kept for the next request on it
let decoders = []; // how the files being read are decompressed ('zstddec', 'gzip', 'none')
let copyMs = 0; // of the last load's time, copying into the module's memory (web/test/measure.mjs)

function post(type, id, payload) {
  self.postMessage({ type, id, ...payload });
}

// The decompressed size a zstd frame header states (RFC 8878, 3.1.1.1), or null when the
// header leaves it out (a file compressed from a pipe).
function zstdContentSize(header) {
  const descriptor = header[4];
  const sizeFlag = descriptor >> 6, singleSegment = (descriptor >> 5) & 1;
  const fieldBytes = [singleSegment, 2, 4, 8][sizeFlag];
  if (fieldBytes === 0) return null;
  const at = 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3];
  if (at + fieldBytes > header.length) return null; // a truncated file: the decoder says so
  let size = 0;
  for (let i = fieldBytes - 1; i >= 0; --i) size = size * 256 + header[at + i];
  return fieldBytes === 2 ? size + 256 : size;
}

// The piece of a compressed file handed to the decoder at a time: its memory holds one
// piece and one block of output (128 KiB), never the whole file.
const ZSTD_PIECE = 1 << 20;
// Room reserved in the module up front for the size a frame header states, unless it is
// more than this many times the compressed size or 1 GiB (a damaged or hostile header):
// then the module's copy grows as the bytes come.
const ZSTD_MAX_RATIO = 64, ZSTD_MAX_RESERVE = 1 << 30;

// Chunks of a zstd file's decompressed bytes, decoded as they are copied into the module by
// zstddec's streaming decoder (zstd's own C decoder compiled to WebAssembly): one or more
// frames, with or without the size in their headers. `reserve(size)` is told the size the
// first frame header states, so that the module's copy is made once, without growing.
// The decoder yields nothing more, for ever, after a decoding error (a damaged frame or
// checksum): more empty chunks from one piece than it has room for empty frames (8 bytes
// each at least) mean that.
async function* zstdChunks(blob, reserve) {
  const compressed = new Uint8Array(await blob.arrayBuffer());
  const size = zstdContentSize(compressed.subarray(0, 18));
  if (size !== null && size <= ZSTD_MAX_RATIO * compressed.length && size <= ZSTD_MAX_RESERVE) reserve(size);
  const { ZSTDDecoder } = await import('./zstddec-stream.mjs');
  const decoder = new ZSTDDecoder();
  await decoder.init();
  decoders.push('zstddec');
  let at = 0, reported = 0, empty = 0, emptyLimit = 0;
  function* pieces() {
    while (at < compressed.length) {
      const piece = compressed.subarray(at, at + ZSTD_PIECE);
      at += piece.length;
      empty = 0;
      emptyLimit = (piece.length >> 3) + 8;
      yield piece;
    }
  }
  try {
    for (const chunk of decoder.decodeStreaming(pieces())) {
      if (chunk.length === 0) {
        if (++empty > emptyLimit) throw new Error('zstd error: Data corruption detected');
        continue;
      }
      yield [chunk, at - reported];
      reported = at;
    }
  } catch (e) {
    // The CLI's words (libzstd's) for input that ends inside a frame.
    if (/Incomplete stream/.test(e.message)) throw new Error('zstd error: truncated frame (unexpected end of file)');
    throw e;
  }
}

// Chunks of the decompressed bytes of `blob`, by its first bytes (as the CLI decides).
// `reserve(size)`: the decompressed size, when the file states it (zstd).
async function* decompressed(blob, reserve) {
  const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const zstd = head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd;
  if (head[0] === 0x42 && head[1] === 0x5a && head[2] === 0x68)
    throw new Error(`'${blob.name || 'data'}': bzip2 is not read in the browser; decompress it first (bunzip2)`);
  if (zstd) {
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

// The Input (module memory) holding the decompressed bytes of one or more blobs.
async function load(id, M, blobs, name, key) {
  if (key && loaded && loaded.key === key) {
    decoders = loaded.decoders;
    return loaded.input;
  }
  if (loaded) { loaded.input.delete(); loaded = null; }
  decoders = [];
  copyMs = 0;
  const input = new M.Input(name);
  const total = blobs.reduce((n, b) => n + b.size, 0);
  input.reserve(total + blobs.length); // plain files' size; decompressed bytes grow beyond it
  let read = 0, last = 0;
  try {
    for (const blob of blobs) {
      const reserve = (size) => input.reserve(input.size() + size + blobs.length);
      for await (const [chunk, consumed] of decompressed(blob, reserve)) {
        const copyStarted = performance.now();
        const at = input.append(chunk.length);
        M.HEAPU8.set(chunk, at); // after append: the memory may have grown
        copyMs += performance.now() - copyStarted;
        read += consumed;
        const now = performance.now();
        if (now - last > 100) { last = now; post('progress', id, { phase: 'reading', done: read, total }); }
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

self.onmessage = async (event) => {
  const { id, op, data, name, key, args = {} } = event.data;
  try {
    const M = await modulePromise;
    if (op === 'ready') return post('result', id, { result: null });
    if (op === 'explore') return exploreIndex(id, args);
    const blobs = (Array.isArray(data) ? data : [data]).map((d) => asBlob(d, name));
    const fileName = name || blobs[0].name || '<memory>';
    const loadStarted = performance.now();
    const input = await load(id, M, blobs, fileName, key);
    const loadMs = performance.now() - loadStarted;
    const size = input.size();
    let last = 0;
    const progress = (games, bytes) => {
      const now = performance.now();
      if (now - last < 100) return;
      last = now;
      post('progress', id, { phase: op, games, done: bytes, total: size });
    };
    const started = performance.now();
    let r;
    if (op === 'stats') r = M.stats(input, args.minPlies ?? 8, progress);
    else if (op === 'find') r = M.find(input, args.where ?? '', args.minPlies ?? 1, !!args.games, progress);
    else if (op === 'similar') r = M.similar(input, args.to ?? '', args.top ?? 10, args.minPly ?? 20, args.ignoredFiles ?? 0, progress);
    else if (op === 'search') r = M.searchGames(input, args.fen ?? '', args.match ?? 'exact', progress);
    else if (op === 'games') r = M.games(input, [].concat(args.game ?? 0).join(','), progress);
    else if (op === 'index') {
      // A new index of these files (an index of the files opened before is dropped).
      if (explorerIndex) { explorerIndex.index.delete(); explorerIndex = null; }
      const index = new M.BrowserIndex();
      const added = JSON.parse(index.add(input, progress));
      if (added.error) { index.delete(); r = { error: added.error }; }
      else { explorerIndex = { key, index }; r = { text: JSON.stringify(added), warnings: added.warnings }; }
    }
    else throw new Error(`unknown operation '${op}'`);
    if (!key) input.delete();
    if (r.error) throw new Error(r.error);
    // JSON lines are parsed here, not on the page's thread (a games table of 10,000 lines).
    const result = args.lines ? r.text.split('\n').filter((l) => l).map((l) => JSON.parse(l)) : r.text;
    const charts = r.charts ? JSON.parse(r.charts) : undefined;
    post('result', id, { result, warnings: r.warnings, charts, ms: performance.now() - started, loadMs, copyMs, decoders });
  } catch (e) {
    post('error', id, { message: e.message || String(e) });
  }
};
