#include "io/byte_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace pawnkit::io {
namespace {

// 'name' as it appears in messages.
std::string quoted(const std::string& name) { return "'" + name + "'"; }

// A POSIX file descriptor read directly into the caller's buffer: no copy, no buffer of
// its own. Standard input is not closed at the end.
class FileSource final : public ByteSource {
 public:
  FileSource(int fd, std::string name, bool owns)
      : ByteSource(std::move(name)), fd_(fd), owns_(owns) {}
  ~FileSource() override {
    if (owns_) ::close(fd_);
  }

  // Retries on EINTR; any other failure ends the input with a message.
  std::size_t read(char* out, std::size_t capacity) override {
    if (done_) return 0;
    for (;;) {
      const ssize_t n = ::read(fd_, out, capacity);
      if (n > 0) return static_cast<std::size_t>(n);
      if (n < 0 && errno == EINTR) continue;
      done_ = true;
      if (n < 0) fail("read error on " + quoted(name()) + ": " + std::strerror(errno));
      return 0;
    }
  }

 private:
  int fd_;
  bool owns_;
  bool done_ = false;
};

// Decodes zstd frames from an inner source with ZSTD_decompressStream, writing straight
// into the caller's buffer. Memory: one input buffer plus libzstd's window.
class ZstdSource final : public ByteSource {
 public:
  explicit ZstdSource(std::unique_ptr<ByteSource> inner)
      : ByteSource(inner->name()),
        inner_(std::move(inner)),
        stream_(ZSTD_createDStream()),
        input_buffer_(ZSTD_DStreamInSize()) {
    if (stream_ == nullptr) {
      fail("cannot allocate a zstd decoder for " + quoted(name()));
      done_ = true;
    } else {
      ZSTD_initDStream(stream_);
    }
  }
  ~ZstdSource() override { ZSTD_freeDStream(stream_); }

  // Pulls compressed bytes as needed until at least one decoded byte is ready, the
  // input ends (checking that the last frame was complete) or a frame is corrupt.
  std::size_t read(char* out, std::size_t capacity) override {
    if (done_) return 0;
    ZSTD_outBuffer output{out, capacity, 0};
    for (;;) {
      // A full output buffer last time may leave decoded bytes inside libzstd: flush
      // those before reading more input.
      if (input_.pos == input_.size && !maybe_pending_) {
        const std::size_t n = inner_->read(input_buffer_.data(), input_buffer_.size());
        if (n == 0) {
          done_ = true;
          if (inner_->failed()) {
            fail(inner_->error());
          } else if (!seen_input_) {
            fail("zstd error in " + quoted(name()) + ": empty file, no zstd frame");
          } else if (frame_open_) {
            fail("zstd error in " + quoted(name()) + ": truncated frame (unexpected end of file)");
          }
          return 0;
        }
        seen_input_ = true;
        input_ = ZSTD_inBuffer{input_buffer_.data(), n, 0};
      }
      const std::size_t input_before = input_.pos;
      const std::size_t hint = ZSTD_decompressStream(stream_, &output, &input_);
      if (ZSTD_isError(hint)) {
        done_ = true;
        fail("zstd error in " + quoted(name()) + ": " + ZSTD_getErrorName(hint));
        return output.pos;
      }
      // hint == 0: a frame just ended (another may follow); otherwise it is still open.
      // A call that neither consumed nor produced anything says nothing about frames.
      if (input_.pos != input_before || output.pos != 0) frame_open_ = hint != 0;
      maybe_pending_ = output.pos == output.size;
      if (output.pos != 0) return output.pos;
    }
  }

 private:
  std::unique_ptr<ByteSource> inner_;
  ZSTD_DStream* stream_;
  std::vector<char> input_buffer_;
  ZSTD_inBuffer input_{nullptr, 0, 0};
  bool done_ = false;
  bool seen_input_ = false;
  bool frame_open_ = false;
  bool maybe_pending_ = false;
};

// Bytes from memory, in chunks of at most max_chunk. Owns a copy unless given a view.
class MemorySource final : public ByteSource {
 public:
  MemorySource(std::string owned, std::string_view view, std::string name, std::size_t max_chunk)
      : ByteSource(std::move(name)),
        owned_(std::move(owned)),
        data_(owned_.empty() ? view : std::string_view(owned_)),
        max_chunk_(std::max<std::size_t>(max_chunk, 1)) {}

  std::size_t read(char* out, std::size_t capacity) override {
    const std::size_t n = std::min({capacity, max_chunk_, data_.size() - pos_});
    if (n == 0) return 0;
    std::memcpy(out, data_.data() + pos_, n);
    pos_ += n;
    return n;
  }

 private:
  std::string owned_;
  std::string_view data_;
  std::size_t max_chunk_;
  std::size_t pos_ = 0;
};

}  // namespace

bool is_zstd_name(std::string_view path) { return path.ends_with(".zst"); }

OpenedSource open_source(const std::string& path) {
  OpenedSource opened;
  std::unique_ptr<ByteSource> raw;
  if (path == "-") {
    raw = std::make_unique<FileSource>(STDIN_FILENO, "<stdin>", false);
  } else {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      opened.error = "cannot open " + quoted(path) + ": " + std::strerror(errno);
      return opened;
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0 || S_ISDIR(info.st_mode)) {
      const int saved = S_ISDIR(info.st_mode) ? EISDIR : errno;
      ::close(fd);
      opened.error = "cannot open " + quoted(path) + ": " + std::strerror(saved);
      return opened;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    raw = std::make_unique<FileSource>(fd, path, true);
  }
  opened.source = is_zstd_name(path) ? make_zstd_source(std::move(raw)) : std::move(raw);
  return opened;
}

std::unique_ptr<ByteSource> make_zstd_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<ZstdSource>(std::move(compressed));
}

std::unique_ptr<ByteSource> make_memory_source(std::string data, std::string name,
                                               std::size_t max_chunk) {
  return std::make_unique<MemorySource>(std::move(data), std::string_view(), std::move(name),
                                        max_chunk);
}

std::unique_ptr<ByteSource> make_view_source(std::string_view data, std::string name,
                                             std::size_t max_chunk) {
  return std::make_unique<MemorySource>(std::string(), data, std::move(name), max_chunk);
}

bool read_all(ByteSource& source, std::string& out, std::string& error) {
  char chunk[1 << 16];
  while (const std::size_t n = source.read(chunk, sizeof chunk)) out.append(chunk, n);
  error = source.error();
  return !source.failed();
}

}  // namespace pawnkit::io
