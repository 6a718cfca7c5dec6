// An input that yields no line end for a long stretch is not text in lines (/dev/zero
// through a pipe, a disk image, a decompression bomb of zeros): it is stopped with an
// error rather than read without end (byte_source.hpp, max_bytes_without_line_end).
#include <cstring>
#include <memory>
#include <string>

#include "io/source/byte_source.hpp"

namespace pawnkit::io {
namespace {

class LineBoundSource final : public ByteSource {
 public:
  LineBoundSource(std::unique_ptr<ByteSource> inner, std::size_t max_bytes)
      : ByteSource(inner->name()), inner_(std::move(inner)), max_bytes_(max_bytes) {}

  // The bytes read are delivered; the error ends the input after them.
  std::size_t read(char* out, std::size_t capacity) override {
    if (stopped_) return 0;
    const std::size_t n = inner_->read(out, capacity);
    if (n == 0) {
      pass_on(*inner_);
      return 0;
    }
    // A line ends at LF or CR; looking back from the end finds one in a few bytes in text.
    std::size_t i = n;
    while (i > 0 && out[i - 1] != '\n' && out[i - 1] != '\r') --i;
    since_line_end_ = i > 0 ? n - i : since_line_end_ + n;
    if (since_line_end_ > max_bytes_) {
      stopped_ = true;
      fail(quoted(name()) + ": no line end in " + std::to_string(max_bytes_) +
           " bytes: stopped reading (not text in lines)");
    }
    return n;
  }

 private:
  std::unique_ptr<ByteSource> inner_;
  std::size_t max_bytes_;
  std::size_t since_line_end_ = 0;
  bool stopped_ = false;
};

}  // namespace

std::unique_ptr<ByteSource> make_line_bound_source(std::unique_ptr<ByteSource> inner,
                                                   std::size_t max_bytes) {
  return std::make_unique<LineBoundSource>(std::move(inner), max_bytes);
}

}  // namespace pawnkit::io
