// Where the index says a game is (its byte offset) and the text read from there (what
// pawnkit serve's GET /games/ID answers), against an independent read of the source.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "index/game_info.hpp"
#include "index/game_text.hpp"
#include "index/store.hpp"
#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

namespace fs = std::filesystem;
using testing::run_cli;

const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";

class TempDir {
 public:
  TempDir()
      : path_(fs::temp_directory_path() / ("pawnkit_game_text_" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

// Each game's text as an independent read of the source finds it: from a line starting
// with "[Event " (after a byte order mark at the file's start) to the end of the last
// non-blank line before the next one, line ends included as they are.
std::vector<std::pair<std::size_t, std::string>> games_by_event_lines(const std::string& text) {
  std::vector<std::size_t> starts;
  for (std::size_t at = 0; (at = text.find("[Event ", at)) != std::string::npos; ++at)
    if (at == 0 || text[at - 1] == '\n' || (at == 3 && text.starts_with("\xEF\xBB\xBF")))
      starts.push_back(at);
  std::vector<std::pair<std::size_t, std::string>> games;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
    std::string game = text.substr(starts[i], end - starts[i]);
    const std::size_t last = game.find_last_not_of(" \t\r\n");
    const std::size_t newline = game.find('\n', last);
    game.resize(newline == std::string::npos ? last + 1 : newline + 1);
    games.emplace_back(starts[i], game);
  }
  return games;
}

// The byte offset of every game in the index, and the text read from it (what GET
// /games/ID serves), equal the independent read, for CRLF text with a byte order mark,
// plain and compressed with zstd (read from the start and skipped: no seeking there).
TEST(GameText, AGamesOffsetAndTextAreThoseOfItsSource) {
  TempDir dir;
  std::string text = "\xEF\xBB\xBF";
  for (char c : testing::read_file(sample))
    text += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::string crlf = dir / "crlf.pgn";
  testing::write_file(crlf, text);
  const std::string zst = dir / "crlf.pgn.zst";
  ASSERT_EQ(std::system(("zstd -q -f '" + crlf + "' -o '" + zst + "'").c_str()), 0);
  const auto expected = games_by_event_lines(text);
  ASSERT_EQ(expected.size(), 300u);
  for (const std::string& file : {crlf, zst}) {
    const std::string db = dir / ("db-" + fs::path(file).filename().string());
    ASSERT_EQ(run_cli("index add '" + db + "' '" + file + "'").status, 0);
    std::string error;
    const auto store = index_db::Store::open(db, index_db::Store::Mode::ReadOnly, error);
    ASSERT_TRUE(store) << error;
    std::size_t checked = 0;
    error = store->scan("G", [&](std::string_view, std::string_view value) {
      const auto info = index_db::GameInfo::decode(value);
      ASSERT_TRUE(info && info->number_in_file >= 1 && info->number_in_file <= expected.size());
      const auto& [offset, game] = expected[info->number_in_file - 1];
      EXPECT_EQ(info->offset, offset) << file << " game " << info->number_in_file;
      std::string read;
      EXPECT_EQ(index_db::read_game_text(info->file, info->offset, read), "");
      EXPECT_EQ(read, game) << file << " game " << info->number_in_file;
      ++checked;
    });
    EXPECT_EQ(error, "");
    EXPECT_EQ(checked, expected.size()) << file;
  }
  std::string out;
  EXPECT_NE(index_db::read_game_text(crlf, text.size() + 10, out), "");  // past the end
}

}  // namespace
}  // namespace pawnkit
