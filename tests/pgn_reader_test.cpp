#include "io/pgn/reader.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

// The usage example of pgn_reader.hpp, outside pawnkit's namespace, as a user writes it.
struct CountMoves : pawnkit::io::PgnVisitorBase {
  std::size_t moves = 0;
  Control san(std::string_view, std::size_t) {
    ++moves;
    return Control::Continue;
  }
};

TEST(PgnReader, HeaderExampleCompilesAndCounts) {
  auto opened = pawnkit::io::open_source(std::string(PAWNKIT_SOURCE_DIR) +
                                         "/tests/data/pgn/move_numbers.pgn");
  ASSERT_TRUE(opened.ok()) << opened.error;
  CountMoves counter;
  pawnkit::io::read_pgn(*opened.source, counter);
  EXPECT_EQ(counter.moves, 13u);
}

namespace pawnkit::io {
namespace {

using Events = std::vector<std::string>;

// Every corpus test runs with these read-buffer sizes (0 = the default).
const std::vector<std::size_t> buffer_sizes = {1, 2, 3, 7, 64, 0};

std::string corpus_path(const std::string& name) {
  return std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/pgn/" + name;
}

// Records every callback as a line of text, so a test compares the whole event list.
template <bool Comments>
struct Recorder : PgnVisitorBase {
  static constexpr bool wants_comments = Comments;
  Events events;
  std::string expected_file;
  std::size_t open_games = 0;

