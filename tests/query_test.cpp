// The query language: every construct parses, every error names its column, and
// evaluation on hand-built positions gives the answers worked out by hand below.
#include "analysis/query/query.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <utility>

#include "analysis/find.hpp"

// Counts heap allocations while `counting` is set, to check that evaluation makes none.
namespace {
bool counting = false;
long allocations = 0;
}  // namespace
void* operator new(std::size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace pawnkit::analysis {
namespace {

// White: a2 b2 d4 f2 g2 h2 (d4 isolated; islands a-b, d, f-h = 3).
// Black: a7 b7 e6 f7 g7 h7 (nothing isolated; islands a-b, e-h = 2). White to move.
const char* const iqp = "r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 12";
// Fischer-Spassky 1972/6 after 15...bxc5. Black: a6 c5 d5 f7 g7 h6, hanging c5 d5, islands
// a, c-d, f-h = 3. White: a2 b2 e3 f2 g2 h2, islands a-b, e-h = 2, hanging b2.
const char* const hanging = "rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16";
// Black to move, move 20 (ply 39 by the move counters). White: c4 d4 f2 g2 h2, where c4 d4
// are a duo, hanging (open and half-isolated too) and passed. Black: a7 f7 g7 h7.
const char* const duo = "6k1/p4ppp/8/8/2PP4/8/5PPP/6K1 b - - 0 20";

Query compiled(std::string_view text) {
  auto result = Query::compile(text);
  if (auto* error = std::get_if<QueryError>(&result)) {
    ADD_FAILURE() << text << ": " << format_query_error(text, *error);
    return std::get<Query>(Query::compile("true"));
  }
  return std::get<Query>(std::move(result));
}

bool holds(std::string_view text, const char* fen, const io::GameRecord* game = nullptr,
           int ply = -1) {
  const Query query = compiled(text);
  const Parsed<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  const PawnReport report = pawn_report(*pos);
  return query.matches(query_context(query, *pos, report, ply, game));
}

QueryError error_of(std::string_view text) {
  auto result = Query::compile(text);
  if (auto* error = std::get_if<QueryError>(&result)) return *error;
  ADD_FAILURE() << "compiled: " << text;
  return {};
}

// "column N: message" for an expression, as the CLI prints it (first line only).
std::string message(std::string_view text) {
  const QueryError e = error_of(text);
  return "column " + std::to_string(e.column + 1) + ": " + e.message;
}

TEST(QueryParse, EveryConstructCompiles) {
  for (const char* text : {
           "white.hanging == {c4,d4}",
           "count(black.isolated) >= 2",
           "d4 in white.isolated",
           "{c4, d4} in white.pawns",
           "white.passed & {a7,b7} != {}",
           "(white.passed | black.passed) - {a2} == {}",
           "white.islands > black.islands",
           "black.islands <= 2 and not (white.islands < 1) or ply >= 10",
           "white.isolated != {} && !(black.doubled == {}) || false",
           "side_to_move == white",
           "side_to_move != black",
           "tag.WhiteElo >= 2400",
           "tag.WhiteElo > tag.BlackElo",
           "tag.ECO ~ \"D3\"",
           "tag.Event == \"Rated \\\"Blitz\\\" game\"",
           "move < 20",
           "count(white.passed & rank(7)) >= 1",
           "count(black.pawns & file(d)) == 2",
           "structure == \"carlsbad\"",
           "structure_side == white",
           "true",
           "white.promotions == {} and black.en_passant == {} and white.double_pushes != {}",
           "count(white.isolated) >= 1.5 and .5 < white.islands",
           "similarity(\"8/8/8/8/3P4/8/8/8 w - - 0 1\") >= 0.9",
           "similarity(\"8/8/8/8/3P4/8/8/8 w - -\", \"a,h\") < similarity(\"8/8/8/8/8/8/8/8 w - "
           "-\")",
       }) {
    auto result = Query::compile(text);
    EXPECT_TRUE(std::holds_alternative<Query>(result))
        << text << ": " << format_query_error(text, std::get<QueryError>(result));
  }
}

TEST(QueryParse, EverySideKeyIsKnown) {
  for (const auto& key : pattern_keys) compiled("white." + std::string(key.name) + " == {}");
  for (const auto& key : move_keys) compiled("black." + std::string(key.name) + " == {}");
  compiled("white.islands == 0");
}

TEST(QueryParse, PrecedenceOfSetOperatorsComparisonsNotAndOr) {
  // '&' binds tighter than '!=', 'not' tighter than 'and', 'and' tighter than 'or'.
  EXPECT_TRUE(holds("white.pawns & {d4} != {}", iqp));
  EXPECT_TRUE(holds("true or true and false", iqp));
  EXPECT_FALSE(holds("(true or true) and false", iqp));
  EXPECT_TRUE(holds("not false and true", iqp));
  EXPECT_FALSE(holds("not (false or true)", iqp));
  EXPECT_TRUE(holds("{a2,b2} | {d4} - {b2} == {a2,d4}", iqp));  // left to right
}

TEST(QueryErrors, SayWhatAndWhere) {
  EXPECT_EQ(message("count(white.isolatd) >= 2"),
            "column 7: unknown key 'white.isolatd' (did you mean 'white.isolated'?)");
  EXPECT_EQ(message("white.foo == {}"), "column 1: unknown key 'white.foo'");
  EXPECT_EQ(
      message("white.island_files == {}"),
      "column 1: key 'white.island_files' cannot be queried; use white.islands or white.pawns");
  EXPECT_EQ(message("whte.pawns == {}"), "column 1: unknown name 'whte' (did you mean 'white'?)");
  EXPECT_EQ(message("pawns == {}"),
            "column 1: unknown name 'pawns' (keys are white.KEY and black.KEY)");
  EXPECT_EQ(message(""), "column 1: empty expression");
  EXPECT_EQ(message("   "), "column 1: empty expression");
  EXPECT_EQ(message("white.pawns"),
            "column 1: the expression is a square set, not a condition (compare it, e.g. "
            "count(white.passed) > 0)");
  EXPECT_EQ(message("count(white.islands) > 1"),
            "column 7: count() takes a square set, got a number");
  EXPECT_EQ(message("white.islands == {d4}"),
            "column 15: cannot compare a number with a square set using '=='");
  EXPECT_EQ(message("white.pawns < black.pawns"),
            "column 13: a square set compares only with == and != (count() gives a set's size)");
  EXPECT_EQ(message("side_to_move > white"), "column 14: a colour compares only with == and !=");
  EXPECT_EQ(message("d4 in 3"),
            "column 4: 'in' takes square sets on both sides (a square such as d4 is a set)");
  EXPECT_EQ(message("ply ~ 3"), "column 5: '~' matches text (a tag or structure) against text");
  EXPECT_EQ(message("ply > 1 and white.pawns"),
            "column 13: 'and' takes a condition, got a square set");
  EXPECT_EQ(message("ply or true"), "column 1: 'or' takes a condition, got a number");
  EXPECT_EQ(message("not ply"), "column 5: 'not' takes a condition, got a number");
  EXPECT_EQ(message("white.pawns & 3 == {}"), "column 15: '&' takes a square set, got a number");
  EXPECT_EQ(message("1 < ply < 3"), "column 9: comparisons do not chain; join them with 'and'");
  EXPECT_EQ(message("ply = 3"), "column 5: '=' is not an operator; compare with '=='");
  EXPECT_EQ(message("tag.Event == \"open"), "column 14: unterminated string (missing '\"')");
  EXPECT_EQ(message("{d4, x9} in white.pawns"), "column 6: 'x9' is not a square");
  EXPECT_EQ(message("{d4 e4} in white.pawns"), "column 5: unexpected 'e4', expected ',' or '}'");
  EXPECT_EQ(message("{d4,} in white.pawns"),
            "column 5: unexpected '}', expected a square such as d4");
  EXPECT_EQ(message("(ply > 3"), "column 9: unexpected end of expression, expected ')'");
  EXPECT_EQ(message("ply > 3)"), "column 8: unexpected ')', expected 'and', 'or' or the end");
  EXPECT_EQ(message("ply >"),
            "column 6: unexpected end of expression, expected a key, a square, a number, a string, "
            "'(' or '{'");
  EXPECT_EQ(message("ply > and"),
            "column 7: unexpected 'and', expected a key, a square, a number, a string, '(' or '{'");
  EXPECT_EQ(message("count white.pawns > 1"),
            "column 7: unexpected 'white', expected '(' after 'count'");
  EXPECT_EQ(message("count(white.pawns > 1"), "column 19: unexpected '>', expected ')'");
  EXPECT_EQ(message("white. == {}"), "column 8: unexpected '==', expected a key after 'white.'");
  EXPECT_EQ(message("tag == 1"),
            "column 5: unexpected '==', expected '.' and a tag name after 'tag'");
  EXPECT_EQ(message("file(i) == {}"), "column 6: file() takes a file letter a to h");
  EXPECT_EQ(message("rank(9) == {}"), "column 6: rank() takes a rank number 1 to 8");
  EXPECT_EQ(message("ply > 4d"),
            "column 7: unexpected '4d', expected a key, a square, a number, "
            "a string, '(' or '{'");
  EXPECT_EQ(message("ply > 99999999999999999999"), "column 7: number too large");
  EXPECT_EQ(message("D4 in white.pawns"),
            "column 1: unknown name 'D4' (squares are written in lower case: d4)");
  EXPECT_EQ(message(std::string(300, '(') + "true" + std::string(300, ')')),
            "column 201: expression nested too deeply");
  // Function calls nest too: 20000 of them once overflowed the stack.
  std::string calls;
  for (int i = 0; i < 20000; ++i) calls += "count(";
  EXPECT_NE(message(calls + "white.pawns").find("expression nested too deeply"), std::string::npos);
  std::string chain = "true";
  for (int i = 0; i < 3000; ++i) chain += " and true";
  EXPECT_NE(message(chain).find("expression too long"), std::string::npos);
  // Function names take part in the hints like every other name.
  EXPECT_EQ(message("cont(white.pawns) > 1"),
            "column 1: unknown name 'cont' (did you mean 'count'?)");
  EXPECT_EQ(message("rnk(2) == {}"), "column 1: unknown name 'rnk' (did you mean 'rank'?)");
  EXPECT_EQ(message("white.pawns == fle(a)"),
            "column 16: unknown name 'fle' (did you mean 'file'?)");
  EXPECT_EQ(message("count == 1"), "column 7: unexpected '==', expected '(' after 'count'");
  EXPECT_EQ(message("count(white.pawns, black.pawns) > 1"),
            "column 18: unexpected ',', expected ')'");
  EXPECT_EQ(message("ply > 3 # comment"),
            "column 9: unexpected '#', expected 'and', 'or' or the end");
}

TEST(QueryErrors, EveryPrefixAndDeletionCompilesOrPointsInsideTheText) {
  // Damaged queries never crash the compiler, and errors point at or just past the text.
  for (std::string text : {
           std::string("count(white.isolated & {c4,d4}) >= 2 or not (tag.ECO ~ \"D3\")"),
           std::string("structure == \"carlsbad\" and structure_side != black && ply > 10"),
           std::string("{a1,h8} in white.pawns | file(a) - rank(8) || !true"),
           std::string("similarity(\"8/pp3ppp/8/8/3P4/8/PP3PPP/8 w - -\", \"a,h\") >= .95 or "
                       "ply > 20.5"),
       }) {
    for (std::size_t n = 0; n <= text.size(); ++n) {
      for (const std::string& damaged :
           {text.substr(0, n), text.substr(0, n) + text.substr(n + (n < text.size()))}) {
        auto result = Query::compile(damaged);
        if (const auto* e = std::get_if<QueryError>(&result)) {
          EXPECT_LE(e->column, damaged.size()) << damaged;
          EXPECT_FALSE(e->message.empty());
          EXPECT_FALSE(format_query_error(damaged, *e).empty());
        }
      }
    }
  }
}

TEST(QueryErrors, CaretLineUnderTheToken) {
  const std::string text = "count(white.isolatd) >= 2";
  EXPECT_EQ(format_query_error(text, error_of(text)),
            "column 7: unknown key 'white.isolatd' (did you mean 'white.isolated'?)\n"
            "  count(white.isolatd) >= 2\n"
            "        ^~~~~~~~~~~~~\n");
}

// The worked examples of docs/similar.md (tests/similarity_test.cpp checks the function
// itself), with kings added.
// 1. A Slav skeleton, and the same with White's c3 on c4 and Black's e6 gone: 13.25 / 15.
const char* const slav = "6k1/pp3ppp/2p1p3/3p4/3P4/2P5/PP3PPP/6K1 w - - 0 1";
const char* const slav_c4 = "6k1/pp3ppp/2p5/3p4/2PP4/8/PP3PPP/6K1 w - - 0 1";
// 2. Doubled c-pawns c3 c4 against c4 alone: 12 / 13.
const char* const doubled_c = "6k1/pp3ppp/4p3/8/2P5/2P5/PP3PPP/6K1 w - - 0 1";
const char* const single_c = "6k1/pp3ppp/4p3/8/2P5/8/PP3PPP/6K1 w - - 0 1";
// 3. Black's isolani on d5 (White e3): White's isolani (the pawns of `iqp`) reversed.
const char* const black_iqp = "6k1/pp3ppp/8/3p4/8/4P3/PP3PPP/6K1 b - - 0 1";

std::string similarity_to(const char* fen, std::string_view ignored = "") {
  std::string call = "similarity(\"" + std::string(fen) + "\"";
  if (!ignored.empty()) call += ", \"" + std::string(ignored) + "\"";
  return call + ")";
}

TEST(QueryEval, DecimalsCompareExactlyWithWholeNumbers) {
  // iqp: one white isolani, six white pawns, three white islands, ply 22.
  const std::pair<const char*, bool> cases[] = {
      {"count(white.isolated) >= 1.5", false},
      {"count(white.isolated) < 1.5 and count(white.isolated) > 0.5", true},
      {"count(white.pawns) >= 5.5 and count(white.pawns) == 6.0", true},
      {"6.0 == count(white.pawns) and 6.5 > count(white.pawns)", true},
      {"count(white.pawns) != 6.0 or count(white.pawns) == 6.25", false},
      {"white.islands > 2.99 and white.islands < 3.01 and ply > 21.5", true},
      {".5 == 0.5 and 0.5 < 1 and 1 > 0.999 and 0.25 <= .25", true},
      {"0 < 0.0000001 and 0.0 == 0", true},
      // Whole numbers are not rounded to a double: 2^53 + 1 is above 2^53 (as doubles
      // they are equal), and the largest int64 is below 2^63.
      {"9007199254740993 > 9007199254740992.0", true},
      {"9007199254740993 != 9007199254740992.0", true},
      {"9007199254740992.0 >= 9007199254740993", false},
      {"9223372036854775807 < 9223372036854775808.0", true},
  };
  for (const auto& [text, expected] : cases) EXPECT_EQ(holds(text, iqp), expected) << text;
}

TEST(QueryEval, SimilarityOfTheWorkedExamples) {
  // A position equal to the target (pieces play no part): exactly 1.
  EXPECT_TRUE(holds(similarity_to(iqp) + " == 1", iqp));
  EXPECT_TRUE(holds(similarity_to(iqp) + " >= 1 and " + similarity_to(iqp) + " >= 0.9", iqp));
  EXPECT_TRUE(holds(similarity_to("6k1/pp3ppp/4p3/8/3P4/8/PP3PPP/6K1 w - - 0 1") + " == 1", iqp));
  // Example 1: 13.25 / 15 = 0.88333... (c3 for c4 is a centre-file pawn a rank off: 1/4).
  EXPECT_TRUE(
      holds(similarity_to(slav) + " > 0.8833 and " + similarity_to(slav) + " < 0.8834", slav_c4));
  EXPECT_FALSE(holds(similarity_to(slav) + " >= 0.9", slav_c4));
  EXPECT_FALSE(holds(similarity_to(slav) + " >= 1", slav_c4));
  // Symmetric in the target and the position.
  EXPECT_TRUE(holds(
      similarity_to(slav_c4) + " > 0.8833 and " + similarity_to(slav_c4) + " < 0.8834", slav));
  // Example 2: 12/13 = 0.923...
  EXPECT_TRUE(
      holds(similarity_to(doubled_c) + " > 0.923 and " + similarity_to(doubled_c) + " < 0.9231",
            single_c));
  // Example 3: colours reversed, the better reading counts, as in `pawnkit similar`.
  EXPECT_TRUE(holds(similarity_to(iqp) + " == 1", black_iqp));
  // Ignored files take no part: example 1 differs on c and e only, example 2 on c only.
  EXPECT_TRUE(holds(similarity_to(slav, "c,e") + " == 1", slav_c4));
  // Without the c-file, Black's missing e6 is left: (6 + 6) / (6 + 7) = 12/13.
  EXPECT_TRUE(
      holds(similarity_to(slav, "c") + " > 0.923 and " + similarity_to(slav, "c") + " < 0.9231",
            slav_c4));
  EXPECT_TRUE(holds(similarity_to(doubled_c, "c") + " == 1", single_c));
  // Compared with each other and with whole numbers.
  EXPECT_TRUE(holds(similarity_to(slav) + " < " + similarity_to(slav_c4, "c,e"), slav_c4));
  EXPECT_TRUE(holds(similarity_to(slav) + " > 0 and " + similarity_to(slav) + " <= 1", slav_c4));
}

TEST(QueryErrors, DecimalsAndSimilarity) {
  EXPECT_EQ(message("ply > 1."), "column 7: '1.' is not a number; write 1.0");
  EXPECT_EQ(
      message("ply > 4.5d"),
      "column 7: unexpected '4.5d', expected a key, a square, a number, a string, '(' or '{'");
  EXPECT_EQ(message("tag.WhiteElo > 2400.5"),
            "column 14: cannot compare text with a decimal number using '>' (text compares with "
            "whole numbers and text)");
  EXPECT_EQ(message("0.5 ~ \"x\""), "column 5: '~' matches text (a tag or structure) against text");
  EXPECT_EQ(message("ply > " + std::string(400, '9') + ".5"), "column 7: number too large");
  EXPECT_EQ(message("similarity(white.pawns) > 0.5"),
            "column 12: similarity() takes a FEN in double quotes");
  EXPECT_EQ(message("similarity() > 0.5"), "column 12: similarity() takes a FEN in double quotes");
  EXPECT_EQ(message("similarity > 0.5"),
            "column 12: unexpected '>', expected '(' after 'similarity'");
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -\" > 0.5"),
            "column 36: unexpected '>', expected ',' or ')'");
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -\", ply) > 0.5"),
            "column 37: similarity() takes the ignored files in double quotes");
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -\", \"a\", \"h\") > 0.5"),
            "column 40: unexpected ',', expected ')'");
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -) > 0.5"),
            "column 12: unterminated string (missing '\"')");
  EXPECT_EQ(message("similarty(\"8/8/8/8/8/8/8/8 w - -\") > 0.5"),
            "column 1: unknown name 'similarty' (did you mean 'similarity'?)");
  // A bad FEN is an error when compiling, in parse_fen's words, pointing into the FEN where
  // parse_fen does: the FEN starts at column 13.
  for (const char* fen :
       {"8/8/8/8/8/8/8/9 w - -", "8/8/8/8/8/8/8/8 x - -", "8/8/8/8/8/8/8 w - -"}) {
    const Parsed<Position> pos = parse_fen(fen);
    ASSERT_FALSE(pos.ok()) << fen;
    EXPECT_EQ(message(similarity_to(fen) + " >= 1"),
              "column " + std::to_string(13 + pos.error().column) +
                  ": invalid FEN: " + std::string(pos.error().what));
  }
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -\", \"a,i\") >= 1"),
            "column 40: ignored files are letters a to h, e.g. \"a,h\"");
  // similarity() is a number, not a set.
  EXPECT_EQ(message("count(similarity(\"8/8/8/8/8/8/8/8 w - -\")) > 0"),
            "column 7: count() takes a square set, got a number");
  EXPECT_EQ(message("d4 in similarity(\"8/8/8/8/8/8/8/8 w - -\")"),
            "column 4: 'in' takes square sets on both sides (a square such as d4 is a set)");
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -\") & white.pawns == {}"),
            "column 1: '&' takes a square set, got a number");
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -\") == {}"),
            "column 37: cannot compare a number with a square set using '=='");
  EXPECT_EQ(message("similarity(\"8/8/8/8/8/8/8/8 w - -\")"),
            "column 1: the expression is a number, not a condition (compare it, e.g. "
            "count(white.passed) > 0)");
}

