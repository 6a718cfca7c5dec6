#include "explore/answer_writer.hpp"

#include <pawnkit/chess/notation.hpp>

#include "io/json.hpp"
#include "io/printf.hpp"

namespace pawnkit::explore {
namespace {

void append_squares(std::string& out, Bitboard pawns) {
  out += '[';
  bool first = true;
  for (Bitboard b = pawns; b; b &= b - 1) {
    if (!first) out += ", ";
    first = false;
    io::append_json_string(out, square_name(lsb(b)));
  }
  out += ']';
}

void append_score(std::string& out, const index_db::Score& s) {
  out += "\"games\": ";
  io::append_int(out, (long long)s.games);
  out += ", \"white\": ";
  io::append_int(out, (long long)s.white);
  out += ", \"draws\": ";
  io::append_int(out, (long long)s.draws);
  out += ", \"black\": ";
  io::append_int(out, (long long)s.black);
}

void append_field(std::string& out, std::string_view name, std::string_view value) {
  out += ", ";
  io::append_json_string(out, name);
  out += ": ";
  io::append_json_string(out, value);
}

void append_elo(std::string& out, std::string_view name, int elo) {
  out += ", ";
  io::append_json_string(out, name);
  out += ": ";
  if (elo > 0)
    io::append_int(out, elo);
  else
    out += "null";
}

void append_model(std::string& out, const ModelGame& g) {
  out += "{\"white\": ";
  io::append_json_string(out, g.info.white);
  append_field(out, "black", g.info.black);
  append_elo(out, "white_elo", g.info.white_elo);
  append_elo(out, "black_elo", g.info.black_elo);
  append_field(out, "result", g.info.result);
  append_field(out, "date", g.info.date);
  append_field(out, "event", g.info.event);
  append_field(out, "site", g.info.site);
  append_field(out, "time_control", g.info.time_control);
  append_field(out, "speed", index_db::speed_name(index_db::speed_of(g.info.time_control)));
  out += ", \"first_ply\": ";
  io::append_int(out, g.first_ply);
  append_field(out, "file", g.info.file);
  out += ", \"game\": ";
  io::append_int(out, (long long)g.info.number_in_file);
  out += ", \"line\": ";
  io::append_int(out, (long long)g.info.line);
  out += ", \"offset\": ";
  io::append_int(out, (long long)g.info.offset);
  out += ", \"id\": ";
  io::append_int(out, g.number);
  out += '}';
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return io::printf_string("%3.0f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
}

// A table row of counts: `format` takes the `label` texts first (none or a move), then the
// games and the white, draw and black shares.
template <class... Label>
void append_counts(std::string& out, const char* format, const index_db::Score& s, Label... label) {
  io::appendf(out, format, label..., (unsigned long long)s.games, percent(s.white, s.games).c_str(),
              percent(s.draws, s.games).c_str(), percent(s.black, s.games).c_str());
}

}  // namespace

std::string_view match_name(index_db::MatchKind match) {
  switch (match) {
    case index_db::MatchKind::Center:
      return "center";
    case index_db::MatchKind::Structure:
      return "structure";
    default:
      return "exact";
  }
}

void append_answer_json(std::string& out, const Answer& a, index_db::MatchKind match) {
  out += "{\"fen\": ";
  io::append_json_string(out, a.fen);
  out += ", \"pawns\": {\"white\": ";
  append_squares(out, a.white);
  out += ", \"black\": ";
  append_squares(out, a.black);
  out += "}, \"structure\": ";
  if (a.structure)
    io::append_json_string(out, structure_name(a.structure->id));
  else
    out += "null";
  out += ", \"structure_side\": ";
  if (a.structure)
    io::append_json_string(out, a.structure->side == White ? "white" : "black");
  else
    out += "null";
  append_field(out, "match", match_name(match));
  out += ", ";
  append_score(out, a.score);
  out += ", \"moves\": [";
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    out += i ? ", {\"uci\": " : "{\"uci\": ";
    io::append_json_string(out, a.moves[i].uci);
    out += ", ";
    append_score(out, a.moves[i].score);
    out += '}';
  }
  out += "], \"model_games\": [";
  for (std::size_t i = 0; i < a.model_games.size(); ++i) {
    if (i) out += ", ";
    append_model(out, a.model_games[i]);
  }
  out += "]}";
}

void append_answer_table(std::string& out, const Answer& a, index_db::MatchKind match) {
  out += "pawns      ";
  out += "white ";
  for (Bitboard b = a.white; b; b &= b - 1) (out += square_name(lsb(b))) += ' ';
  out += "/ black ";
  for (Bitboard b = a.black; b; b &= b - 1) (out += square_name(lsb(b))) += ' ';
  out += "\nstructure  ";
  out += a.structure ? std::string(structure_name(a.structure->id)) +
                           (a.structure->side == White ? " (white)" : " (black)")
                     : std::string("none");
  out += "\nmatch      ";
  out += match_name(match);
  append_counts(out, "\ngames      %llu   white %s  draws %s  black %s\n", a.score);
  if (!a.moves.empty()) out += "\nmove    games  white  draws  black\n";
  for (const MoveRow& m : a.moves)
    append_counts(out, "%-6s %6llu   %s   %s   %s\n", m.score, m.uci.c_str());
  if (!a.model_games.empty()) out += "\nmodel games\n";
  for (const ModelGame& g : a.model_games)
    io::appendf(out, "  %s (%d) - %s (%d)  %s  %s  %s, ply %u  (%s game %llu)\n",
                g.info.white.c_str(), g.info.white_elo, g.info.black.c_str(), g.info.black_elo,
                g.info.result.c_str(), g.info.date.c_str(), g.info.event.c_str(), g.first_ply,
                g.info.file.c_str(), (unsigned long long)g.info.number_in_file);
}

}  // namespace pawnkit::explore
