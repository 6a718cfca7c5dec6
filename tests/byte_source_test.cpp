#include "io/byte_source.hpp"

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

}  // namespace
}  // namespace pawnkit::io