TEST(QueryEval, SetsAndCounts) {
  EXPECT_TRUE(holds("white.isolated == {d4}", iqp));
  EXPECT_TRUE(holds("d4 in white.isolated", iqp));
  EXPECT_FALSE(holds("d4 in black.isolated", iqp));
  EXPECT_TRUE(holds("black.isolated == {}", iqp));
  EXPECT_TRUE(holds("count(white.isolated) == 1 and count(white.pawns) == 6", iqp));
  EXPECT_TRUE(holds("{a2, b2} in white.pawns", iqp));
  EXPECT_FALSE(holds("{a2, c2} in white.pawns", iqp));
  EXPECT_TRUE(holds("{} in white.pawns", iqp));  // the empty set is in every set
  EXPECT_TRUE(holds("white.pawns & file(d) == {d4}", iqp));
  EXPECT_TRUE(holds("black.pawns & rank(7) == {a7,b7,f7,g7,h7}", iqp));
  EXPECT_TRUE(holds("white.pawns - rank(2) == {d4}", iqp));
  EXPECT_TRUE(holds("count(white.pawns | black.pawns) == 12", iqp));
  EXPECT_TRUE(holds("white.passed == {}", iqp));  // e6 guards d4's path
  // b2 is hanging too: open (no black b-pawn), half-isolated (a2 only) and in the a2-b2 duo.
  EXPECT_TRUE(holds("black.hanging == {c5,d5} and white.hanging == {b2}", hanging));
  EXPECT_TRUE(holds("white.hanging == {c4,d4}", duo));
  EXPECT_TRUE(holds("white.passed == {c4,d4}", duo));
}