  void begin_game(std::size_t game, std::size_t line) {
    EXPECT_EQ(open_games, 0u) << "begin_game without end_game";
    ++open_games;
    events.push_back("game " + std::to_string(game) + " @" + std::to_string(line));
  }
  void tag(std::string_view name, std::string_view value) {
    events.push_back("tag " + std::string(name) + "=" + std::string(value));
  }
  Control begin_movetext() {
    events.push_back("movetext");
    return Control::Continue;
  }
  Control san(std::string_view san, std::size_t line) {
    events.push_back("san " + std::string(san) + " @" + std::to_string(line));
    return Control::Continue;
  }
  void comment(std::string_view text) { events.push_back("comment {" + std::string(text) + "}"); }
  void nag(int nag) { events.push_back("nag " + std::to_string(nag)); }
  void end_game(std::string_view result) {
    EXPECT_EQ(open_games, 1u) << "end_game without begin_game";
    --open_games;
    events.push_back("end " + (result.empty() ? std::string("<none>") : std::string(result)));
  }
  void error(const PgnError& e) {
    if (!expected_file.empty()) {
      EXPECT_EQ(e.file, expected_file);
    }
    events.push_back("error g" + std::to_string(e.game) + " l" + std::to_string(e.line) + ": " +
                     std::string(e.message));
  }
  void warning(const PgnError& w) {
    events.push_back("warning g" + std::to_string(w.game) + " l" + std::to_string(w.line) + ": " +
                     std::string(w.message));
  }
};

PgnReaderOptions with_buffer(std::size_t buffer_size) {
  PgnReaderOptions options;
  if (buffer_size != 0) options.buffer_size = buffer_size;
  return options;
}

// Events of a corpus file read from disk.
template <bool Comments>
Events read_file(const std::string& name, std::size_t buffer_size) {
  const std::string path = corpus_path(name);
  OpenedSource opened = open_source(path);
  EXPECT_TRUE(opened.ok()) << opened.error;
  if (!opened.ok()) return {};
  Recorder<Comments> recorder;
  recorder.expected_file = path;
  read_pgn(*opened.source, recorder, with_buffer(buffer_size));
  EXPECT_EQ(recorder.open_games, 0u);
  return recorder.events;
}

// Events of PGN text held in memory.
template <bool Comments = true>
Events read_text(const std::string& text, const PgnReaderOptions& options = {},
                 PgnSummary* summary = nullptr) {
  auto source = make_memory_source(text, "mem.pgn");
  Recorder<Comments> recorder;
  recorder.expected_file = "mem.pgn";
  const PgnSummary result = read_pgn(*source, recorder, options);
  if (summary) *summary = result;
  EXPECT_EQ(recorder.open_games, 0u);
  return recorder.events;
}

Events without_comments(const Events& events) {
  Events out;
  for (const std::string& e : events)
    if (!e.starts_with("comment ")) out.push_back(e);
  return out;
}

class PgnCorpus : public ::testing::TestWithParam<std::size_t> {
 protected:
  // Checks a corpus file against the expected events, both with a visitor that takes
  // comments and with one that lets the reader skip them.
  void check(const std::string& name, const Events& expected) {
    EXPECT_EQ(read_file<true>(name, GetParam()), expected) << name;
    EXPECT_EQ(read_file<false>(name, GetParam()), without_comments(expected)) << name;
  }
};

// Many tags, some given twice, written in the plain shape the reader takes in one pass and
// in shapes it reads the general way (escapes, a tab, two spaces): each name's first value
// is kept and every later one is a warning, as a std::set of the names seen says; a new
// game starts with no names seen.
TEST_P(PgnCorpus, TagGivenTwiceIsAWarningAmongManyTags) {
  std::string text;
  Events expected;
  for (int game = 1; game <= 2; ++game) {
    const int first_line = game == 1 ? 1 : 304;  // 300 tags, a blank line, the moves, a blank
    expected.push_back("game " + std::to_string(game) + " @" + std::to_string(first_line));
    std::set<std::string> seen;
    for (int i = 0; i < 300; ++i) {
      const std::string name = "T" + std::to_string(i % 7 == 6 ? i / 2 : i);
      const std::string value = "v" + std::to_string(i);
      const int line = first_line + i;
      switch (i % 4) {
        case 0:
          text += "[" + name + " \"" + value + "\"]\n";
          break;
        case 1:
          text += "[" + name + "  \"" + value + "\"]\n";
          break;
        case 2:
          text += "[" + name + " \"" + value + "\\\\\"]\n";
          break;
        case 3:
          text += "[" + name + "\t\"" + value + "\"]\n";
          break;
      }
      const std::string read = value + (i % 4 == 2 ? "\\" : "");
      if (seen.insert(name).second) {
        expected.push_back("tag " + name + "=" + read);
      } else {
        expected.push_back("warning g" + std::to_string(game) + " l" + std::to_string(line) +
                           ": tag " + name +
                           " given twice: the first value is kept, the second "
                           "is dropped");
      }
    }
    text += "\n1. e4 *\n\n";
    expected.insert(expected.end(),
                    {"movetext", "san e4 @" + std::to_string(first_line + 301), "end *"});
  }
  EXPECT_EQ(read_text(text, with_buffer(GetParam())), expected);
}

TEST_P(PgnCorpus, TagsWithEscapedQuotesAndBackslashes) {
  check("tags_escaped.pgn",
        {"game 1 @1", "tag Event=The \"Big\" Match", "tag Site=C:\\chess\\games", "tag White=A",
         "tag Black=B", "tag Result=1-0", "movetext", "san e4 @6", "san e5 @6", "end 1-0"});
}

TEST_P(PgnCorpus, MoveNumbersAreStripped) {
  check("move_numbers.pgn",
        {"game 1 @1", "tag Event=Move numbers", "movetext", "san e4 @3", "san e5 @3", "san Nf3 @3",
         "san Nc6 @3", "san Bb5 @3", "san a6 @3", "san Ba4 @3", "san Nf6 @4", "san O-O @4",
         "san d3 @4", "san b5 @4", "san O-O @4", "san O-O-O+ @4", "end *"});
}

TEST_P(PgnCorpus, BraceAndLineComments) {
  check("comments.pgn", {"game 1 @1",
                         "tag Event=Comments",
                         "movetext",
                         "comment {Before the first move}",
                         "san e4 @3",
                         "comment {[%eval 0.2] [%clk 0:03:00]}",
                         "san e5 @3",
                         "comment {A comment\nover two\nlines}",
                         "san Nf3 @5",
                         "comment {rest of line, with { and ( inside}",
                         "san Nc6 @6",
                         "comment {}",
                         "san Bb5 @7",
                         "end 1/2-1/2",
                         "game 2 @9",
                         "tag Event=Next",
                         "movetext",
                         "san d4 @11",
                         "comment {a line comment}",
                         "end 0-1"});
}

TEST_P(PgnCorpus, VariationsAreSkipped) {
  check("variations.pgn", {"game 1 @1", "tag Event=Variations", "movetext", "san e4 @3",
                           "san e5 @4", "san Nf3 @4", "san Nc6 @4", "end 0-1", "game 2 @6",
                           "tag Event=After", "movetext", "san c4 @8", "san c5 @8", "end 1-0"});
}

TEST_P(PgnCorpus, NagsAndSuffixAnnotations) {
  check("nags_annotations.pgn", {"game 1 @1",  "tag Event=Annotations",
                                 "movetext",   "san e4 @3",
                                 "nag 1",      "san e5 @3",
                                 "nag 2",      "san Nf3 @3",
                                 "nag 3",      "san Nc6 @3",
                                 "nag 4",      "san Bb5 @3",
                                 "nag 5",      "san a6 @3",
                                 "nag 6",      "san Ba4 @3",
                                 "nag 14",     "san Nf6 @3",
                                 "nag 1",      "nag 255",
                                 "san O-O @3", "nag 1",
                                 "nag 10",     "end *"});
}

TEST_P(PgnCorpus, AllResults) {
  check("results.pgn", {"game 1 @1",      "tag Event=One",
                        "movetext",       "san e4 @3",
                        "end 1-0",        "game 2 @5",
                        "tag Event=Two",  "movetext",
                        "san e4 @7",      "end 0-1",
                        "game 3 @9",      "tag Event=Three",
                        "movetext",       "san e4 @11",
                        "end 1/2-1/2",    "game 4 @13",
                        "tag Event=Four", "movetext",
                        "san e4 @15",     "end *",
                        "game 5 @17",     "tag Event=Five, no moves",
                        "movetext",       "end *"});
}

TEST_P(PgnCorpus, PercentEscapeLines) {
  check("escape_lines.pgn", {"game 1 @2", "tag Event=Escapes", "tag Site=here", "movetext",
                             "san e4 @6", "san e5 @8", "end 1/2-1/2"});  // indented: skipped too
}

TEST_P(PgnCorpus, GamesWithoutTags) {
  check("no_tags.pgn", {"game 1 @1", "movetext", "san e4 @1", "san e5 @1", "san Nf3 @1", "end 1-0",
                        "game 2 @3", "movetext", "san d4 @3", "san d5 @3", "end 0-1", "game 3 @4",
                        "movetext", "san c4 @4", "end *"});
}

TEST_P(PgnCorpus, MissingResultEndsAtNextTagOrEndOfFile) {
  check(
      "missing_result.pgn",
      {"game 1 @1", "tag Event=No result", "movetext", "san e4 @3", "san e5 @3", "san Nf3 @3",
       "end <none>", "game 2 @4", "tag Event=Second", "movetext", "san d4 @6", "san d5 @6",
       "end 1-0", "game 3 @8", "tag Event=Third, no result at end of file", "movetext",
       "san c4 @10", "san c5 @10",
       // The last game's end is the file's: it may have been cut off (issue 34).
       "warning g3 l11: the input ends inside the game (no result token): cut off?", "end <none>"});
}

TEST_P(PgnCorpus, TagSectionWithoutMovetextEndsAtBlankLine) {
  check("tags_only.pgn",
        {"game 1 @1", "tag Event=Tags only", "tag Site=nowhere", "movetext", "end <none>",
         "game 2 @4",
         "warning g2 l4: tag without closing '\"' or ']' read to the end of its line: Event",
         "tag Event=Broken", "tag Round=1", "movetext", "end <none>", "game 3 @7", "tag Event=Next",
         "movetext", "san e4 @9", "end *"});
}

TEST_P(PgnCorpus, FenAndSetUpTagsArePassedOn) {
  check("fen_setup.pgn", {"game 1 @1", "tag Event=From position", "tag SetUp=1",
                          "tag FEN=4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "tag Variant=From Position",
                          "movetext", "san e4 @6", "san Kd7 @6", "end *"});
}

TEST_P(PgnCorpus, CrLfLineEndings) {
  check("crlf.pgn",
        {"game 1 @1", "tag Event=CRLF", "tag Site=x", "movetext", "san e4 @4", "comment {a\r\nb}",
         "san e5 @5", "san Nf3 @6", "end 1-0", "game 2 @8", "tag Event=Two", "movetext",
         "san d4 @10", "comment {line}", "san d5 @11", "end 0-1"});
}

TEST_P(PgnCorpus, ByteOrderMark) {
  check("bom.pgn", {"game 1 @1", "tag Event=BOM", "movetext", "san e4 @3", "san e5 @3", "end 1-0"});
}

TEST_P(PgnCorpus, NulAndBinaryBytesAreAnError) {
  check("nul_junk.pgn", {"game 1 @1", "tag Event=Junk", "movetext", "san e4 @3", "san e5 @3",
                         "error g1 l3: unexpected byte 0x00", "end 1-0", "game 2 @5",
                         "tag Event=Good", "movetext", "san d4 @7", "san d5 @7", "end 0-1"});
}

TEST_P(PgnCorpus, UnterminatedCommentAtEndOfFile) {
  check("unterminated_comment.pgn",
        {"game 1 @1", "tag Event=Good", "movetext", "san e4 @3", "san e5 @3", "end 1-0",
         "game 2 @5", "tag Event=Open comment", "movetext", "san d4 @7",
         "error g2 l7: unterminated comment", "end <none>"});
}

TEST_P(PgnCorpus, UnterminatedVariation) {
  check("unterminated_variation.pgn", {"game 1 @1",
                                       "tag Event=Open variation",
                                       "movetext",
                                       "san e4 @3",
                                       "san e5 @3",
                                       "san Nf3 @3",
                                       "error g1 l3: unterminated variation",
                                       "end <none>",
                                       "game 2 @5",
                                       "tag Event=Good",
                                       "movetext",
                                       "san d4 @7",
                                       "san d5 @7",
                                       "end 1-0",
                                       "game 3 @9",
                                       "tag Event=Open at end of file",
                                       "movetext",
                                       "san c4 @11",
                                       "error g3 l11: unterminated variation",
                                       "end <none>"});
}

TEST_P(PgnCorpus, BrokenTagLines) {
  check("broken_tag.pgn",
        {"game 1 @1",
         "warning g1 l1: tag without closing '\"' or ']' read to the end of its line: Event",
         "tag Event=x",
         "tag Site=y",
         "movetext",
         "san e4 @4",
         "san e5 @4",
         "end 1-0",
         "game 2 @6",
         "tag Event=Second",
         "warning g2 l7: tag without closing '\"' or ']' read to the end of its line: Site",
         "tag Site=missing bracket",
         "movetext",
         "san d4 @9",
         "san d5 @9",
         "end 0-1",
         "game 3 @11",
         "tag Event=Fine",
         "tag Round=3",
         "movetext",
         "san c4 @14",
         "san c5 @14",
         "end 1/2-1/2"});
}

TEST_P(PgnCorpus, UnmatchedClosingParenthesis) {
  check("unmatched_paren.pgn",
        {"game 1 @1", "tag Event=Unmatched", "movetext", "san e4 @3", "san e5 @3",
         "warning g1 l3: unmatched ')' skipped", "san Nf3 @3", "end 1-0", "game 2 @5",
         "tag Event=Good", "movetext", "san d4 @7", "end *"});
}

TEST_P(PgnCorpus, MalformedNagTagAndStrayBracket) {
  check("malformed.pgn",
        {"game 1 @1", "tag Event=Bad NAG", "movetext", "san e4 @3", "error g1 l3: malformed NAG",
         "end *", "game 2 @5", "tag Event=",
         "tag =bad=x",  // a non-standard name is kept
         "movetext", "san e4 @8", "end *", "game 3 @10", "tag Event=Bracket mid line", "movetext",
         "san e4 @12",
         // issue 31: a "[" that opens no tag is skipped to its "]"
         "warning g3 l12: '[' in the movetext starts no tag: skipped to its ']'", "san e5 @12",
         "end *", "game 4 @14", "tag Event=Good", "movetext", "san d4 @16", "end *"});
}

INSTANTIATE_TEST_SUITE_P(BufferSizes, PgnCorpus, ::testing::ValuesIn(buffer_sizes));

class PgnLimits : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PgnLimits, HundredThousandNestedVariations) {
  const std::size_t depth = 100000;
  std::string text = "[Event \"Deep\"]\n\n1. e4 ";
  text += std::string(depth, '(');
  text += "1. d4 {c}";
  text += std::string(depth, ')');
  text += " e5 1-0\n\n[Event \"Next\"]\n\n1. d4 *\n";
  EXPECT_EQ(read_text(text, with_buffer(GetParam())),
            (Events{"game 1 @1", "tag Event=Deep", "movetext", "san e4 @3", "san e5 @3", "end 1-0",
                    "game 2 @5", "tag Event=Next", "movetext", "san d4 @7", "end *"}));

