// The page decompresses files itself (the browser's DecompressionStream for .gz, the fzstd
// package for .zst) and hands the module plain PGN text, so the module links no zlib,
// libzstd or libbz2. These stand in for src/io/decoders.cpp's constructors and fail with
// a message if they are ever reached.
#include "io/source/byte_source.hpp"

namespace pawnkit::io {

namespace {

class UnavailableSource final : public ByteSource {
 public:
  UnavailableSource(const std::string& name, const char* format) : ByteSource(name) {
    fail(quoted(name) + ": " + format + " is decompressed by the page before it reaches pawnkit");
  }
  std::size_t read(char*, std::size_t) override { return 0; }
};

}  // namespace

std::unique_ptr<ByteSource> make_zstd_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<UnavailableSource>(compressed->name(), "zstd");
}
std::unique_ptr<ByteSource> make_gzip_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<UnavailableSource>(compressed->name(), "gzip");
}
std::unique_ptr<ByteSource> make_bzip2_source(std::unique_ptr<ByteSource> compressed) {
  return std::make_unique<UnavailableSource>(compressed->name(), "bzip2");
}

}  // namespace pawnkit::io