TEST(QueryEval, IntegerKeysAndComparisonsBetweenSides) {
  EXPECT_TRUE(holds("white.islands == 3 and black.islands == 2", iqp));
  EXPECT_TRUE(holds("white.islands > black.islands", iqp));
  EXPECT_FALSE(holds("white.islands > black.islands", hanging));
  EXPECT_TRUE(holds("white.islands < black.islands", hanging));
  EXPECT_TRUE(holds("white.islands != black.islands and white.islands >= 2", hanging));
}

TEST(QueryEval, PositionFacts) {
  EXPECT_TRUE(holds("side_to_move == white", iqp));
  EXPECT_TRUE(holds("side_to_move == black and move == 20", duo));
  // Ply from the move counters for FEN input: 2 * (20 - 1) + 1 with Black to move.
  EXPECT_TRUE(holds("ply == 39", duo));
  EXPECT_TRUE(holds("ply == 22", iqp));
  // PGN input gives the ply since the game's start instead.
  EXPECT_TRUE(holds("ply == 5", iqp, nullptr, 5));
}

TEST(QueryEval, TagsCompareAsNumbersWhenBothAreNumbers) {
  io::GameRecord game;
  game.add_tag("Event", "Rated \"Blitz\" game");
  game.add_tag("WhiteElo", "2450");
  game.add_tag("BlackElo", "?");
  game.add_tag("ECO", "D35");
  game.add_tag("Round", "10");
  EXPECT_TRUE(holds("tag.WhiteElo >= 2400", iqp, &game));
  EXPECT_FALSE(holds("tag.WhiteElo >= 2500", iqp, &game));
  EXPECT_TRUE(holds("tag.WhiteElo == 2450 and tag.WhiteElo == \"2450\"", iqp, &game));
  // "?" is not a number: never equal to one, never ordered against one.
  EXPECT_FALSE(holds("tag.BlackElo >= 0", iqp, &game));
  EXPECT_FALSE(holds("tag.BlackElo < 3000", iqp, &game));
  EXPECT_TRUE(holds("tag.BlackElo != 2000", iqp, &game));
  EXPECT_FALSE(holds("tag.WhiteElo > tag.BlackElo", iqp, &game));
  // Numbers by value ("10" > "9"), words as strings ("D35" >= "D30").
  EXPECT_TRUE(holds("tag.Round > 9", iqp, &game));
  EXPECT_TRUE(holds("tag.Round > \"9\"", iqp, &game));
  EXPECT_TRUE(holds("tag.ECO >= \"D30\" and tag.ECO <= \"D69\"", iqp, &game));
  // '~' finds its right side anywhere in the left, ignoring ASCII case.
  EXPECT_TRUE(holds("tag.ECO ~ \"D3\"", iqp, &game));
  EXPECT_TRUE(holds("tag.ECO ~ \"d35\"", iqp, &game));
  EXPECT_TRUE(holds("tag.ECO ~ 35", iqp, &game));
  EXPECT_FALSE(holds("tag.ECO ~ \"D4\"", iqp, &game));
  EXPECT_TRUE(holds("tag.Event ~ \"blitz\"", iqp, &game));
  EXPECT_TRUE(holds("tag.Event == \"Rated \\\"Blitz\\\" game\"", iqp, &game));
  EXPECT_FALSE(holds("tag.Event == \"rated \\\"blitz\\\" game\"", iqp, &game));  // == is exact
  // A missing tag reads as "": equal to "", not to anything else.
  EXPECT_TRUE(holds("tag.Annotator == \"\"", iqp, &game));
  EXPECT_FALSE(holds("tag.Annotator ~ \"x\"", iqp, &game));
  EXPECT_TRUE(holds("tag.Annotator ~ \"\"", iqp, &game));
  EXPECT_FALSE(holds("tag.Annotator >= 0", iqp, &game));
  // FEN/EPD input has no tags at all.
  EXPECT_TRUE(holds("tag.WhiteElo == \"\"", iqp));
}