  std::string open = "1. e4 " + std::string(depth, '(') + "1. d4\n\n[Event \"Next\"]\n1. c4 *";
  EXPECT_EQ(
      read_text(open, with_buffer(GetParam())),
      (Events{"game 1 @1", "movetext", "san e4 @1", "error g1 l1: unterminated variation",
              "end <none>", "game 2 @3", "tag Event=Next", "movetext", "san c4 @4", "end *"}));
}

TEST_P(PgnLimits, OverlongTokenIsAnErrorAndTheNextGameIsRead) {
  const std::string text =
      "1. e4 " + std::string(5000, 'a') + " e5 1-0\n\n[Event \"Next\"]\n\n1. d4 *";
  EXPECT_EQ(
      read_text(text, with_buffer(GetParam())),
      (Events{"game 1 @1", "movetext", "san e4 @1", "error g1 l1: token longer than 4096 bytes",
              "end 1-0", "game 2 @3", "tag Event=Next", "movetext", "san d4 @5", "end *"}));
  // Exactly at the limit is still a token.
  const std::string at_limit = "1. " + std::string(4096, 'a') + " *";
  EXPECT_EQ(read_text(at_limit, with_buffer(GetParam())),
            (Events{"game 1 @1", "movetext", "san " + std::string(4096, 'a') + " @1", "end *"}));
}

TEST_P(PgnLimits, LongTagsAreReadAndCutOnlyBeyondMaxTagBytes) {
  const std::string text = "[Event \"" + std::string(5000, 'x') +
                           "\"]\n[Site \"s\"]\n\n1. e4 1-0\n\n[Event \"Next\"]\n\n1. d4 *";
  EXPECT_EQ(read_text(text, with_buffer(GetParam())),
            (Events{"game 1 @1", "tag Event=" + std::string(5000, 'x'), "tag Site=s", "movetext",
                    "san e4 @4", "end 1-0", "game 2 @6", "tag Event=Next", "movetext", "san d4 @8",
                    "end *"}));
  PgnReaderOptions small = with_buffer(GetParam());
  small.max_token_bytes = 10;
  small.max_tag_bytes = 20;
  EXPECT_EQ(
      read_text("[Event \"" + std::string(40, 'y') + "\"]\n\ne4 *", small),
      (Events{"game 1 @1", "warning g1 l1: tag value longer than 20 bytes cut to 20 bytes: Event",
              "tag Event=" + std::string(13, 'y'), "movetext", "san e4 @3", "end *"}));
}

TEST_P(PgnLimits, LongCommentsAreBoundedOnlyWhenDelivered) {
  const std::string text =
      "1. e4 {" + std::string(300, 'c') + "\n" + std::string(300, 'c') + "} e5 1-0\n1. d4 *";
  PgnReaderOptions options = with_buffer(GetParam());
  options.max_comment_bytes = 100;
  // A visitor without comments never sees the limit.
  EXPECT_EQ(read_text<false>(text, options),
            (Events{"game 1 @1", "movetext", "san e4 @1", "san e5 @2", "end 1-0", "game 2 @3",
                    "movetext", "san d4 @3", "end *"}));
  EXPECT_EQ(
      read_text<true>(text, options),
      (Events{"game 1 @1", "movetext", "san e4 @1", "error g1 l1: comment longer than 100 bytes",
              "end 1-0", "game 2 @3", "movetext", "san d4 @3", "end *"}));
  const std::string line_comment = "1. e4 ;" + std::string(300, 'c') + "\ne5 *";
  EXPECT_EQ(read_text<true>(line_comment, options),
            (Events{"game 1 @1", "movetext", "san e4 @1",
                    "error g1 l1: comment longer than 100 bytes", "end *"}));
}

INSTANTIATE_TEST_SUITE_P(BufferSizes, PgnLimits, ::testing::ValuesIn(buffer_sizes));

// Skips a game from begin_movetext (by variant) or from san (after two moves).
struct Skipper : PgnVisitorBase {
  std::vector<std::string> moves;
  std::vector<std::string> results;
  bool standard = true;
  std::size_t in_game = 0;
  void begin_game(std::size_t, std::size_t) {
    standard = true;
    in_game = 0;
  }
  void tag(std::string_view name, std::string_view value) {
    if (name == "Variant" && value != "Standard") standard = false;
  }
  Control begin_movetext() { return standard ? Control::Continue : Control::SkipGame; }
  Control san(std::string_view san, std::size_t) {
    moves.emplace_back(san);
    return ++in_game == 2 ? Control::SkipGame : Control::Continue;
  }
  void end_game(std::string_view result) { results.emplace_back(result); }
};

TEST(PgnReader, VisitorCanSkipGames) {
  const std::string text =
      "[Variant \"Atomic\"]\n\n1. e4 e5 1-0\n\n[Variant \"Standard\"]\n\n1. d4 d5 2. c4 (2. Nf3) "
      "e6 0-1\n\n1. c4 *\n";
  auto source = make_memory_source(text);
  Skipper skipper;
  const PgnSummary summary = read_pgn(*source, skipper);
  EXPECT_EQ(skipper.moves, (std::vector<std::string>{"d4", "d5", "c4"}));
  EXPECT_EQ(skipper.results, (std::vector<std::string>{"1-0", "0-1", "*"}));
  EXPECT_EQ(summary.games, 3u);
  EXPECT_EQ(summary.errors, 0u);
}

// Stops at the start of game 3 or at the first "Qh5".
struct Stopper : Recorder<false> {
  Control begin_game(std::size_t game, std::size_t line) {
    Recorder<false>::begin_game(game, line);
    return game == 3 ? Control::Stop : Control::Continue;
  }
  Control san(std::string_view san, std::size_t line) {
    Recorder<false>::san(san, line);
    return san == "Qh5" ? Control::Stop : Control::Continue;
  }
};

TEST(PgnReader, VisitorCanStopReading) {
  for (std::size_t size : buffer_sizes) {
    auto source = make_memory_source("1. e4 *\n1. d4 *\n[Event \"3\"]\n1. c4 *\n1. b4 *\n");
    Stopper stopper;
    const PgnSummary summary = read_pgn(*source, stopper, with_buffer(size));
    EXPECT_EQ(stopper.events,
              (Events{"game 1 @1", "movetext", "san e4 @1", "end *", "game 2 @2", "movetext",
                      "san d4 @2", "end *", "game 3 @3", "end <none>"}));
    EXPECT_TRUE(summary.stopped);
    EXPECT_EQ(summary.games, 3u);

    source = make_memory_source("1. e4 e5 2. Qh5 Nc6 (2... g6 *\n1. d4 *");
    Stopper mid_game;
    read_pgn(*source, mid_game, with_buffer(size));
    EXPECT_EQ(mid_game.events, (Events{"game 1 @1", "movetext", "san e4 @1", "san e5 @1",
                                       "san Qh5 @1", "end <none>"}));
    EXPECT_EQ(mid_game.open_games, 0u);
  }
}

// A visitor with void callbacks compiles too.
struct VoidVisitor : PgnVisitorBase {
  int moves = 0;
  void begin_movetext() {}
  void san(std::string_view, std::size_t) { ++moves; }
};

TEST(PgnReader, VoidCallbacksAreAccepted) {
  auto source = make_memory_source("1. e4 e5 *");
  VoidVisitor visitor;
  read_pgn(*source, visitor);
  EXPECT_EQ(visitor.moves, 2);
}

TEST(PgnReader, SummaryAndErrorText) {
  PgnSummary summary;
  read_text("1. e4 ) *\n\n1. d4 *\n\n1. c4 \x01 *", {}, &summary);
  EXPECT_EQ(summary.games, 3u);
  EXPECT_EQ(summary.errors, 1u);    // the control byte
  EXPECT_EQ(summary.warnings, 1u);  // the stray ')' is skipped
  EXPECT_FALSE(summary.source_failed);
  const PgnError error{"games.pgn", 12, 345, "unterminated comment"};
  EXPECT_EQ(error.to_string(), "games.pgn:345: game 12: unterminated comment");
}

TEST(PgnReader, TinyLimitsStillReadEveryByte) {
  PgnReaderOptions options;
  options.buffer_size = 1;
  options.max_token_bytes = 0;
  options.max_comment_bytes = 0;
  EXPECT_EQ(
      read_text("\xEF\xBB\xBF{} e4", options),
      (Events{"game 1 @1", "movetext", "error g1 l1: token longer than 0 bytes", "end <none>"}));
}

TEST(PgnReader, EmptyAndBlankInputHaveNoGames) {
  PgnSummary summary;
  EXPECT_EQ(read_text("", {}, &summary), Events{});
  EXPECT_EQ(summary.games, 0u);
  EXPECT_EQ(read_text("\n\r\n  \n% only an escape line\n{ a stray comment }\n", {}, &summary),
            Events{});
  EXPECT_EQ(summary.games, 0u);
}

// A source that fails after some bytes, like a truncated .zst file.
class FailingSource final : public ByteSource {
 public:
  explicit FailingSource(std::string data) : ByteSource("cut.pgn.zst"), data_(std::move(data)) {}
  std::size_t read(char* out, std::size_t capacity) override {
    const std::size_t n = std::min(capacity, data_.size() - sent_);
    std::copy_n(data_.data() + sent_, n, out);
    sent_ += n;
    if (n == 0) fail("zstd error in 'cut.pgn.zst': truncated frame (unexpected end of file)");
    return n;
  }

