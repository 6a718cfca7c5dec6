#include "io/byte_source.hpp"

#include <bzlib.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <memory>
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

// libzstd's decoder and its input buffer, kept for the next .zst file read on the same
// thread: the decoder's window (up to the file's window size, 8 MiB for Lichess's files)
// is then allocated and faulted in once per thread instead of once per file. That matters
// where many files are read one after the other: a Dask worker reading shards runs with
// MALLOC_TRIM_THRESHOLD_ set, which makes glibc hand every large block back to the kernel,
// and each shard then paid ~600 fresh page faults, half its decoding time.
struct ZstdDecoder {
  ZSTD_DStream* stream = ZSTD_createDStream();
  std::vector<char> input = std::vector<char>(ZSTD_DStreamInSize());
  ZstdDecoder() = default;
  ZstdDecoder(const ZstdDecoder&) = delete;
  ZstdDecoder& operator=(const ZstdDecoder&) = delete;
  ~ZstdDecoder() { ZSTD_freeDStream(stream); }
};

// The calling thread's spare decoder: taken by a ZstdSource, given back when it closes.
thread_local std::unique_ptr<ZstdDecoder> spare_zstd_decoder;

std::unique_ptr<ZstdDecoder> take_zstd_decoder() {
  if (spare_zstd_decoder) return std::move(spare_zstd_decoder);
  return std::make_unique<ZstdDecoder>();
}

// Decodes zstd frames from an inner source with ZSTD_decompressStream, writing straight
// into the caller's buffer. Memory: one input buffer plus libzstd's window, both reused
// by the next zstd source of the thread (see ZstdDecoder).
class ZstdSource final : public ByteSource {
 public:
  explicit ZstdSource(std::unique_ptr<ByteSource> inner)
      : ByteSource(inner->name()), inner_(std::move(inner)), decoder_(take_zstd_decoder()) {
    if (decoder_->stream == nullptr) {
      fail("cannot allocate a zstd decoder for " + quoted(name()));
      done_ = true;
    } else {
      ZSTD_initDStream(decoder_->stream);
    }
  }
  ~ZstdSource() override {
    if (decoder_->stream != nullptr && !spare_zstd_decoder)
      spare_zstd_decoder = std::move(decoder_);
  }

