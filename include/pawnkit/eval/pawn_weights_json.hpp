// PawnWeights as JSON, the form `pawnkit pawn-eval --weights FILE` reads and `pawnkit tune
// --format json` writes in its "weights" member: one object shaped like the struct, each
// Score an [mg, eg] pair,
//
//   {"backward": [6, 19], "doubled": [11, 51], "doubled_early": [17, 7],
//    "isolated": [1, 20], "weak_lever": [2, 57], "weak_unopposed": [15, 18],
//    "blocked": [[-19, -8], [-7, 3]], "connected": [0, 3, 7, 7, 15, 54, 86, 0],
//    "supporter": 22}
//
// and, when any extended weight (PawnWeights::extended) is not 0, every extended term after
// "supporter": "isolated_opposed", "isolated_open", "backward_half_open" and
// "blocked_by_piece" as [mg, eg] pairs; "phalanx", "candidate_passer", "passed_free_safe",
// "passed_free_attacked", "passed_blocked_safe" and "passed_blocked_attacked" as six pairs,
// relative ranks 1 to 6 (the pawn's second to seventh rank).
//
// Reading: members may come in any order and may be left out (they keep Stockfish 15.1's
// value, the extended ones 0); an unknown member, a non-integer or a wrong count is an error with
// its column. The whole output of `pawnkit tune --format json` reads too: its "weights"
// member is read, its other members skipped (TunedWeights below adds the material and the
// side-to-move bonus it fits).
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "pawnkit/decimal.hpp"
#include "pawnkit/eval/king_shelter.hpp"
#include "pawnkit/eval/pawn_weights.hpp"
#include "pawnkit/eval/taper.hpp"
#include "pawnkit/parsed.hpp"

namespace pawnkit::eval {

namespace detail {

// The weights that are one Score each ([mg, eg] in JSON) with their member names.
template <class Weights>
constexpr auto score_members(Weights& w) {
  return std::array{std::pair{"backward", &w.backward},
                    std::pair{"doubled", &w.doubled},
                    std::pair{"doubled_early", &w.doubled_early},
                    std::pair{"isolated", &w.isolated},
                    std::pair{"weak_lever", &w.weak_lever},
                    std::pair{"weak_unopposed", &w.weak_unopposed},
                    std::pair{"isolated_opposed", &w.extended.isolated_opposed},
                    std::pair{"isolated_open", &w.extended.isolated_open},
                    std::pair{"backward_half_open", &w.extended.backward_half_open},
                    std::pair{"blocked_by_piece", &w.extended.blocked_by_piece}};
}

// The by-rank tables of the extended weights with their member names.
template <class Weights>
constexpr auto by_rank_members(Weights& x) {
  std::array<std::pair<std::string_view, decltype(&x.phalanx)>, 6> members{};
  for (std::size_t i = 0; i < members.size(); ++i)
    members[i] = {extended_by_rank_names[i], &(x.*extended_by_rank_members[i])};
  return members;
}

}  // namespace detail

inline std::string to_json(const PawnWeights& w) {
  std::string out = "{";
  const auto score = [&](std::string_view name, Score s) {
    out += '"';
    out += name;
    out += "\": [" + std::to_string(s.mg) + ", " + std::to_string(s.eg) + "], ";
  };
  score("backward", w.backward);
  score("doubled", w.doubled);
  score("doubled_early", w.doubled_early);
  score("isolated", w.isolated);
  score("weak_lever", w.weak_lever);
  score("weak_unopposed", w.weak_unopposed);
  out += "\"blocked\": [[" + std::to_string(w.blocked[0].mg) + ", " +
         std::to_string(w.blocked[0].eg) + "], [" + std::to_string(w.blocked[1].mg) + ", " +
         std::to_string(w.blocked[1].eg) + "]], \"connected\": [";
  for (std::size_t r = 0; r < w.connected.size(); ++r) {
    if (r > 0) out += ", ";
    out += std::to_string(w.connected[r]);
  }
  out += "], \"supporter\": " + std::to_string(w.supporter);
  if (uses_extended_terms(w.extended)) {
    const ExtendedWeights& x = w.extended;
    out += ", ";
    score("isolated_opposed", x.isolated_opposed);
    score("isolated_open", x.isolated_open);
    score("backward_half_open", x.backward_half_open);
    score("blocked_by_piece", x.blocked_by_piece);
    for (const auto& [name, table] : detail::by_rank_members(x)) {
      out += '"';
      out += name;
      out += "\": [";
      for (std::size_t r = 0; r < table->size(); ++r)
        out += (r ? ", [" : "[") + std::to_string((*table)[r].mg) + ", " +
               std::to_string((*table)[r].eg) + "]";
      out += "], ";
    }
    out.resize(out.size() - 2);  // the last ", "
  }
  return out + "}";
}

namespace detail {

// A cursor over the JSON text; each read returns false and sets `error` on failure.
class JsonCursor {
 public:
  explicit JsonCursor(std::string_view text) : text_(text) {}

