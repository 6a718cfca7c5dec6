// Byte encodings of the index's keys and values: LEB128 varints and fixed big-endian
// integers (big-endian so that RocksDB's bytewise key order is the numeric order).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pawnkit::index_db {

inline constexpr std::size_t max_varint_bytes = 10;

// The same encodings written at `p` (room checked by the caller): the writer's hot loops
// size their output once instead of growing a string a byte at a time.
inline char* write_varint(char* p, std::uint64_t v) {
  while (v >= 0x80) {
    *p++ = static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<char>(v);
  return p;
}

inline char* write_fixed64(char* p, std::uint64_t v) {
  for (int shift = 56; shift >= 0; shift -= 8) *p++ = static_cast<char>(v >> shift);
  return p;
}

inline char* write_fixed16(char* p, std::uint16_t v) {
  *p++ = static_cast<char>(v >> 8);
  *p++ = static_cast<char>(v);
  return p;
}

inline void put_varint(std::string& out, std::uint64_t v) {
  char bytes[max_varint_bytes];
  out.append(bytes, std::size_t(write_varint(bytes, v) - bytes));
}

inline void put_fixed64(std::string& out, std::uint64_t v) {
  char bytes[8];
  write_fixed64(bytes, v);
  out.append(bytes, 8);
}

inline void put_fixed32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(v >> shift));
}

inline void put_string(std::string& out, std::string_view s) {
  put_varint(out, s.size());
  out.append(s);
}

// Reads from a value; after a read past the end or a malformed varint `ok` is false and
// every later read returns 0 (a corrupt value is reported, never read out of bounds).
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes)
      : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  bool ok() const { return ok_; }
  bool done() const { return p_ == end_; }

  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) return fail();
      const auto byte = static_cast<unsigned char>(*p_++);
      v |= std::uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
    }
    return fail();
  }
  std::uint64_t fixed64() {
    if (end_ - p_ < 8) return fail();
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(*p_++);
    return v;
  }
  std::uint16_t fixed16() {
    if (end_ - p_ < 2) return static_cast<std::uint16_t>(fail());
    const auto high = static_cast<unsigned char>(*p_++);
    return static_cast<std::uint16_t>(high << 8 | static_cast<unsigned char>(*p_++));
  }
  std::uint32_t fixed32() {
    if (end_ - p_ < 4) return static_cast<std::uint32_t>(fail());
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(*p_++);
    return v;
  }
  std::string_view string() {
    const std::uint64_t n = varint();
    if (!ok_ || std::uint64_t(end_ - p_) < n) {
      fail();
      return {};
    }
    const std::string_view s(p_, n);
    p_ += n;
    return s;
  }

 private:
  std::uint64_t fail() {
    ok_ = false;
    p_ = end_;
    return 0;
  }
  const char* p_;
  const char* end_;
  bool ok_ = true;
};

}  // namespace pawnkit::index_db
