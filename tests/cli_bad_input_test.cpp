// Hostile input through the CLI: every case gets its one-line error (or is read
// correctly), never a crash, and the good records around it still come out.
#include <sys/resource.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;
using testing::write_file;

const std::string good_fen = "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1";
const std::string good_game = "[Event \"good\"]\n\n1. d4 d5 2. c4 e6 1-0\n\n";

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "/" + name; }

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// Peak resident memory of the largest child process so far, in MB.
long children_peak_mb() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return usage.ru_maxrss / 1024;
}

TEST(BadInput, EmptyFileIsReadAsNothing) {
  write_file(temp_path("empty.epd"), "");
  write_file(temp_path("empty.pgn"), "");
  for (const char* name : {"empty.epd", "empty.pgn"}) {
    const auto r = run_cli("analyze --format jsonl '" + temp_path(name) + "'");
    EXPECT_EQ(r.status, 0) << name << r.err;
    EXPECT_EQ(r.out, "");
  }
}

TEST(BadInput, DirectoryIsAnError) {
  const auto r = run_cli("stats '" + ::testing::TempDir() + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count(r.err, "\n"), 1u) << r.err;
  EXPECT_NE(r.err.find("directory"), std::string::npos) << r.err;
}

TEST(BadInput, HundredMegabyteLineIsSkippedInBoundedMemory) {
  // Written by a shell pipeline, so that no process of this test holds 100 MB.
  const std::string path = temp_path("huge_line.epd");
  const std::string make = "(echo '" + good_fen +
                           "'; head -c 104857600 /dev/zero | tr '\\0' p; echo; echo '" + good_fen +
                           "') > '" + path + "'";
  ASSERT_EQ(std::system(make.c_str()), 0);
  ASSERT_EQ(std::filesystem::file_size(path), 2 * (good_fen.size() + 1) + (100u << 20) + 1);
  const auto r = run_cli("analyze --format jsonl '" + path + "'");
  std::filesystem::remove(path);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count(r.out, "\n"), 2u);
  EXPECT_NE(r.err.find(":2: line longer than 1048576 bytes\n"), std::string::npos) << r.err;
#ifndef __SANITIZE_ADDRESS__  // shadow memory makes sanitized programs larger
  EXPECT_LT(children_peak_mb(), 64);
#endif
}

TEST(BadInput, RandomBytesNeverCrash) {
  std::mt19937 rng(5);
  std::string junk(1 << 20, '\0');
  for (char& c : junk) c = char(rng());
  for (const char* kind : {"epd", "pgn"}) {
    const std::string path = temp_path(std::string("junk.") + kind);
    write_file(path, good_fen + "\n" + junk);
    const auto r = run_cli(std::string("analyze --format jsonl '") + path + "'");
    EXPECT_EQ(r.status, 1) << kind;
    EXPECT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find("Sanitizer"), std::string::npos) << r.err.substr(0, 2000);
  }
}

TEST(BadInput, TruncatedZstdDeliversTheGamesBeforeTheCut) {
  const std::string pgn = temp_path("cut.pgn"), zst = temp_path("cut.pgn.zst");
  const std::string sample = testing::read_file(PAWNKIT_SOURCE_DIR "/data/sample.pgn");
  write_file(pgn, sample + sample);
  ASSERT_EQ(std::system(("zstd -q -f -o '" + zst + "' '" + pgn + "'").c_str()), 0);
  std::filesystem::resize_file(zst, std::filesystem::file_size(zst) / 2);
  const auto r = run_cli("stats --format json '" + zst + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cut.pgn.zst"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("truncated"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("{\"games\": 0,"), std::string::npos) << r.out.substr(0, 80);
}

// tests/data/compressed/: famous.pgn packed with gzip and bzip2, cut short, zipped and in
// UTF-16 (see tests/data/PROVENANCE.md).
std::string compressed(const std::string& name) {
  return std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/compressed/" + name;
}

