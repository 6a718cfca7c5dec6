// The decoding worker of the overlapped load (worker.js, started by the reading worker):
// decodes one zstd file at a time on the machine's other core, while the reading worker
// runs the question on the bytes already decoded. It posts, in order:
//   {size}                       the size the frame header states (for the module's reserve)
//   {chunk, length, consumed}    decompressed bytes (chunk: a transferred ArrayBuffer, its
//                                first `length` bytes), and compressed bytes read for them
//   {done, ms} or {error}        the end (ms: the decoding's time, for web/test/measure.mjs),
//                                or the message of a damaged or truncated file
// and stays at most WINDOW bytes ahead of what the reading worker says it appended
// ({appended}), so that few decoded bytes wait in messages: that worker handles them only
// when its question waits for bytes.
import { zstdChunks } from './zstd-chunks.js';

const POST_SIZE = 1 << 20; // bytes per message: fewer messages for the reading worker
const WINDOW = 16 << 20;

let appended = 0;
let wakeDecoder = null;

self.onmessage = ({ data }) => {
  if (data.appended !== undefined) {
    appended = data.appended;
    if (wakeDecoder) { wakeDecoder(); wakeDecoder = null; }
    return;
  }
  decode(data.blob);
};

async function decode(blob) {
  const started = performance.now();
  appended = 0;
  let sent = 0, consumed = 0, buffer = new Uint8Array(POST_SIZE), length = 0;
  const post = () => {
    self.postMessage({ chunk: buffer.buffer, length, consumed }, [buffer.buffer]);
    sent += length;
    buffer = new Uint8Array(POST_SIZE);
    length = consumed = 0;
  };
  try {
    for await (const [chunk, read] of zstdChunks(blob, (size) => self.postMessage({ size }))) {
      consumed += read;
      for (let at = 0; at < chunk.length;) {
        const n = Math.min(chunk.length - at, POST_SIZE - length);
        buffer.set(chunk.subarray(at, at + n), length);
        length += n;
        at += n;
        if (length === POST_SIZE) post();
      }
      while (sent - appended > WINDOW) await new Promise((resolve) => { wakeDecoder = resolve; });
    }
    if (length) post();
    self.postMessage({ done: true, ms: performance.now() - started });
  } catch (e) {
    self.postMessage({ error: e.message || String(e) });
  }
}
