#include "io/source/byte_source.hpp"

#include <bzlib.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace pawnkit::io {
namespace {

namespace fs = std::filesystem;

// A temporary directory removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("pawnkit_bs_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string file(const std::string& name, const std::string& content) const {
    const fs::path p = path_ / name;
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
  }
  std::string path() const { return path_.string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

std::string compress(const std::string& text, int level = 3) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), level);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// Text that compresses to several zstd blocks (blocks hold at most 128 KiB).
std::string sample_text(std::size_t size) {
  std::string text;
  unsigned state = 12345;
  while (text.size() < size) {
    state = state * 1103515245u + 12345u;
    text += "1. e4 e5 2. Nf3 Nc6 { move " + std::to_string(state >> 8) + " }\n";
  }
  return text;
}

// Reads everything with reads of `chunk` bytes.
std::string drain(ByteSource& source, std::size_t chunk) {
  std::string out;
  std::string buffer(chunk, '\0');
  while (const std::size_t n = source.read(buffer.data(), chunk)) out.append(buffer.data(), n);
  return out;
}

TEST(ByteSource, ReadsAFileWithAnyChunkSize) {
  TempDir dir;
  const std::string text = sample_text(10000);
  const std::string path = dir.file("games.pgn", text);
  for (std::size_t chunk : {1, 2, 3, 7, 64, 65536}) {
    OpenedSource opened = open_source(path);
    ASSERT_TRUE(opened.ok()) << opened.error;
    EXPECT_EQ(opened.source->name(), path);
    EXPECT_EQ(drain(*opened.source, chunk), text) << "chunk " << chunk;
    EXPECT_FALSE(opened.source->failed());
    EXPECT_EQ(opened.source->read(nullptr, 1), 0u);  // stays at the end
  }
}

TEST(ByteSource, DashIsStandardInput) {
  TempDir dir;
  const std::string text = sample_text(3000);
  const std::string path = dir.file("stdin.pgn", text);
  const int saved = ::dup(STDIN_FILENO);
  const int fd = ::open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  ::dup2(fd, STDIN_FILENO);
  ::close(fd);
  {
    OpenedSource opened = open_source("-");
    ASSERT_TRUE(opened.ok());
    EXPECT_EQ(opened.source->name(), "<stdin>");
    EXPECT_EQ(drain(*opened.source, 7), text);
  }
  ::dup2(saved, STDIN_FILENO);  // the source did not close standard input
  ::close(saved);
}

TEST(ByteSource, MissingFileIsAnErrorNamingIt) {
  OpenedSource opened = open_source("/nonexistent/dir/games.pgn");
  EXPECT_FALSE(opened.ok());
  EXPECT_EQ(opened.error, "cannot open '/nonexistent/dir/games.pgn': No such file or directory");
}

TEST(ByteSource, DirectoryIsAnError) {
  TempDir dir;
  OpenedSource opened = open_source(dir.path());
  EXPECT_FALSE(opened.ok());
  EXPECT_EQ(opened.error, "cannot open '" + dir.path() + "': Is a directory");
}

TEST(ByteSource, ZstdFileIsDecompressedWithAnyChunkSize) {
  TempDir dir;
  const std::string text = sample_text(400000);
  const std::string path = dir.file("games.pgn.zst", compress(text));
  EXPECT_TRUE(is_zstd_name(path));
  for (std::size_t chunk : {1, 7, 64, 65536}) {
    OpenedSource opened = open_source(path);
    ASSERT_TRUE(opened.ok()) << opened.error;
    EXPECT_EQ(drain(*opened.source, chunk), text) << "chunk " << chunk;
    EXPECT_FALSE(opened.source->failed()) << opened.source->error();
  }
}

TEST(ByteSource, ConcatenatedZstdFramesAreOneStream) {
  TempDir dir;
  const std::string path = dir.file("two.zst", compress("first frame\n") + compress("second\n"));
  OpenedSource opened = open_source(path);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(drain(*opened.source, 5), "first frame\nsecond\n");
  EXPECT_FALSE(opened.source->failed());
}

TEST(ByteSource, TruncatedZstdDeliversThePrefixThenFails) {
  TempDir dir;
  const std::string text = sample_text(1000000);
  const std::string compressed = compress(text, 1);
  const std::string path = dir.file("cut.pgn.zst", compressed.substr(0, compressed.size() / 2));
  OpenedSource opened = open_source(path);
  ASSERT_TRUE(opened.ok());
  const std::string decoded = drain(*opened.source, 4096);
  EXPECT_GT(decoded.size(), 0u);
  EXPECT_LT(decoded.size(), text.size());
  EXPECT_EQ(decoded, text.substr(0, decoded.size()));
  EXPECT_EQ(opened.source->error(),
            "zstd error in '" + path + "': truncated frame (unexpected end of file)");
}

