// UTF-16 text with a byte order mark (as Windows tools save "Unicode" text) is read by
// transcoding it to UTF-8 on the fly, with a warning, rather than refused: the mark says
// the encoding, so nothing is guessed (byte_source.hpp, make_utf16_source).
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "io/source/byte_source.hpp"

namespace pawnkit::io {
namespace {

class Utf16Source final : public ByteSource {
 public:
  Utf16Source(std::unique_ptr<ByteSource> inner, bool big_endian)
      : ByteSource(inner->name()), inner_(std::move(inner)), big_endian_(big_endian) {
    warn(quoted(name()) + " is UTF-16 text (byte order mark " + (big_endian ? "FE FF" : "FF FE") +
         "): read transcoded to UTF-8");
  }

  std::size_t read(char* out, std::size_t capacity) override {
    while (sent_ == utf8_.size()) {
      if (!transcode_more()) return 0;
    }
    const std::size_t n = std::min(capacity, utf8_.size() - sent_);
    std::memcpy(out, utf8_.data() + sent_, n);
    sent_ += n;
    return n;
  }

 private:
  // Reads the next block of UTF-16 and appends it to utf8_ (emptied first); false at the end.
  bool transcode_more() {
    utf8_.clear();
    sent_ = 0;
    if (ended_) return false;
    char block[1 << 14];
    std::size_t n = 0;
    if (odd_byte_ >= 0) block[n++] = static_cast<char>(odd_byte_);
    const std::size_t got = inner_->read(block + n, sizeof block - n);
    n += got;
    if (got == 0) {
      ended_ = true;
      pass_on(*inner_);
      if (odd_byte_ >= 0 || high_surrogate_) append(0xFFFD);  // cut inside a character
      odd_byte_ = -1;
      return !utf8_.empty();
    }
    std::size_t i = 0;
    for (; i + 1 < n; i += 2) {
      const auto a = static_cast<unsigned char>(block[i]);
      const auto b = static_cast<unsigned char>(block[i + 1]);
      unit(big_endian_ ? (a << 8 | b) : (b << 8 | a));
    }
    odd_byte_ = i < n ? static_cast<unsigned char>(block[i]) : -1;
    return true;
  }

  // One UTF-16 code unit; a surrogate pair makes one character, a lone surrogate U+FFFD.
  void unit(std::uint32_t u) {
    if (high_surrogate_) {
      const std::uint32_t high = high_surrogate_;
      high_surrogate_ = 0;
      if (u >= 0xDC00 && u <= 0xDFFF)
        return append(0x10000 + ((high - 0xD800) << 10) + (u - 0xDC00));
      append(0xFFFD);
    }
    if (u >= 0xD800 && u <= 0xDBFF) {
      high_surrogate_ = u;
    } else if (u >= 0xDC00 && u <= 0xDFFF) {
      append(0xFFFD);
    } else if (!(u == 0xFEFF && at_start_)) {  // the byte order mark itself is dropped
      append(u);
    }
    at_start_ = false;
  }

  void append(std::uint32_t c) {
    if (c < 0x80) {
      utf8_ += static_cast<char>(c);
    } else if (c < 0x800) {
      utf8_ += static_cast<char>(0xC0 | c >> 6);
      utf8_ += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      utf8_ += static_cast<char>(0xE0 | c >> 12);
      utf8_ += static_cast<char>(0x80 | (c >> 6 & 0x3F));
      utf8_ += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      utf8_ += static_cast<char>(0xF0 | c >> 18);
      utf8_ += static_cast<char>(0x80 | (c >> 12 & 0x3F));
      utf8_ += static_cast<char>(0x80 | (c >> 6 & 0x3F));
      utf8_ += static_cast<char>(0x80 | (c & 0x3F));
    }
  }

  std::unique_ptr<ByteSource> inner_;
  bool big_endian_;
  std::string utf8_;  // transcoded bytes not yet handed out from sent_ on
  std::size_t sent_ = 0;
  int odd_byte_ = -1;  // a code unit's first byte at the end of the last block
  std::uint32_t high_surrogate_ = 0;
  bool at_start_ = true;
  bool ended_ = false;
};

}  // namespace

int utf16_byte_order(std::string_view head) {
  if (head.starts_with("\xFF\xFE")) return 1;
  if (head.starts_with("\xFE\xFF")) return 2;
  return 0;
}

std::unique_ptr<ByteSource> make_utf16_source(std::unique_ptr<ByteSource> inner, bool big_endian) {
  return std::make_unique<Utf16Source>(std::move(inner), big_endian);
}

}  // namespace pawnkit::io
