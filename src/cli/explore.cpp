// pawnkit explore: what players did in the games of an index that reached some pawns.
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "explore/answer_writer.hpp"
#include "explore/explorer.hpp"
#include "index/store.hpp"

namespace pawnkit::cli {

namespace {

// The help text of `explore`.
constexpr const char* explore_help =
    "For the pawns of a FEN (pieces, side to move and castling ignored): the games of the\n"
    "index that reached them, how each side scored, the moves that changed them next with\n"
    "their scores, and the model games to study (docs/explorer.md). With '-', reads FENs one\n"
    "a line from standard input and writes one answer each (one JSON line each with json\n"
    "or jsonl). --match center counts the games that reached the same pawns on the c- to\n"
    "f-files; --match structure the games that reached the named structure these pawns make,\n"
    "held by the same side. A bad FEN is reported on standard error and the exit status is 1.";

// The operands as one FEN: a FEN given unquoted arrives as six arguments.
std::string joined_fen(const std::vector<std::string_view>& operands) {
  std::string fen_text;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    if (i) fen_text += ' ';
    fen_text += operands[i];
  }
  return fen_text;
}

}  // namespace

int run_explore(const Args& args) {
  std::string db, format = "table", since, until, match = "exact";
  std::vector<std::string> speeds;
  int min_elo = 0, games = 5;
  Options options(
      "explore",
      "explore --index DB [--format table|json|jsonl] [--min-elo N] [--games K] [--speeds S,...] "
      "[--since YYYY-MM] [--until YYYY-MM] [--match exact|center|structure] FEN|-",
      explore_help);
  options.value("index", db, "the index directory (pawnkit index add)").required();
  options.value("format", format, "output format, default table", {"table", "json", "jsonl"});
  options.integer("min-elo", min_elo, 0, 9900,
                  "keep games where both players are rated at least N (a multiple of 100)");
  options.integer("games", games, 0, int(index_db::candidates_per_cell),
                  "model games to list, default 5");
  options.values("speeds", speeds,
                 "keep these speeds (ultraBullet, bullet, blitz, rapid, classical, correspondence, "
                 "unknown: no TimeControl)");
  options.value("since", since, "keep games from this month on (YYYY-MM)");
  options.value("until", until, "keep games up to this month (YYYY-MM)");
  options.value("match", match, "what counts as the same pawns, default exact",
                {"exact", "center", "structure"});
  options.needs_operand("FEN");
  std::vector<std::string_view> operands;
  if (const auto status = options.parse(args, operands)) return *status;
  explore::Query query;
  query.games = std::size_t(games);
  if (std::string e = explore::set_filters(query, min_elo, speeds, since, until, match);
      !e.empty()) {
    report_error("explore", e);
    return 2;
  }
  const std::string fen_text = joined_fen(operands);
  std::string error;
  const auto store = index_db::Store::open(db, index_db::Store::Mode::ReadOnly, error);
  if (!store) {
    report_error("explore", db + ": " + error);
    return 1;
  }
  int status = 0;
  std::string out;
  explore::Answer answer;
  explore::GameRecords records;  // shared by the FENs of `explore -`
  auto answer_one = [&](std::string_view fen) {
    if (std::string e = explore::set_pawns(query, fen); !e.empty()) {
      report_error("explore", e + " ('" + std::string(fen) + "')");
      status = 1;
      return true;
    }
    if (std::string e = explore::explore(*store, query, answer, &records); !e.empty()) {
      report_error("explore", e);
      status = 1;
      return !e.starts_with("corrupt") && e.find("IO error") == std::string::npos;
    }
    answer.fen = std::string(fen);
    out.clear();
    if (format == "table")
      explore::append_answer_table(out, answer, query.match);
    else
      explore::append_answer_json(out, answer, query.match);
    out += '\n';
    std::fwrite(out.data(), 1, out.size(), stdout);
    return true;
  };
  if (fen_text == "-") {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      if (!answer_one(line)) break;
      if (format == "table") std::fputs("\n", stdout);
      std::fflush(stdout);
    }
  } else {
    answer_one(fen_text);
  }
  return status;
}

}  // namespace pawnkit::cli