TEST(ByteSource, CorruptZstdIsAnError) {
  TempDir dir;
  std::string compressed = compress(sample_text(5000));
  for (std::size_t i = 20; i < compressed.size(); i += 7) compressed[i] ^= 0x5A;
  const std::string path = dir.file("bad.zst", compressed);
  OpenedSource opened = open_source(path);
  ASSERT_TRUE(opened.ok());
  drain(*opened.source, 100);
  ASSERT_TRUE(opened.source->failed());
  EXPECT_TRUE(opened.source->error().starts_with("zstd error in '" + path + "': "))
      << opened.source->error();
}

TEST(ByteSource, NotZstdAtAllIsAnError) {
  TempDir dir;
  const std::string path = dir.file("plain.pgn.zst", "[Event \"x\"]\n");
  OpenedSource opened = open_source(path);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(drain(*opened.source, 100), "");
  EXPECT_EQ(opened.source->error(), "zstd error in '" + path + "': Unknown frame descriptor");
}

TEST(ByteSource, EmptyZstdFileIsAnError) {
  TempDir dir;
  const std::string path = dir.file("empty.zst", "");
  OpenedSource opened = open_source(path);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(drain(*opened.source, 100), "");
  EXPECT_EQ(opened.source->error(), "zstd error in '" + path + "': empty file, no zstd frame");
}

TEST(ByteSource, MemorySourceHonoursMaxChunk) {
  auto source = make_memory_source("abcdefg", "mem", 3);
  char buffer[16];
  EXPECT_EQ(source->read(buffer, sizeof buffer), 3u);
  EXPECT_EQ(source->read(buffer, 2), 2u);
  EXPECT_EQ(source->read(buffer, sizeof buffer), 2u);
  EXPECT_EQ(source->read(buffer, sizeof buffer), 0u);
  EXPECT_EQ(source->name(), "mem");
}

TEST(ByteSource, ZstdOverMemory) {
  auto source = make_zstd_source(make_memory_source(compress("hello\n"), "m.zst", 1));
  std::string out, error;
  EXPECT_TRUE(read_all(*source, out, error));
  EXPECT_EQ(out, "hello\n");
}

// --- gzip, bzip2, and what is recognized by its first bytes ----------------------------