TEST(BadInput, GzipAndBzip2AreReadLikeTheText) {
  const auto plain = run_cli("analyze --format jsonl --threads 1 '" PAWNKIT_SOURCE_DIR
                             "/tests/data/games/famous.pgn'");
  ASSERT_EQ(plain.status, 0) << plain.err;
  // By extension, and by magic bytes under another name or none.
  for (const char* file :
       {"famous.pgn.gz", "famous.pgn.bz2", "gzip_named.pgn", "gzip_no_extension"}) {
    const auto r = run_cli("analyze --format jsonl --threads 1 '" + compressed(file) + "'");
    EXPECT_EQ(r.status, 0) << file << ": " << r.err;
    EXPECT_EQ(r.out, plain.out) << file;
  }
  // On standard input, by magic bytes alone.
  for (const char* file : {"famous.pgn.gz", "famous.pgn.bz2"}) {
    const auto r =
        run_cli("analyze --format jsonl --threads 1 -", testing::read_file(compressed(file)));
    EXPECT_EQ(r.status, 0) << file << ": " << r.err;
    EXPECT_EQ(r.out, plain.out) << file;
  }
}

TEST(BadInput, TruncatedGzipIsOneErrorAfterTheGamesBeforeIt) {
  const auto r = run_cli("analyze --format jsonl --threads 1 '" + compressed("cut.pgn.gz") + "'");
  EXPECT_EQ(r.status, 1);
  // One error naming the file, and no "malformed move" for the word the cut split.
  EXPECT_EQ(r.err, "pawnkit: " + compressed("cut.pgn.gz") + ":35: game 3: gzip error in '" +
                       compressed("cut.pgn.gz") +
                       "': truncated (unexpected end of file)\npawnkit: analyze: 1 bad record\n");
  EXPECT_NE(r.out.find(R"({"game": 2, "ply": 45, )"), std::string::npos);  // game 2 complete
  const auto bz = run_cli("stats --format json '" + compressed("cut.pgn.bz2") + "'");
  EXPECT_EQ(bz.status, 1);
  EXPECT_NE(bz.err.find("bzip2 error in '" + compressed("cut.pgn.bz2") +
                        "': truncated (unexpected end of file)"),
            std::string::npos)
      << bz.err;
}

// UTF-16 with a byte order mark (iconv -t UTF-16 made it) reads as the UTF-8 text does,
// with one warning naming the file; without a mark it is refused (below).
TEST(BadInput, Utf16WithAByteOrderMarkIsReadTranscoded) {
  const auto plain = run_cli("analyze --format jsonl --threads 1 '" PAWNKIT_SOURCE_DIR
                             "/tests/data/games/famous.pgn'");
  ASSERT_EQ(plain.status, 0) << plain.err;
  const auto r =
      run_cli("analyze --format jsonl --threads 1 '" + compressed("utf16_bom.pgn") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, plain.out);
  EXPECT_NE(r.err.find("warning: '" + compressed("utf16_bom.pgn") +
                       "' is UTF-16 text (byte order mark FF FE): read transcoded to UTF-8\n"),
            std::string::npos)
      << r.err;
}

TEST(BadInput, ZipAndUtf16WithoutAMarkGetOneLineSayingWhatTheyAre) {
  for (const auto& [file, says] :
       {std::pair{"zipped.pgn", "is a ZIP archive, not PGN or FEN/EPD text: unzip it first"},
        {"utf16le_no_bom.pgn", "is UTF-16 text (little-endian, no byte order mark)"}}) {
    for (const char* command :
         {"analyze --format jsonl", "stats", "find --count --where 'ply > 0'"}) {
      const auto r = run_cli(std::string(command) + " '" + compressed(file) + "'");
      EXPECT_EQ(r.status, 1) << command << " " << file;
      const std::size_t first_line = r.err.find('\n');
      EXPECT_TRUE(r.err.starts_with("pawnkit: '" + compressed(file) + "' " + says)) << r.err;
      EXPECT_EQ(r.err.find("pawnkit: '", first_line), std::string::npos) << r.err;  // one line
    }
  }
}