  // Pulls compressed bytes as needed until at least one decoded byte is ready, the
  // input ends (checking that the last frame was complete) or a frame is corrupt.
  std::size_t read(char* out, std::size_t capacity) override {
    if (done_) return 0;
    ZSTD_outBuffer output{out, capacity, 0};
    for (;;) {
      // A full output buffer last time may leave decoded bytes inside libzstd: flush
      // those before reading more input.
      if (input_.pos == input_.size && !maybe_pending_) {
        std::vector<char>& buffer = decoder_->input;
        const std::size_t n = inner_->read(buffer.data(), buffer.size());
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
        input_ = ZSTD_inBuffer{buffer.data(), n, 0};
      }
      const std::size_t input_before = input_.pos;
      const std::size_t hint = ZSTD_decompressStream(decoder_->stream, &output, &input_);
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
  std::unique_ptr<ZstdDecoder> decoder_;
  ZSTD_inBuffer input_{nullptr, 0, 0};
  bool done_ = false;
  bool seen_input_ = false;
  bool frame_open_ = false;
  bool maybe_pending_ = false;
};

// What gzip and bzip2 decoding share: the read loop over an inner source, writing straight
// into the caller's buffer, streams (gzip members, bzip2 streams) that follow each other
// (`cat a.gz b.gz`), and the errors for empty, truncated and corrupt input. A codec says
// how to point its stream at the buffers, decodes one step and restarts after a stream.
class DecodingSource : public ByteSource {
 public:
  std::size_t read(char* out, std::size_t capacity) override {
    if (done_) return 0;
    const std::size_t room = std::min<std::size_t>(capacity, UINT_MAX);
    set_output(out, room);
    for (;;) {
      // A full output buffer last time may leave decoded bytes inside the codec: flush
      // those before reading more input.
      if (input_left() == 0 && !maybe_pending_) {
        const std::size_t n = inner_->read(input_buffer_.data(), input_buffer_.size());
        if (n == 0) {
          done_ = true;
          if (inner_->failed())
            fail(inner_->error());
          else if (!seen_input_)
            fail(error_prefix() + "empty file, no " + codec_ + " data");
          else if (stream_open_)
            fail(error_prefix() + "truncated (unexpected end of file)");
          return room - output_left();
        }
        seen_input_ = true;
        set_input(input_buffer_.data(), n);
      }
      if (input_left() != 0) stream_open_ = true;
      std::string error;
      const Step step = decode(error);
      if (step == Step::StreamEnd) {
        stream_open_ = false;  // another stream may follow
        if (!restart()) {
          done_ = true;
          return room - output_left();
        }
      } else if (step == Step::Error) {
        done_ = true;
        fail(error_prefix() + error);
        return room - output_left();
      }
      maybe_pending_ = output_left() == 0;
      if (output_left() != room) return room - output_left();
      maybe_pending_ = false;
    }
  }

 protected:
  enum class Step { Progress, StreamEnd, Error };

  DecodingSource(std::unique_ptr<ByteSource> inner, std::string codec)
      : ByteSource(inner->name()),
        inner_(std::move(inner)),
        codec_(std::move(codec)),
        input_buffer_(1 << 16) {}
  ~DecodingSource() = default;

  // The codec could not start: one error, nothing read.
  void cannot_start() {
    fail("cannot allocate a " + codec_ + " decoder for " + quoted(name()));
    done_ = true;
  }

  virtual void set_output(char* out, std::size_t size) = 0;
  virtual std::size_t output_left() const = 0;
  virtual void set_input(char* in, std::size_t size) = 0;
  virtual std::size_t input_left() const = 0;
  virtual Step decode(std::string& error) = 0;  // error: what went wrong, on Step::Error
  virtual bool restart() = 0;                   // for the next stream; false: failed

 private:
  std::string error_prefix() const { return codec_ + " error in " + quoted(name()) + ": "; }

  std::unique_ptr<ByteSource> inner_;
  std::string codec_;
  std::vector<char> input_buffer_;
  bool done_ = false;
  bool seen_input_ = false;
  bool stream_open_ = false;
  bool maybe_pending_ = false;
};

// gzip members with zlib's inflate. Memory: one input buffer plus zlib's 32 KiB window.
class GzipSource final : public DecodingSource {
 public:
  explicit GzipSource(std::unique_ptr<ByteSource> inner)
      : DecodingSource(std::move(inner), "gzip") {
    if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK)  // 16: gzip wrapper only
      cannot_start();
    else
      initialized_ = true;
  }
  ~GzipSource() override {
    if (initialized_) inflateEnd(&stream_);
  }

 private:
  void set_output(char* out, std::size_t size) override {
    stream_.next_out = reinterpret_cast<Bytef*>(out);
    stream_.avail_out = static_cast<uInt>(size);
  }
  std::size_t output_left() const override { return stream_.avail_out; }
  void set_input(char* in, std::size_t size) override {
    stream_.next_in = reinterpret_cast<Bytef*>(in);
    stream_.avail_in = static_cast<uInt>(size);
  }
  std::size_t input_left() const override { return stream_.avail_in; }
  Step decode(std::string& error) override {
    const int rc = inflate(&stream_, Z_NO_FLUSH);
    if (rc == Z_STREAM_END) return Step::StreamEnd;
    if (rc == Z_OK || rc == Z_BUF_ERROR) return Step::Progress;  // Z_BUF_ERROR: no progress
    error = stream_.msg ? stream_.msg : "corrupt data (zlib error " + std::to_string(rc) + ")";
    return Step::Error;
  }
  bool restart() override { return inflateReset(&stream_) == Z_OK; }

  z_stream stream_{};
  bool initialized_ = false;
};

// bzip2 streams with libbz2. Memory: one input buffer plus libbz2's block (up to about
// 3.5 MB for 900 KB blocks).
class Bzip2Source final : public DecodingSource {
 public:
  explicit Bzip2Source(std::unique_ptr<ByteSource> inner)
      : DecodingSource(std::move(inner), "bzip2") {
    start_stream();
  }
  ~Bzip2Source() override {
    if (initialized_) BZ2_bzDecompressEnd(&stream_);
  }

