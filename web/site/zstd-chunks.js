// zstd files in the page's workers: the decompressed bytes of a file chunk by chunk, with
// zstddec's streaming decoder (zstd's own C decoder compiled to WebAssembly). The reading
// worker (worker.js) uses it where it cannot overlap decoding with reading; the decoding
// worker (zstd-worker.js) where it can.

// The decompressed size a zstd frame header states (RFC 8878, 3.1.1.1), or null when the
// header leaves it out (a file compressed from a pipe).
export function zstdContentSize(header) {
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

// Chunks [bytes, compressed bytes consumed since the last chunk] of a zstd file's
// decompressed bytes (each a copy out of the decoder's memory): one or more frames, with or
// without the size in their headers. `reserve(size)` is told the size the first frame header states, so that the module's
// copy is made once, without growing.
// The decoder yields nothing more, for ever, after a decoding error (a damaged frame or
// checksum): more empty chunks from one piece than it has room for empty frames (8 bytes
// each at least) mean that.
export async function* zstdChunks(blob, reserve) {
  const compressed = new Uint8Array(await blob.arrayBuffer());
  const size = zstdContentSize(compressed.subarray(0, 18));
  if (size !== null && size <= ZSTD_MAX_RATIO * compressed.length && size <= ZSTD_MAX_RESERVE) reserve(size);
  const { ZSTDDecoder } = await import('./zstddec-stream.mjs');
  const decoder = new ZSTDDecoder();
  await decoder.init();
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
