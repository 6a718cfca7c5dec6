// Streaming byte input with constant memory: a file, standard input, or a zstd-compressed
// file decoded on the fly. Readers (LineReader, PGN reader) pull bytes into their own
// fixed-size buffer, so a 100 GB database is read with the same memory as a 1 KB one.
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

 protected:
  explicit ByteSource(std::string name) : name_(std::move(name)) {}
  void fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
  }

 private:
  std::string name_;
  std::string error_;
};

// The outcome of opening an input: a source, or a message saying why not.
struct OpenedSource {
  std::unique_ptr<ByteSource> source;  // null when opening failed
  std::string error;                   // e.g. "cannot open 'x.pgn': No such file or directory"

  bool ok() const { return source != nullptr; }
};

// True when the name ends in ".zst" (so "games.pgn.zst" too).
bool is_zstd_name(std::string_view path);

// Opens a path for streaming: "-" is standard input, a name ending in ".zst" is decoded
// with libzstd's streaming API. A missing file or a directory is an error here.
OpenedSource open_source(const std::string& path);

// Wraps a source of zstd-compressed bytes (one or more frames) into one that yields the
// decompressed bytes. A corrupt frame or input that ends inside a frame is an error.
std::unique_ptr<ByteSource> make_zstd_source(std::unique_ptr<ByteSource> compressed);

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