 private:
  void set_output(char* out, std::size_t size) override {
    stream_.next_out = out;
    stream_.avail_out = static_cast<unsigned>(size);
  }
  std::size_t output_left() const override { return stream_.avail_out; }
  void set_input(char* in, std::size_t size) override {
    stream_.next_in = in;
    stream_.avail_in = static_cast<unsigned>(size);
  }
  std::size_t input_left() const override { return stream_.avail_in; }
  Step decode(std::string& error) override {
    const int rc = BZ2_bzDecompress(&stream_);
    if (rc == BZ_STREAM_END) return Step::StreamEnd;
    if (rc == BZ_OK) return Step::Progress;
    error = bzip2_error(rc);
    return Step::Error;
  }
  // libbz2 has no reset: a fresh decoder goes on with the remaining input and output.
  bool restart() override {
    const bz_stream kept = stream_;
    BZ2_bzDecompressEnd(&stream_);
    initialized_ = false;
    if (!start_stream()) return false;
    stream_.next_in = kept.next_in;
    stream_.avail_in = kept.avail_in;
    stream_.next_out = kept.next_out;
    stream_.avail_out = kept.avail_out;
    return true;
  }
  bool start_stream() {
    stream_ = bz_stream{};
    if (BZ2_bzDecompressInit(&stream_, 0, 0) != BZ_OK) {
      cannot_start();
      return false;
    }
    initialized_ = true;
    return true;
  }
  static std::string bzip2_error(int rc) {
    switch (rc) {
      case BZ_DATA_ERROR_MAGIC:
        return "not bzip2 data";
      case BZ_DATA_ERROR:
        return "corrupt data";
      case BZ_MEM_ERROR:
        return "out of memory";
      default:
        return "libbz2 error " + std::to_string(rc);
    }
  }

  bz_stream stream_{};
  bool initialized_ = false;
};

// Hands out the peeked bytes first, then the rest of the inner source.
class PrefixedSource final : public ByteSource {
 public:
  PrefixedSource(std::string prefix, std::unique_ptr<ByteSource> inner)
      : ByteSource(inner->name()), prefix_(std::move(prefix)), inner_(std::move(inner)) {}

  std::size_t read(char* out, std::size_t capacity) override {
    if (sent_ < prefix_.size()) {
      const std::size_t n = std::min(capacity, prefix_.size() - sent_);
      std::memcpy(out, prefix_.data() + sent_, n);
      sent_ += n;
      return n;
    }
    const std::size_t n = inner_->read(out, capacity);
    if (n == 0 && inner_->failed()) fail(inner_->error());
    return n;
  }