 private:
  std::string data_;
  std::size_t sent_ = 0;
};

TEST(PgnReader, SourceFailureIsReportedAfterTheDeliveredGames) {
  FailingSource source("[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 d");
  Recorder<false> recorder;
  const PgnSummary summary = read_pgn(source, recorder);
  EXPECT_EQ(recorder.events,
            (Events{"game 1 @1", "tag Event=A", "movetext", "san e4 @3", "san e5 @3", "end 1-0",
                    // "d", cut by the failure, is not a move: the failure is the error.
                    "game 2 @5", "tag Event=B", "movetext", "san d4 @7",
                    "error g2 l7: zstd error in 'cut.pgn.zst': truncated frame (unexpected end of "
                    "file)",
                    "end <none>"}));
  EXPECT_TRUE(summary.source_failed);
  EXPECT_EQ(summary.errors, 1u);
}

// Random bytes, random cuts of real PGN and random buffer sizes: the reader must end,
// pair every begin_game with an end_game and agree with itself across buffer sizes.
TEST(PgnReader, RandomInputNeverHangsOrCrashes) {
  const std::string base =
      "[Event \"R\"]\n[FEN \"x\"]\n\n1. e4 {c} e5 (1... c5 {d} (1... e6)) 2. Nf3 $1 ; x\nNc6! "
      "1-0\n\n1. d4 *\n";
  const std::string alphabet = "[]{}()\";$%!?.-01/2*\n\r\t \\aeNO+#=\x00\xff";
  std::mt19937 random(42);
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int pieces = 1 + static_cast<int>(random() % 20);
    for (int i = 0; i < pieces; ++i) {
      if (random() % 2) {
        const std::size_t from = random() % base.size();
        text += base.substr(from, random() % (base.size() - from + 1));
      } else {
        for (int k = static_cast<int>(random() % 10); k >= 0; --k)
          text += alphabet[random() % alphabet.size()];
      }
    }
    PgnReaderOptions small;
    small.max_token_bytes = 8;
    small.max_comment_bytes = 8;
    const Events reference = read_text(text, small);
    for (std::size_t size : {1, 2, 5, 13}) {
      small.buffer_size = size;
      EXPECT_EQ(read_text(text, small), reference) << "round " << round << " size " << size;
    }
  }
}

