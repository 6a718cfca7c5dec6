// Streaming byte input with constant memory: a file, standard input, or a compressed file
// (zstd, gzip, bzip2) decoded on the fly. Readers (LineReader, PGN reader) pull bytes into their
// own fixed-size buffer, so a 100 GB database is read with the same memory as a 1 KB one.
//
// Errors are values: opening returns the source or a message; a failure while reading
// ends the input and error() says what happened, naming the file.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace pawnkit::io {

class ByteSource {
 public:
  virtual ~ByteSource() = default;

  // Copies up to `capacity` (> 0) bytes into `out` and returns how many. 0 means the
  // input is over: its normal end, or a failure that error() then describes. Bytes
  // decoded before a failure are always delivered first.
  virtual std::size_t read(char* out, std::size_t capacity) = 0;

  // The name used in messages: the path, or "<stdin>".
  const std::string& name() const { return name_; }

  // Empty while nothing failed; otherwise a message naming the file.
  const std::string& error() const { return error_; }
  bool failed() const { return !error_.empty(); }

  // Empty, or a message about input that was ignored without losing any (e.g. bytes
  // after the last compressed stream); readers report it as a warning at the end.
  const std::string& warning() const { return warning_; }

 protected:
  explicit ByteSource(std::string name) : name_(std::move(name)) {}
  void fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
  }
  void warn(std::string message) {
    if (warning_.empty()) warning_ = std::move(message);
  }
  // For a source that wraps `inner`, once it has ended: its failure and warning are ours.
  void pass_on(const ByteSource& inner) {
    if (inner.failed()) fail(inner.error());
    if (!inner.warning().empty()) warn(inner.warning());
  }

 private:
  std::string name_;
  std::string error_;
  std::string warning_;
};

// The outcome of opening an input: a source, or a message saying why not.
struct OpenedSource {
  std::unique_ptr<ByteSource> source;  // null when opening failed
  std::string error;                   // e.g. "cannot open 'x.pgn': No such file or directory"

  bool ok() const { return source != nullptr; }
};

// How a file's bytes are packed. Compression is recognized by its magic bytes first
// (a gzip file named .pgn, gzip on standard input) and by the name's extension second.
enum class Container { Plain, Zstd, Gzip, Bzip2 };

// True when the name ends in ".zst" (so "games.pgn.zst" too).
bool is_zstd_name(std::string_view path);

// By the name's last extension: ".zst", ".gz", ".bz2" (any case); Plain otherwise.
Container container_from_name(std::string_view path);

// True when the name says the file is compressed (its size says nothing about the text's).
inline bool is_compressed_name(std::string_view path) {
  return container_from_name(path) != Container::Plain;
}

// By the first bytes of the data: zstd 28 B5 2F FD, gzip 1F 8B, bzip2 "BZh1".."BZh9";
// Plain otherwise (also when `head` is too short to tell).
Container container_from_magic(std::string_view head);

// Why bytes cannot be read as text, said in a message naming `name`: a ZIP archive
// ("PK\3\4"), UTF-16 (a byte order mark FF FE or FE FF, or NUL in every other byte of
// ASCII text). Empty when `head` (the first bytes, up to 64 suffice) looks like text.
// (open_source and decode_source transcode UTF-16 with a byte order mark instead.)
std::string unreadable_text(std::string_view head, std::string_view name);

// Opens a path for streaming: "-" is standard input. Compressed input (see Container) is
// decoded with libzstd, zlib or libbz2's streaming APIs (decoders.cpp). A missing file, a
// directory, a ZIP archive or UTF-16 text without a byte order mark is an error here (see
// unreadable_text; with a mark it is transcoded, with a warning): one message,
// before anything is read. So are a character device that is not a terminal (/dev/zero;
// /dev/null is allowed) and the file standard output writes to. While reading, a regular
// file that shrinks is an error, and so is more than max_bytes_without_line_end bytes
// without a line end.
OpenedSource open_source(const std::string& path);

// open_source's second half, for bytes that come from elsewhere (memory, a Python file
// object): decompressed by their magic bytes (else by `path`'s extension), refused when
// they are not text.
OpenedSource decode_source(std::unique_ptr<ByteSource> raw, std::string_view path);

// 'name' as it appears in messages.
std::string quoted(std::string_view name);

// Wraps a source of zstd-compressed bytes (one or more frames) into one that yields the
// decompressed bytes. A corrupt frame or input that ends inside a frame is an error.
std::unique_ptr<ByteSource> make_zstd_source(std::unique_ptr<ByteSource> compressed);

// The same for gzip (one or more members, as `cat a.gz b.gz` makes) and bzip2 (one or
// more streams, as pbzip2 writes). A corrupt or truncated stream is an error naming the
// file; the bytes decoded before it are delivered first.
std::unique_ptr<ByteSource> make_gzip_source(std::unique_ptr<ByteSource> compressed);
std::unique_ptr<ByteSource> make_bzip2_source(std::unique_ptr<ByteSource> compressed);

// 1 when `head` starts with the UTF-16 little-endian byte order mark FF FE, 2 for the
// big-endian FE FF, 0 otherwise.
int utf16_byte_order(std::string_view head);

// Wraps a source of UTF-16 text (its byte order mark first) into one that yields it as UTF-8
// (the mark dropped, lone surrogates as U+FFFD), with a warning() saying so (utf16_source.cpp).
std::unique_ptr<ByteSource> make_utf16_source(std::unique_ptr<ByteSource> inner, bool big_endian);

// Hands out `prefix` (bytes already read from `inner`) and then the rest of `inner`.
std::unique_ptr<ByteSource> make_prefixed_source(std::string prefix,
                                                 std::unique_ptr<ByteSource> inner);

// The longest stretch of input without a line end (LF or CR) that open_source and
// decode_source read: past it the input stops with an error (it is not text in lines).
inline constexpr std::size_t max_bytes_without_line_end = std::size_t(1) << 30;  // 1 GiB

// Hands out the bytes of `inner` until more than `max_bytes` follow the last line end:
// those are still delivered, then the input ends with an error naming the file.
std::unique_ptr<ByteSource> make_line_bound_source(std::unique_ptr<ByteSource> inner,
                                                   std::size_t max_bytes);

// Reads from `source` until `out` holds `size` bytes or the source ends (pipes deliver
// few bytes at a time). Returns the bytes read; a failure stays in the source.
std::string read_prefix(ByteSource& source, std::size_t size);

// Bytes held in memory, handed out at most `max_chunk` bytes per read (tests use small
// chunks to exercise every buffer boundary). Named `name` in messages.
std::unique_ptr<ByteSource> make_memory_source(std::string data, std::string name = "<memory>",
                                               std::size_t max_chunk = std::size_t(-1));

// Like make_memory_source, but over bytes the caller keeps alive (no copy).
std::unique_ptr<ByteSource> make_view_source(std::string_view data, std::string name = "<memory>",
                                             std::size_t max_chunk = std::size_t(-1));

// Reads a whole source into a string (tests, benchmarks, small inputs). Returns false
// and leaves the message in `error` when the source failed.
bool read_all(ByteSource& source, std::string& out, std::string& error);

}  // namespace pawnkit::io