 private:
  std::string prefix_;
  std::size_t sent_ = 0;
  std::unique_ptr<ByteSource> inner_;
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

Container container_from_name(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) {
    if (path.size() < suffix.size()) return false;
    return std::equal(suffix.begin(), suffix.end(), path.end() - suffix.size(),
                      [](char lower, char c) {
                        return (c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c) == lower;
                      });
  };
  if (ends_with(".zst")) return Container::Zstd;
  if (ends_with(".gz")) return Container::Gzip;
  if (ends_with(".bz2")) return Container::Bzip2;
  return Container::Plain;
}

Container container_from_magic(std::string_view head) {
  if (head.starts_with("\x28\xB5\x2F\xFD")) return Container::Zstd;
  if (head.starts_with("\x1F\x8B")) return Container::Gzip;
  if (head.size() >= 4 && head.starts_with("BZh") && head[3] >= '1' && head[3] <= '9')
    return Container::Bzip2;
  return Container::Plain;
}

std::string unreadable_text(std::string_view head, std::string_view name) {
  const std::string file = quoted(std::string(name));
  if (head.starts_with("PK\x03\x04") || head.starts_with("PK\x05\x06")) {
    return file +
           " is a ZIP archive, not PGN or FEN/EPD text: unzip it first "
           "(pawnkit reads text, .gz, .bz2 and .zst files directly)";
  }
  const auto utf16 = [&](std::string_view order) {
    return file + " is UTF-16 text (" + std::string(order) +
           "): convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8";
  };
  if (head.starts_with("\xFF\xFE")) return utf16("byte order mark FF FE");
  if (head.starts_with("\xFE\xFF")) return utf16("byte order mark FE FF");
  // Without a mark: ASCII text in UTF-16 has a NUL in every other byte, and text never
  // does. Eight bytes (four characters) are enough to tell.
  const std::size_t n = std::min<std::size_t>(head.size(), 64) & ~std::size_t{1};
  if (n >= 8) {
    bool low_nul = true, high_nul = true;  // NUL at odd (little-endian) / even offsets
    for (std::size_t i = 0; i < n; i += 2) {
      low_nul &= head[i] != '\0' && head[i + 1] == '\0';
      high_nul &= head[i] == '\0' && head[i + 1] != '\0';
    }
    if (low_nul) return utf16("little-endian, no byte order mark");
    if (high_nul) return utf16("big-endian, no byte order mark");
  }
  return {};
}

std::string read_prefix(ByteSource& source, std::size_t size) {
  std::string head(size, '\0');
  std::size_t have = 0;
  while (have < size) {
    const std::size_t n = source.read(head.data() + have, size - have);
    if (n == 0) break;
    have += n;
  }
  head.resize(have);
  return head;
}

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
  // The magic bytes say how the data is packed; a name that says compressed but data
  // that does not is left to that decoder, which reports what is wrong.
  std::string head = read_prefix(*raw, 64);
  Container container = container_from_magic(head);
  if (container == Container::Plain && !raw->failed()) {
    if (std::string why = unreadable_text(head, raw->name()); !why.empty()) {
      opened.error = std::move(why);
      return opened;
    }
    container = container_from_name(path);
  }
  std::unique_ptr<ByteSource> source = make_prefixed_source(std::move(head), std::move(raw));
  switch (container) {
    case Container::Plain:
      opened.source = std::move(source);
      return opened;
    case Container::Zstd:
      source = make_zstd_source(std::move(source));
      break;
    case Container::Gzip:
      source = make_gzip_source(std::move(source));
      break;
    case Container::Bzip2:
      source = make_bzip2_source(std::move(source));
      break;
  }
  // What the decompressed bytes are: a zipped or UTF-16 file inside the compression.
  head = read_prefix(*source, 64);
  if (!source->failed()) {
    if (std::string why = unreadable_text(head, source->name()); !why.empty()) {
      opened.error = std::move(why);
      return opened;
    }
  }
  opened.source = make_prefixed_source(std::move(head), std::move(source));
  return opened;
}

std::unique_ptr<ByteSource> make_zstd_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<ZstdSource>(std::move(compressed));
}

std::unique_ptr<ByteSource> make_gzip_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<GzipSource>(std::move(compressed));
}

std::unique_ptr<ByteSource> make_bzip2_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<Bzip2Source>(std::move(compressed));
}

std::unique_ptr<ByteSource> make_prefixed_source(std::string prefix,
                                                 std::unique_ptr<ByteSource> inner) {
  return std::make_unique<PrefixedSource>(std::move(prefix), std::move(inner));
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