// The bundled sample: 300 real games whose events must not depend on the buffer size,
// nor on whether they come through the zstd decoder.
TEST(PgnReaderSample, SameEventsAtEveryBufferSizeAndThroughZstd) {
  const std::string path = std::string(PAWNKIT_SOURCE_DIR) + "/data/sample.pgn";
  std::string text, error;
  OpenedSource opened = open_source(path);
  ASSERT_TRUE(opened.ok()) << opened.error;
  ASSERT_TRUE(read_all(*opened.source, text, error));

  PgnSummary summary;
  const Events reference = read_text(text, {}, &summary);
  EXPECT_EQ(summary.games, 300u);
  EXPECT_EQ(summary.errors, 0u);
  const auto moves = std::count_if(reference.begin(), reference.end(),
                                   [](const std::string& e) { return e.starts_with("san "); });
  EXPECT_EQ(moves, 19256);  // data/PROVENANCE.md; pgn-extract lists the same moves
  for (std::size_t size : buffer_sizes) {
    EXPECT_EQ(read_text(text, with_buffer(size)), reference) << "buffer " << size;
  }

  std::string compressed(ZSTD_compressBound(text.size()), '\0');
  compressed.resize(
      ZSTD_compress(compressed.data(), compressed.size(), text.data(), text.size(), 3));
  const auto zst = std::filesystem::temp_directory_path() /
                   ("pawnkit_sample_" + std::to_string(::getpid()) + ".pgn.zst");
  std::ofstream(zst, std::ios::binary) << compressed;
  for (std::size_t size : {std::size_t(7), std::size_t(0)}) {
    OpenedSource z = open_source(zst.string());
    ASSERT_TRUE(z.ok()) << z.error;
    Recorder<true> recorder;
    read_pgn(*z.source, recorder, with_buffer(size));
    EXPECT_EQ(recorder.events, reference) << "buffer " << size;
  }

  // Cut in the middle: the games decoded before the cut arrive unchanged, then the error.
  std::ofstream(zst, std::ios::binary | std::ios::trunc)
      << compressed.substr(0, compressed.size() / 2);
  OpenedSource cut = open_source(zst.string());
  ASSERT_TRUE(cut.ok());
  Recorder<true> recorder;
  const PgnSummary cut_summary = read_pgn(*cut.source, recorder);
  std::filesystem::remove(zst);
  EXPECT_TRUE(cut_summary.source_failed);
  EXPECT_EQ(cut_summary.errors, 1u);
  EXPECT_GT(cut_summary.games, 50u);
  EXPECT_LT(cut_summary.games, 300u);
  const auto error_event =
      std::find_if(recorder.events.begin(), recorder.events.end(),
                   [](const std::string& e) { return e.starts_with("error "); });
  ASSERT_NE(error_event, recorder.events.end());
  EXPECT_TRUE(error_event->ends_with(": zstd error in '" + zst.string() +
                                     "': truncated frame (unexpected end of file)"))
      << *error_event;
  // Everything up to the start of the interrupted game matches the full read.
  const auto last_begin = std::find_if(recorder.events.rbegin(), recorder.events.rend(),
                                       [](const std::string& e) { return e.starts_with("game "); });
  const auto complete = static_cast<std::size_t>(recorder.events.rend() - last_begin) - 1;
  EXPECT_TRUE(
      std::equal(recorder.events.begin(), recorder.events.begin() + complete, reference.begin()));
  EXPECT_EQ(recorder.events.back(), "end <none>");
}