  void skip_blanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }
  // The next non-blank character is c: consume it.
  bool accept(char c) {
    skip_blanks();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool expect(char c, std::string_view what) {
    if (accept(c)) return true;
    return fail(what);
  }
  bool read_int(int& value) {
    skip_blanks();
    const char* first = text_.data() + pos_;
    const auto [end, ec] = std::from_chars(first, text_.data() + text_.size(), value);
    if (ec != std::errc{}) return fail("expected an integer");
    if (end < text_.data() + text_.size() && (*end == '.' || *end == 'e' || *end == 'E'))
      return fail("expected an integer, not a fraction");
    pos_ += std::size_t(end - first);
    return true;
  }
  bool read_number(double& value) {
    skip_blanks();
    const std::size_t size = read_decimal_prefix(text_.substr(pos_), value);
    if (size == 0) return fail("expected a number");
    pos_ += size;
    return true;
  }
  // A string without escapes (member names need none).
  bool read_name(std::string_view& name) {
    if (!expect('"', "expected a member name in quotes")) return false;
    const std::size_t close = text_.find('"', pos_);
    if (close == std::string_view::npos) return fail("unterminated string");
    name = text_.substr(pos_, close - pos_);
    pos_ = close + 1;
    return true;
  }
  // [a, b, ...] with exactly n integers.
  bool read_ints(int* values, std::size_t n) {
    if (!expect('[', "expected '['")) return false;
    for (std::size_t i = 0; i < n; ++i) {
      if (i > 0 && !expect(',', "expected ',' (too few numbers?)")) return false;
      if (!read_int(values[i])) return false;
    }
    return expect(']', "expected ']' (too many numbers?)");
  }
  bool read_score(Score& s) {
    int v[2];
    if (!read_ints(v, 2)) return false;
    s = {v[0], v[1]};
    return true;
  }
  // Any JSON value, unread (the members of a tuner's output beside "weights").
  bool skip_value(int depth = 0) {
    skip_blanks();
    if (depth > 64) return fail("nested too deeply");
    if (accept('{') || accept('[')) {
      const char close = text_[pos_ - 1] == '{' ? '}' : ']';
      if (accept(close)) return true;
      do {
        std::string_view name;
        if (close == '}' && (!read_name(name) || !expect(':', "expected ':'"))) return false;
        if (!skip_value(depth + 1)) return false;
      } while (accept(','));
      return expect(close, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    }
    if (pos_ < text_.size() && text_[pos_] == '"') {
      for (++pos_; pos_ < text_.size() && text_[pos_] != '"'; ++pos_)
        if (text_[pos_] == '\\') ++pos_;
      if (pos_ >= text_.size()) return fail("unterminated string");
      ++pos_;
      return true;
    }
    const std::size_t start = pos_;
    while (pos_ < text_.size() &&
           std::string_view("+-.0123456789eEtruefalsn").find(text_[pos_]) != std::string_view::npos)
      ++pos_;
    return pos_ > start || fail("expected a JSON value");
  }
  bool peek(char c) {
    skip_blanks();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool at_end() {
    skip_blanks();
    return pos_ == text_.size();
  }
  bool fail(std::string_view what) {
    if (error.what.empty()) error = {what, pos_};
    return false;
  }
  std::size_t column() const { return pos_; }

  ParseError error{};

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

inline bool read_member(JsonCursor& in, std::string_view name, PawnWeights& w) {
  for (const auto& [key, score] : score_members(w))
    if (name == key) return in.read_score(*score);
  for (const auto& [key, table] : by_rank_members(w.extended)) {
    if (name != key) continue;
    if (!in.expect('[', "expected '['")) return false;
    for (std::size_t r = 0; r < table->size(); ++r)
      if ((r > 0 && !in.expect(',', "expected ',' (too few pairs?)")) ||
          !in.read_score((*table)[r]))
        return false;
    return in.expect(']', "expected ']' (too many pairs?)");
  }
  if (name == "blocked") {
    return in.expect('[', "expected '['") && in.read_score(w.blocked[0]) &&
           in.expect(',', "expected ','") && in.read_score(w.blocked[1]) &&
           in.expect(']', "expected ']'");
  }
  if (name == "connected") return in.read_ints(w.connected.data(), w.connected.size());
  if (name == "supporter") return in.read_int(w.supporter);
  return in.fail("unknown member (see eval/pawn_weights_json.hpp for the names)");
}

}  // namespace detail

// What `pawnkit tune` fits beside the pawn weights: the material values (pawn to queen,
// Stockfish 15.1's by default), the side-to-move bonus (0 by default) and, with `tune
// --shelter`, the king shelter (king_shelter.hpp), written in its "weights" member after the
// pawn weights as
//
//   "material": {"pawn": [126, 208], "knight": [781, 854], "bishop": [825, 915],
//                "rook": [1276, 1380], "queen": [2538, 2682]}, "side_to_move": 0,
//   "shelter": {"shelter": [[-2, 85, 95, 53, 39, 23, 25], ... four rows],
//               "unblocked_storm": [... four rows of seven],
//               "blocked_storm": [[0, 0], [0, 0], [64, 75], ... seven pairs],
//               "king_on_file": [[[-18, 11], [-6, -3]], [[0, 0], [5, -4]]],
//               "base": [5, 5], "pawn_distance_eg": 16}
//
// ("shelter" only when fitted; its members may be left out and keep Stockfish's values).
struct TunedWeights {
  PawnWeights pawns;
  std::array<Score, 5> material = StockfishPieceValues;
  int side_to_move = 0;
  std::optional<KingShelterWeights> shelter;
  bool operator==(const TunedWeights&) const = default;
};

inline std::string to_json(const KingShelterWeights& w) {
  const auto pair = [](Score s) {
    std::string text = "[";
    text += std::to_string(s.mg);
    text += ", ";
    text += std::to_string(s.eg);
    return text + "]";
  };
  const auto table = [](const ByEdgeDistanceRank& t) {
    std::string out = "[";
    for (std::size_t d = 0; d < t.size(); ++d) {
      out += d ? ", [" : "[";
      for (std::size_t r = 0; r < t[d].size(); ++r)
        out += (r ? ", " : "") + std::to_string(t[d][r]);
      out += "]";
    }
    return out + "]";
  };
  std::string out = "{\"shelter\": " + table(w.shelter) +
                    ", \"unblocked_storm\": " + table(w.unblocked_storm) + ", \"blocked_storm\": [";
  for (std::size_t r = 0; r < w.blocked_storm.size(); ++r)
    out += (r ? ", " : "") + pair(w.blocked_storm[r]);
  out += "], \"king_on_file\": [[" + pair(w.king_on_file[0][0]) + ", " +
         pair(w.king_on_file[0][1]) + "], [" + pair(w.king_on_file[1][0]) + ", " +
         pair(w.king_on_file[1][1]) + "]], \"base\": " + pair(w.base) +
         ", \"pawn_distance_eg\": " + std::to_string(w.pawn_distance_eg) + "}";
  return out;
}

inline constexpr std::array<std::string_view, 5> material_member_names{"pawn", "knight", "bishop",
                                                                       "rook", "queen"};

inline std::string to_json(const TunedWeights& w) {
  std::string out = to_json(w.pawns);
  out.pop_back();  // the closing brace
  out += ", \"material\": {";
  for (std::size_t piece = 0; piece < w.material.size(); ++piece) {
    out += piece ? ", \"" : "\"";
    out += material_member_names[piece];
    out += "\": [" + std::to_string(w.material[piece].mg) + ", " +
           std::to_string(w.material[piece].eg) + "]";
  }
  out += "}, \"side_to_move\": " + std::to_string(w.side_to_move);
  if (w.shelter) out += ", \"shelter\": " + to_json(*w.shelter);
  return out + "}";
}

// Every integer weight of `t` but the shelter's, as visit(member, value) with its member
// name ("material.PIECE" for the material), each Score's mg before its eg.
template <class Visit>
void for_each_weight(const TunedWeights& t, Visit visit) {
  const auto score = [&](std::string_view member, Score s) {
    visit(member, s.mg);
    visit(member, s.eg);
  };
  const PawnWeights& w = t.pawns;
  const auto scores = detail::score_members(w);  // six penalties, then four extended terms
  for (std::size_t i = 0; i < 6; ++i) score(scores[i].first, *scores[i].second);
  for (const Score s : w.blocked) score("blocked", s);
  for (const int v : w.connected) visit("connected", v);
  visit("supporter", w.supporter);
  for (std::size_t i = 6; i < scores.size(); ++i) score(scores[i].first, *scores[i].second);
  for (const auto& [name, table] : detail::by_rank_members(w.extended))
    for (const Score s : *table) score(name, s);
  for (std::size_t piece = 0; piece < t.material.size(); ++piece) {
    std::string member = "material.";  // appended: GCC 12 warns falsely on "..." + string
    score(member.append(material_member_names[piece]), t.material[piece]);
  }
  visit("side_to_move", t.side_to_move);
}

namespace detail {

inline bool is_weights_member(std::string_view name) {
  for (const std::string_view known : {"backward",
                                       "doubled",
                                       "doubled_early",
                                       "isolated",
                                       "weak_lever",
                                       "weak_unopposed",
                                       "blocked",
                                       "connected",
                                       "supporter",
                                       "isolated_opposed",
                                       "isolated_open",
                                       "backward_half_open",
                                       "blocked_by_piece",
                                       "phalanx",
                                       "candidate_passer",
                                       "passed_free_safe",
                                       "passed_free_attacked",
                                       "passed_blocked_safe",
                                       "passed_blocked_attacked",
                                       "material",
                                       "side_to_move",
                                       "shelter"})
    if (name == known) return true;
  return false;
}

// [[...], ...]: the rows of a shelter table, seven integers each.
inline bool read_shelter_table(JsonCursor& in, ByEdgeDistanceRank& table) {
  if (!in.expect('[', "expected '['")) return false;
  for (std::size_t d = 0; d < table.size(); ++d)
    if ((d > 0 && !in.expect(',', "expected ',' (too few rows?)")) ||
        !in.read_ints(table[d].data(), table[d].size()))
      return false;
  return in.expect(']', "expected ']' (too many rows?)");
}

inline bool read_shelter_member(JsonCursor& in, std::string_view name, KingShelterWeights& w) {
  if (name == "shelter") return read_shelter_table(in, w.shelter);
  if (name == "unblocked_storm") return read_shelter_table(in, w.unblocked_storm);
  if (name == "base") return in.read_score(w.base);
  if (name == "pawn_distance_eg") return in.read_int(w.pawn_distance_eg);
  if (name == "blocked_storm") {
    if (!in.expect('[', "expected '['")) return false;
    for (std::size_t r = 0; r < w.blocked_storm.size(); ++r)
      if ((r > 0 && !in.expect(',', "expected ',' (too few pairs?)")) ||
          !in.read_score(w.blocked_storm[r]))
        return false;
    return in.expect(']', "expected ']' (too many pairs?)");
  }
  if (name == "king_on_file") {
    if (!in.expect('[', "expected '['")) return false;
    for (std::size_t us = 0; us < 2; ++us)
      if ((us > 0 && !in.expect(',', "expected ','")) || !in.expect('[', "expected '['") ||
          !in.read_score(w.king_on_file[us][0]) || !in.expect(',', "expected ','") ||
          !in.read_score(w.king_on_file[us][1]) || !in.expect(']', "expected ']'"))
        return false;
    return in.expect(']', "expected ']'");
  }
  return in.fail(
      "unknown member of \"shelter\" (shelter, unblocked_storm, blocked_storm, king_on_file, "
      "base, pawn_distance_eg)");
}

inline bool read_shelter(JsonCursor& in, KingShelterWeights& w) {
  if (!in.expect('{', "expected '{'")) return false;
  if (in.accept('}')) return true;
  do {
    std::string_view name;
    if (!in.read_name(name) || !in.expect(':', "expected ':'")) return false;
    if (!read_shelter_member(in, name, w)) return false;
  } while (in.accept(','));
  return in.expect('}', "expected ',' or '}'");
}

inline bool read_tuned_member(JsonCursor& in, std::string_view name, TunedWeights& w) {
  if (name == "side_to_move") return in.read_int(w.side_to_move);
  if (name == "shelter") return read_shelter(in, w.shelter.emplace());
  if (name != "material") return read_member(in, name, w.pawns);
  if (!in.expect('{', "expected '{'")) return false;
  if (in.accept('}')) return true;
  do {
    std::string_view piece;
    if (!in.read_name(piece) || !in.expect(':', "expected ':'")) return false;
    std::size_t i = 0;
    while (i < material_member_names.size() && material_member_names[i] != piece) ++i;
    if (i == material_member_names.size())
      return in.fail("unknown piece in \"material\" (pawn, knight, bishop, rook, queen)");
    if (!in.read_score(w.material[i])) return false;
  } while (in.accept(','));
  return in.expect('}', "expected ',' or '}'");
}

// The members of a weights object, after its '{'.
inline bool read_weights_object(JsonCursor& in, TunedWeights& w) {
  if (in.accept('}')) return true;
  do {
    std::string_view name;
    in.skip_blanks();
    const std::size_t at = in.column();
    if (!in.read_name(name) || !in.expect(':', "expected ':'")) return false;
    if (!read_tuned_member(in, name, w)) {
      if (in.error.what.starts_with("unknown member")) in.error.column = at;
      return false;
    }
  } while (in.accept(','));
  return in.expect('}', "expected ',' or '}'");
}

}  // namespace detail

// A weights object, or the whole output of `pawnkit tune --format json` (an object with a
// "weights" member: the other members are skipped).
inline Parsed<TunedWeights> parse_tuned_weights(std::string_view text) {
  detail::JsonCursor in(text);
  TunedWeights w;
  if (!in.expect('{', "expected a JSON object")) return in.error;
  bool wrapped = false;
  std::size_t unknown = text.size();  // the first unknown member's column
  if (!in.accept('}')) {
    do {
      std::string_view name;
      in.skip_blanks();
      const std::size_t at = in.column();
      if (!in.read_name(name) || !in.expect(':', "expected ':'")) return in.error;
      if (name == "weights" && in.peek('{')) {
        in.accept('{');
        if (!detail::read_weights_object(in, w)) return in.error;
        wrapped = true;
      } else if (detail::is_weights_member(name)) {
        if (!detail::read_tuned_member(in, name, w)) return in.error;
      } else {
        unknown = std::min(unknown, at);
        if (!in.skip_value()) return in.error;
      }
    } while (in.accept(','));
    if (!in.expect('}', "expected ',' or '}'")) return in.error;
  }
  if (!wrapped && unknown < text.size())
    return ParseError{"unknown member (see eval/pawn_weights_json.hpp for the names)", unknown};
  if (!in.at_end()) return ParseError{"trailing characters after the object", in.column()};
  return w;
}

// The pawn weights of a weights object or of a tuner's output (parse_tuned_weights).
inline Parsed<PawnWeights> parse_pawn_weights(std::string_view text) {
  const Parsed<TunedWeights> read = parse_tuned_weights(text);
  if (!read) return read.error();
  return read.value().pawns;
}

}  // namespace pawnkit::eval