// --strict turns every repair into an error, on every command that reads games.
TEST(BadInput, StrictMakesEveryRepairAnError) {
  const std::string path = temp_path("stray_brace.pgn");
  write_file(path, good_game + "[Event \"stray\"]\n\n1. e4 } e5 2. Nf3 *\n\n" + good_game);
  const std::string similar = "similar --to '4k3/8/8/8/8/8/8/4K3 w - - 0 1'";
  for (const std::string& command :
       std::vector<std::string>{"analyze --format jsonl", "stats", "find --count --where 'ply > 0'",
                                "pawn-eval --format jsonl", similar}) {
    const auto lenient = run_cli(command + " '" + path + "'");
    EXPECT_EQ(lenient.status, 0) << command << ": " << lenient.err;
    EXPECT_NE(lenient.err.find(path + ":7: game 2: warning: stray '}' skipped\n"),
              std::string::npos)
        << command << ": " << lenient.err;
    const auto strict = run_cli(command + " --strict '" + path + "'");
    EXPECT_EQ(strict.status, 1) << command << ": " << strict.err;
    EXPECT_NE(strict.err.find(path + ":7: game 2: stray '}' skipped\n"), std::string::npos)
        << command << ": " << strict.err;
    EXPECT_EQ(strict.err.find("warning"), std::string::npos) << command << ": " << strict.err;
  }
}

TEST(BadInput, StatsTakesInputLikeAnalyze) {
  const std::string path = temp_path("games_named.epd");
  write_file(path, good_game);
  const auto by_name = run_cli("stats --format json '" + path + "'");
  EXPECT_EQ(by_name.status, 1);
  EXPECT_NE(by_name.err.find("stats reads PGN games; this is FEN/EPD"), std::string::npos);
  const auto forced = run_cli("stats --format json --input pgn '" + path + "'");
  EXPECT_EQ(forced.status, 0) << forced.err;
  EXPECT_TRUE(forced.out.starts_with("{\"games\": 1, \"positions\": 5,"))
      << forced.out.substr(0, 80);
  const auto wrong = run_cli("stats --input fen '" + path + "'");
  EXPECT_EQ(wrong.status, 2);
}

TEST(BadInput, HundredThousandNestedVariations) {
  std::string pgn = good_game + "[Event \"deep\"]\n\n1. e4 ";
  pgn += std::string(100000, '(') + "1. d4" + std::string(100000, ')');
  pgn += " e5 2. Nf3 1-0\n\n" + good_game;
  const auto r = run_cli("analyze --format jsonl -", pgn);
  EXPECT_EQ(r.status, 0) << r.err.substr(0, 500);
  EXPECT_NE(r.out.find(R"({"game": 2, "ply": 3, )"), std::string::npos);
  EXPECT_NE(r.out.find(R"({"game": 3, "ply": 4, )"), std::string::npos);
  // Never closed: an error for that game, the next one is still read.
  pgn = "[Event \"open\"]\n\n1. e4 " + std::string(100000, '(') + "1. d4\n\n" + good_game;
  const auto open = run_cli("analyze --format jsonl -", pgn);
  EXPECT_EQ(open.status, 1);
  EXPECT_NE(open.err.find("game 1: unterminated variation"), std::string::npos) << open.err;
}

TEST(BadInput, LineEndingsAndByteOrderMark) {
  const std::string epd = "\xEF\xBB\xBF" + good_fen + "\r\n" + good_fen + "\n" + good_fen + "\r\n";
  auto r = run_cli("analyze --format jsonl --input epd -", epd);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(count(r.out, "\n"), 3u);
  std::string pgn = "\xEF\xBB\xBF[Event \"a\"]\r\n\r\n1. d4 d5\r\n2. c4 e6 1-0\r\n\r\n" + good_game;
  r = run_cli("analyze --format jsonl -", pgn);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(R"({"game": 1, "ply": 4, )"), std::string::npos);
  EXPECT_NE(r.out.find(R"({"game": 2, "ply": 4, )"), std::string::npos);
}

TEST(BadInput, NulBytesInsideTags) {
  std::string pgn = "[Event \"x";
  pgn += '\0';
  pgn += "y\"]\n\n1. e4 *\n\n" + good_game;
  const auto r = run_cli("analyze --format jsonl -", pgn);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "pawnkit: <stdin>:1: game 1: unexpected byte 0x00 in tag value\n"
            "pawnkit: analyze: 1 bad record\n");
  EXPECT_NE(r.out.find(R"({"game": 2, "ply": 4, )"), std::string::npos);
}

}  // namespace
}  // namespace pawnkit