// The shared real-game files: game counts checked with grep, SAN counts with pgn-extract.
struct Counter : PgnVisitorBase {
  std::size_t moves = 0;
  std::size_t games_ended = 0;
  std::size_t errors = 0;
  Control san(std::string_view, std::size_t) {
    ++moves;
    return Control::Continue;
  }
  void end_game(std::string_view) { ++games_ended; }
  void error(const PgnError& e) {
    ++errors;
    ADD_FAILURE() << e.to_string();
  }
};

TEST(PgnReaderSharedData, LichessSample) {
  const std::string path = std::string(PAWNKIT_SHARED_DATA) + "/lichess_db_1000k.pgn";
  for (std::size_t size : {std::size_t(1), std::size_t(7), std::size_t(65536)}) {
    OpenedSource opened = open_source(path);
    if (!opened.ok()) GTEST_SKIP() << "shared data absent: " << path;
    Counter counter;
    const PgnSummary summary = read_pgn(*opened.source, counter, with_buffer(size));
    EXPECT_EQ(summary.games, 438u);  // grep -c '^\[Event '
    EXPECT_EQ(counter.games_ended, 438u);
    EXPECT_EQ(counter.moves, 28538u);  // pgn-extract, same per-game move lists
    EXPECT_EQ(summary.errors, 0u);
  }
}

TEST(PgnReaderSharedData, MagnusZstd) {
  const std::string path = std::string(PAWNKIT_SHARED_DATA) + "/lichess_magnus_games.pgn.zst";
  OpenedSource opened = open_source(path);
  if (!opened.ok()) GTEST_SKIP() << "shared data absent: " << path;
  Counter counter;
  const PgnSummary summary = read_pgn(*opened.source, counter);
  EXPECT_EQ(summary.games, 10024u);   // PROVENANCE.md and grep -c '^\[Event '
  EXPECT_EQ(counter.moves, 849671u);  // pgn-extract agrees on every game it accepts
  EXPECT_EQ(summary.errors, 0u);
  EXPECT_FALSE(summary.source_failed);
}

}  // namespace
}  // namespace pawnkit::io