// The committed fixtures in tests/data/compressed/ (see tests/data/PROVENANCE.md): made
// once with gzip -9 -n, bzip2 -9, Python's zipfile and iconv from tests/data/games/famous.pgn.
std::string fixture(const std::string& name) {
  return std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/compressed/" + name;
}
std::string famous_text() {
  std::ifstream in(std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/games/famous.pgn",
                   std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(ByteSource, ContainerFromNameAndMagic) {
  EXPECT_EQ(container_from_name("g.pgn.zst"), Container::Zstd);
  EXPECT_EQ(container_from_name("g.PGN.GZ"), Container::Gzip);
  EXPECT_EQ(container_from_name("g.pgn.bz2"), Container::Bzip2);
  EXPECT_EQ(container_from_name("g.pgn"), Container::Plain);
  EXPECT_EQ(container_from_name("-"), Container::Plain);
  EXPECT_TRUE(is_compressed_name("x.gz"));
  EXPECT_FALSE(is_compressed_name("x.gzip.pgn"));
  EXPECT_EQ(container_from_magic(std::string("\x28\xB5\x2F\xFD\x00", 5)), Container::Zstd);
  EXPECT_EQ(container_from_magic("\x1F\x8B\x08"), Container::Gzip);
  EXPECT_EQ(container_from_magic("BZh91AY&SY"), Container::Bzip2);
  EXPECT_EQ(container_from_magic("BZh0"), Container::Plain);
  EXPECT_EQ(container_from_magic("[Event"), Container::Plain);
  EXPECT_EQ(container_from_magic("\x1F"), Container::Plain);
}

TEST(ByteSource, GzipAndBzip2AreDecompressedWithAnyChunkSize) {
  const std::string text = famous_text();
  ASSERT_FALSE(text.empty());
  for (const char* name :
       {"famous.pgn.gz", "famous.pgn.bz2", "gzip_named.pgn", "gzip_no_extension"}) {
    for (std::size_t chunk : {1, 2, 7, 64, 65536}) {
      OpenedSource opened = open_source(fixture(name));
      ASSERT_TRUE(opened.ok()) << opened.error;
      EXPECT_EQ(opened.source->name(), fixture(name));
      EXPECT_EQ(drain(*opened.source, chunk), text) << name << " chunk " << chunk;
      EXPECT_FALSE(opened.source->failed()) << opened.source->error();
    }
  }
}

TEST(ByteSource, GzipMembersAndBzip2StreamsFollowEachOther) {
  const std::string text = famous_text();
  for (const char* name : {"two_members.pgn.gz", "two_streams.pgn.bz2"}) {
    OpenedSource opened = open_source(fixture(name));
    ASSERT_TRUE(opened.ok()) << opened.error;
    EXPECT_EQ(drain(*opened.source, 100), text + text) << name;
    EXPECT_FALSE(opened.source->failed()) << opened.source->error();
  }
}

TEST(ByteSource, TruncatedGzipAndBzip2DeliverThePrefixThenFail) {
  const std::string text = famous_text();
  for (const auto& [name, kind] : {std::pair{"cut.pgn.gz", "gzip"}, {"cut.pgn.bz2", "bzip2"}}) {
    OpenedSource opened = open_source(fixture(name));
    ASSERT_TRUE(opened.ok()) << opened.error;
    const std::string decoded = drain(*opened.source, 64);
    EXPECT_LT(decoded.size(), text.size()) << name;
    EXPECT_EQ(decoded, text.substr(0, decoded.size())) << name;
    EXPECT_EQ(opened.source->error(), std::string(kind) + " error in '" + fixture(name) +
                                          "': truncated (unexpected end of file)");
  }
}

// bzip2 decodes whole blocks: with small blocks, the blocks before the cut are kept.
TEST(ByteSource, TruncatedBzip2KeepsTheBlocksBeforeTheCut) {
  const std::string text = sample_text(400000);
  std::string packed(text.size() + text.size() / 50 + 1000, '\0');
  unsigned packed_size = static_cast<unsigned>(packed.size());
  ASSERT_EQ(BZ2_bzBuffToBuffCompress(packed.data(), &packed_size, const_cast<char*>(text.data()),
                                     static_cast<unsigned>(text.size()), 1, 0, 0),
            BZ_OK);
  packed.resize(packed_size * 3 / 4);
  auto source = make_bzip2_source(make_memory_source(packed, "cut.bz2", 1000));
  const std::string decoded = drain(*source, 4096);
  EXPECT_GE(decoded.size(), 100000u);  // at least the first 100 KB block
  EXPECT_LT(decoded.size(), text.size());
  EXPECT_EQ(decoded, text.substr(0, decoded.size()));
  EXPECT_EQ(source->error(), "bzip2 error in 'cut.bz2': truncated (unexpected end of file)");
}

TEST(ByteSource, CorruptGzipAndBzip2AreErrors) {
  for (const char* name : {"famous.pgn.gz", "famous.pgn.bz2"}) {
    std::ifstream in(fixture(name), std::ios::binary);
    std::string packed(std::istreambuf_iterator<char>(in), {});
    for (std::size_t i = 12; i < packed.size(); i += 5) packed[i] ^= 0x5A;
    const bool gzip = std::string_view(name).ends_with(".gz");
    auto source = gzip ? make_gzip_source(make_memory_source(packed, name))
                       : make_bzip2_source(make_memory_source(packed, name));
    drain(*source, 100);
    ASSERT_TRUE(source->failed()) << name;
    EXPECT_TRUE(source->error().starts_with(std::string(gzip ? "gzip" : "bzip2") + " error in '" +
                                            name + "': "))
        << source->error();
  }
}

TEST(ByteSource, NotGzipAtAllIsAnErrorFromTheDecoder) {
  TempDir dir;
  const std::string path = dir.file("plain.pgn.gz", "[Event \"x\"]\n");
  OpenedSource opened = open_source(path);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(drain(*opened.source, 100), "");
  EXPECT_TRUE(opened.source->error().starts_with("gzip error in '" + path + "': "))
      << opened.source->error();
}

TEST(ByteSource, GzipOnStandardInputIsRecognized) {
  const int saved = ::dup(STDIN_FILENO);
  const int fd = ::open(fixture("famous.pgn.gz").c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  ::dup2(fd, STDIN_FILENO);
  ::close(fd);
  {
    OpenedSource opened = open_source("-");
    ASSERT_TRUE(opened.ok()) << opened.error;
    EXPECT_EQ(drain(*opened.source, 7), famous_text());
  }
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
}

// UTF-16 with a byte order mark is transcoded (iconv made the fixture from famous.pgn).
TEST(ByteSource, Utf16WithAByteOrderMarkIsTranscodedWithAWarning) {
  for (std::size_t chunk : {1, 2, 7, 65536}) {
    OpenedSource opened = open_source(fixture("utf16_bom.pgn"));
    ASSERT_TRUE(opened.ok()) << opened.error;
    EXPECT_EQ(drain(*opened.source, chunk), famous_text()) << chunk;
    EXPECT_FALSE(opened.source->failed());
    EXPECT_EQ(opened.source->warning(), io::quoted(fixture("utf16_bom.pgn")) +
                                            " is UTF-16 text (byte order mark FF FE): read "
                                            "transcoded to UTF-8");
  }
  // Big-endian, a surrogate pair (U+1F600), a lone surrogate and a cut last unit, from
  // memory one byte at a time: the pair is one character, the others U+FFFD.
  const std::string be("\xFE\xFF\x00[\xD8\x3D\xDE\x00\xDC\x00\x26\x58\x00", 13);
  OpenedSource opened = decode_source(make_memory_source(be, "be", 1), "be");
  ASSERT_TRUE(opened.ok()) << opened.error;
  EXPECT_EQ(drain(*opened.source, 3), "[\xF0\x9F\x98\x80\xEF\xBF\xBD\xE2\x99\x98\xEF\xBF\xBD");
}

TEST(ByteSource, ZipAndUtf16AreOneClearError) {
  const struct {
    const char* file;
    const char* says;
  } cases[] = {
      {"zipped.pgn", "is a ZIP archive, not PGN or FEN/EPD text: unzip it first"},
      {"utf16le_no_bom.pgn", "is UTF-16 text (little-endian, no byte order mark)"},
      {"utf16be_no_bom.pgn", "is UTF-16 text (big-endian, no byte order mark)"},
      {"utf16le.pgn.gz", "is UTF-16 text (little-endian, no byte order mark)"},
  };
  for (const auto& c : cases) {
    OpenedSource opened = open_source(fixture(c.file));
    EXPECT_FALSE(opened.ok()) << c.file;
    EXPECT_TRUE(opened.error.starts_with(io::quoted(fixture(c.file)) + " " + c.says))
        << opened.error;
  }
}

TEST(ByteSource, TextWithSomeNulBytesIsNotUtf16) {
  EXPECT_EQ(unreadable_text(std::string("1. e4 \0\0 e5 2. Nf3 Nc6", 22), "x"), "");
  EXPECT_EQ(unreadable_text("", "x"), "");
  EXPECT_EQ(unreadable_text(std::string("e\0"
                                        "4\0",
                                        4),
                            "x"),
            "");  // too short to tell
  EXPECT_NE(unreadable_text(std::string("e\0"
                                        "4\0 \0e\0"
                                        "5\0",
                                        10),
                            "x"),
            "");
  EXPECT_EQ(unreadable_text("PK is a fine name for a player", "x"), "");
}

// Past the bound without a line end the bytes read are delivered, then the input fails;
// a line end anywhere restarts the count (CR too).
TEST(ByteSource, LineBoundStopsALongStretchWithoutLineEnd) {
  for (const std::size_t chunk : {std::size_t(1), std::size_t(7), std::size_t(4096)}) {
    const std::string text = "a\n" + std::string(100, 'x') + "\r" + std::string(100, 'y') + "\n";
    auto ok = make_line_bound_source(make_memory_source(text, "ok", chunk), 100);
    std::string out, error;
    EXPECT_TRUE(read_all(*ok, out, error)) << error;
    EXPECT_EQ(out, text);

    auto endless = make_line_bound_source(
        make_memory_source("a\n" + std::string(1000, '\0'), "zeros", chunk), 100);
    out.clear();
    EXPECT_FALSE(read_all(*endless, out, error));
    EXPECT_EQ(error, "'zeros': no line end in 100 bytes: stopped reading (not text in lines)");
    EXPECT_GT(out.size(), 102u);
    EXPECT_LE(out.size(), 102u + chunk + 100);
  }
}

// A regular file that is cut while being read ends with an error, not quietly.
TEST(ByteSource, ShrinkingFileIsAnError) {
  const fs::path path =
      fs::temp_directory_path() / ("pawnkit_shrink_" + std::to_string(::getpid()));
  { std::ofstream(path, std::ios::binary) << std::string(200000, 'x'); }
  OpenedSource opened = open_source(path.string());
  ASSERT_TRUE(opened.ok()) << opened.error;
  ASSERT_EQ(read_prefix(*opened.source, 1000).size(), 1000u);
  fs::resize_file(path, 50000);
  std::string rest, error;
  EXPECT_FALSE(read_all(*opened.source, rest, error));
  EXPECT_EQ(error,
            "'" + path.string() +
                "' shrank while being read: it had 200000 bytes, the input ended after 50000");
  fs::remove(path);
}

}  // namespace
}  // namespace pawnkit::io