TEST(QueryEval, NamedStructures) {
  // The classifier's own answers (include/pawnkit/pawns/structures.hpp) reach the query:
  // White's isolani on d4 in the IQP position, whatever it says for the others.
  EXPECT_TRUE(holds("structure == \"iqp\" and structure_side == white", iqp));
  EXPECT_TRUE(holds("structure ~ \"IQP\"", iqp));
  for (const char* fen : {iqp, hanging, duo}) {
    const Parsed<Position> pos = parse_fen(fen);
    const auto match = classify_structure(*pos);
    const std::string name = match ? std::string(structure_name(match->id)) : "";
    EXPECT_TRUE(holds("structure == \"" + name + "\"", fen)) << fen;
    EXPECT_EQ(holds("structure_side == black", fen), match && match->side == Black) << fen;
    EXPECT_EQ(holds("structure_side != white", fen), !match || match->side != White) << fen;
  }
  // A position no rule names: no structure, and no side equals the missing one.
  const char* const bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_TRUE(holds("structure == \"\"", bare));
  EXPECT_FALSE(holds("structure_side == white or structure_side == black", bare));
  EXPECT_TRUE(holds("structure_side != white", bare));
}

TEST(QueryEval, GamePhase) {
  // chess/phase.hpp: 24 points at move 12 is the middlegame, no pieces the endgame, the
  // start position the opening.
  EXPECT_TRUE(holds("phase == \"middlegame\"", iqp));
  EXPECT_TRUE(holds("phase == \"endgame\"", duo));
  EXPECT_TRUE(
      holds("\"opening\" == phase", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  EXPECT_FALSE(holds("phase != \"endgame\"", duo));
  // The position's move number decides, not the game's ply (a game from a FEN tag).
  EXPECT_TRUE(holds("phase == \"middlegame\" and ply == 3", iqp, nullptr, 3));
}

TEST(QueryErrors, PhaseNamesAreChecked) {
  EXPECT_EQ(message("phase == \"endgme\""),
            "column 10: unknown phase 'endgme' (did you mean 'endgame'?)");
  EXPECT_EQ(message("phase == \"late\""),
            "column 10: unknown phase 'late'; the phases are \"opening\", \"middlegame\", "
            "\"endgame\"");
  for (std::string_view name : phase_names) compiled("phase == \"" + std::string(name) + "\"");
  compiled("phase ~ \"game\"");
}

TEST(QueryErrors, StructureNamesAreChecked) {
  EXPECT_EQ(message("structure == \"carlsbd\""),
            "column 14: unknown structure 'carlsbd' (did you mean 'carlsbad'?); docs/structures.md "
            "lists them");
  EXPECT_EQ(
      message("\"slv\" != structure"),
      "column 1: unknown structure 'slv' (did you mean 'slav'?); docs/structures.md lists them");
  for (std::string_view name : structure_names)
    compiled("structure == \"" + std::string(name) + "\"");
  compiled("structure ~ \"ind\"");  // a substring need not be a whole name
}

TEST(QueryEval, StructureIsOnlyClassifiedWhenRead) {
  EXPECT_TRUE(compiled("structure == \"\"").uses_structure());
  EXPECT_FALSE(compiled("white.islands == 1").uses_structure());
}

TEST(QueryEval, EvaluationAllocatesNothing) {
  io::GameRecord game;
  game.add_tag("WhiteElo", "2450");
  game.add_tag("ECO", "D35");
  const Query query = compiled(
      "(count(white.isolated & file(d)) >= 1 or white.islands > black.islands) and "
      "tag.WhiteElo >= 2400 and tag.ECO ~ \"d3\" and tag.Missing == \"\" and "
      "structure != \"carlsbad\" and side_to_move == white and ply < 100 and "
      "{a2,b2} in white.pawns - rank(7) and not (structure_side == black) and "
      "similarity(\"6k1/pp3ppp/4p3/8/3P4/8/PP3PPP/6K1 w - - 0 1\") >= 0.99 and "
      "count(white.pawns) > 5.5");
  const Parsed<Position> pos = parse_fen(iqp);
  const PawnReport report = pawn_report(*pos);
  int hits = 0;
  counting = true;
  for (int i = 0; i < 1000; ++i)
    hits += query.matches(query_context(query, *pos, report, i % 120, &game));
  counting = false;
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(hits, 840);  // plies 0-99 of each 120: 8 * 100 + 40
}

TEST(QueryEval, EvaluationIsRepeatableAndShared) {
  // One compiled query over many contexts: no state carries over.
  const Query query = compiled("count(white.isolated) >= 1 and side_to_move == white");
  for (int i = 0; i < 3; ++i)
    for (const char* fen : {iqp, hanging, duo}) {
      const Parsed<Position> pos = parse_fen(fen);
      const PawnReport report = pawn_report(*pos);
      EXPECT_EQ(query.matches(query_context(query, *pos, report, -1, nullptr)), fen == iqp);
    }
}

}  // namespace
}  // namespace pawnkit::analysis
