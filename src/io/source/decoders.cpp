// The decoders behind open_source: zstd, gzip and bzip2 streams decoded on the fly
// from an inner source, straight into the reader's buffer.
#include <bzlib.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <string>
#include <vector>

#include "io/source/byte_source.hpp"

namespace pawnkit::io {
namespace {

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
      if (ZSTD_isError(hint) && frame_ended_ && !frame_open_) {
        // Not the start of another frame: bytes appended to a whole file. The games are
        // all there; the rest is ignored with a warning.
        done_ = true;
        warn("ignored the bytes after the last complete zstd frame in " + quoted(name()) +
             " (not zstd data: " + ZSTD_getErrorName(hint) + ")");
        return output.pos;
      }
      if (ZSTD_isError(hint)) {
        done_ = true;
        fail("zstd error in " + quoted(name()) + ": " + ZSTD_getErrorName(hint));
        return output.pos;
      }
      // hint == 0: a frame just ended (another may follow); otherwise it is still open.
      // A call that neither consumed nor produced anything says nothing about frames.
      if (input_.pos != input_before || output.pos != 0) frame_open_ = hint != 0;
      frame_ended_ = frame_ended_ || hint == 0;
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
  bool frame_ended_ = false;  // at least one frame was whole
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
      const std::size_t input_before = input_left();
      const Step step = decode(error);
      if (step == Step::StreamEnd) {
        stream_open_ = false;  // another stream may follow
        after_stream_ = true;
        if (!restart()) {
          done_ = true;
          return room - output_left();
        }
      } else if (step == Step::Error && after_stream_) {
        // Not the start of another stream: bytes appended to a whole file (padding,
        // a log line). The games are all there; the rest is ignored with a warning.
        done_ = true;
        stream_open_ = false;
        warn("ignored the bytes after the last complete " + codec_ + " stream in " +
             quoted(name()) + " (not " + codec_ + " data: " + error + ")");
        return room - output_left();
      } else if (step == Step::Error) {
        done_ = true;
        fail(error_prefix() + error);
        return room - output_left();
      }
      if (step == Step::Progress && input_left() != input_before) after_stream_ = false;
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
  bool after_stream_ = false;  // a stream ended and the next has not begun to decode
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

}  // namespace

std::unique_ptr<ByteSource> make_zstd_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<ZstdSource>(std::move(compressed));
}

std::unique_ptr<ByteSource> make_gzip_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<GzipSource>(std::move(compressed));
}

std::unique_ptr<ByteSource> make_bzip2_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<Bzip2Source>(std::move(compressed));
}

}  // namespace pawnkit::io
