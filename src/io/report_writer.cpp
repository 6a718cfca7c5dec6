// The JSON lines of the pawn report (report_writer.hpp), with their cache; CSV and the
// readable table are in report_csv_table.cpp.
#include "io/report_writer.hpp"

#include <pawnkit/chess/notation.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <charconv>
#include <cstring>
#include <utility>
#include <vector>

#include "io/json.hpp"

namespace pawnkit::io {

namespace {

// What goes before each key's value in a side's JSON object, in the pattern spec's order (the
// first key has no ", "): `"pawns": `, `, "isolated": `, ... Each is kept in a fixed-size
// slot and copied whole (a copy of a constant size is a few moves; the writers' buffers have
// room for the excess). Square-set keys have two more: with the array opened
// (`, "isolated": [`) and with an empty array (`, "isolated": []`).
struct KeyPrefix {
  static constexpr std::size_t slot = 24;
  std::array<char, slot> text{};
  std::size_t size = 0;
};
constexpr std::size_t side_key_count =
    pattern_keys.size() + 2 + move_keys.size() + term_keys.size();
constexpr std::array<KeyPrefix, side_key_count> key_prefixes(std::string_view after) {
  std::array<KeyPrefix, side_key_count> out{};
  std::size_t n = 0;
  auto add = [&](std::string_view name) {
    KeyPrefix& prefix = out[n];
    const std::string_view before = n++ == 0 ? "\"" : ", \"";
    for (std::string_view part : {before, name, std::string_view("\": "), after})
      for (char c : part) prefix.text[prefix.size++] = c;
  };
  for (const auto& k : pattern_keys) add(k.name);
  add("islands");
  add("island_files");
  for (const auto& k : move_keys) add(k.name);
  for (const auto& k : term_keys) add(k.name);
  return out;
}
constexpr auto side_key_prefixes = key_prefixes("");
constexpr auto key_list_openings = key_prefixes("[");
constexpr auto key_empty_lists = key_prefixes("[]");
static_assert(std::string_view(side_key_prefixes[0].text.data(), side_key_prefixes[0].size) ==
                  "\"pawns\": " &&
              std::string_view(key_empty_lists[1].text.data(), key_empty_lists[1].size) ==
                  ", \"isolated\": []");

// `"c4",` for each square, padded to 8 bytes: one copy of a constant size writes a square.
constexpr std::array<std::array<char, 8>, 64> square_entries = [] {
  std::array<std::array<char, 8>, 64> entries{};
  for (std::size_t s = 0; s < entries.size(); ++s) {
    const std::string_view name = square_name(Square(s));
    entries[s] = {'"', name[0], name[1], '"', ','};
  }
  return entries;
}();

// The longest list of squares, `["a1",...,"h8"]`, and the 3 bytes more its writer needs.
constexpr std::size_t max_square_list_bytes = 2 + 64 * 5;
constexpr std::size_t square_list_room = max_square_list_bytes + 3;

// The longest a side's JSON object can be, with the room the writers need: braces, every key
// with its ", \"name\": ", every square set full, a two-digit island count and four island
// ranges.
constexpr std::size_t max_side_json_bytes = [] {
  constexpr std::size_t around_name = 6;  // , "": (comma, blank, quotes, colon, blank)
  std::size_t n = 2;
  for (const auto& k : pattern_keys) n += around_name + k.name.size() + square_list_room;
  for (const auto& k : move_keys) n += around_name + k.name.size() + square_list_room;
  for (const auto& k : term_keys) n += around_name + k.name.size() + square_list_room;
  n += around_name + std::string_view("islands").size() + 2;
  n += around_name + std::string_view("island_files").size() + 2 + 4 * 6;
  return n;
}();

// A side's JSON object is written in three parts: the pawn-only keys up to `attacks`
// (the pawn attacks, listed first of move_keys, depend on the pawns alone), the move keys
// that depend on the other pieces, and the pawn-only terms. Each part is written into a
// buffer, kept there (ReportJsonCache) or appended once (a record has about fifty small
// pieces; appending each costs more than writing it).
static_assert(move_keys[0].name == "attacks");
constexpr std::size_t first_move_key = pattern_keys.size() + 2;  // after islands, island_files
constexpr std::size_t first_term_key = first_move_key + move_keys.size();

// The prefix at p, which must have room for KeyPrefix::slot bytes; returns the end.
char* write_prefix(char* p, const KeyPrefix& prefix) {
  std::memcpy(p, prefix.text.data(), KeyPrefix::slot);
  return p + prefix.size;
}

// Key k's prefix at p; returns the end.
char* write_key(char* p, std::size_t k) { return write_prefix(p, side_key_prefixes[k]); }

// Key k with b's squares as a JSON array, ascending bit order (`, "isolated": ["c4","d4"]`),
// at p, which must have room for KeyPrefix::slot + square_list_room bytes; returns the end.
char* write_key_list(char* p, std::size_t k, Bitboard b) {
  if (!b) return write_prefix(p, key_empty_lists[k]);
  p = write_prefix(p, key_list_openings[k]);
  for (; b; b &= b - 1) {
    std::memcpy(p, square_entries[std::countr_zero(b)].data(), 8);
    p += 5;
  }
  p[-1] = ']';  // over the last square's comma
  return p;
}

// keys[from], keys[from + 1], ... (key numbers `first`, `first + 1`, ...) at p one after
// another; returns the end. The calls are unrolled: each key's member and prefix are constants.
template <const auto& keys, std::size_t first, std::size_t from = 0>
char* write_key_lists(char* p, const SideReport& side) {
  auto write_each = [&]<std::size_t... i>(std::index_sequence<i...>) {
    ((p = write_key_list(p, first + i, side.*keys[from + i].member)), ...);
    return p;
  };
  return write_each(std::make_index_sequence<keys.size() - from>{});
}

// {"pawns": [...], ..., "island_files": [...], "attacks": [...]
char* write_side_head(char* p, const SideReport& side) {
  std::size_t k = pattern_keys.size();
  *p++ = '{';
  p = write_key_lists<pattern_keys, 0>(p, side);
  p = write_key(p, k++);
  p = std::to_chars(p, p + 8, side.islands).ptr;
  p = write_key(p, k++);
  *p++ = '[';
  const IslandRanges islands = island_ranges(side.island_files);
  for (int i = 0; i < islands.count; ++i) {
    if (i) *p++ = ',';
    *p++ = '"';
    p = write_island_range(p, islands.ranges[i]);
    *p++ = '"';
  }
  *p++ = ']';
  return write_key_list(p, k, side.*move_keys[0].member);
}

// , "single_pushes": [...], ..., "promotions": [...]
char* write_side_moves(char* p, const SideReport& side) {
  return write_key_lists<move_keys, first_move_key + 1, 1>(p, side);
}

// , "connected": [...], ..., "outposts": [...]}
char* write_side_tail(char* p, const SideReport& side) {
  p = write_key_lists<term_keys, first_term_key>(p, side);
  *p++ = '}';
  return p;
}

// Calls write(buffer) -> end and appends what it wrote.
template <class Write>
void append_written(std::string& out, Write&& write) {
  char text[max_side_json_bytes + KeyPrefix::slot];  // write_key may write past the end
  out.append(text, static_cast<std::size_t>(write(text) - text));
}

void append_side_json(std::string& out, const SideReport& side) {
  append_written(out, [&](char* p) {
    return write_side_tail(write_side_moves(write_side_head(p, side), side), side);
  });
}

}  // namespace

char* write_island_range(char* p, IslandRange range) {
  *p++ = char('a' + range.first_file);
  if (range.last_file != range.first_file) {
    *p++ = '-';
    *p++ = char('a' + range.last_file);
  }
  return p;
}

void append_island_range(std::string& out, IslandRange range) {
  char text[3];
  out.append(text, static_cast<std::size_t>(write_island_range(text, range) - text));
}

namespace {

// The last keys of a JSON line, from "structure" to "phase", and its closing "}\n", for every
// named structure with its side, and none, in every phase: built once, one append per record.
class RecordEnds {
 public:
  RecordEnds() {
    for (std::size_t phase = 0; phase < phase_names.size(); ++phase) {
      append(std::nullopt, GamePhase(phase));
      for (int s = 0; s < structure_count; ++s)
        for (Color side : {White, Black})
          append(StructureMatch{StructureId(s), side, false}, GamePhase(phase));
    }
  }
  const std::string& operator()(const NamedStructure& structure, GamePhase phase) const {
    return ends_[(structure
                      ? 1 + 2 * std::size_t(structure->id) + std::size_t(index(structure->side))
                      : 0) +
                 std::size_t(phase) * per_phase];
  }

 private:
  static constexpr std::size_t per_phase = 1 + 2 * std::size_t(structure_count);
  void append(const NamedStructure& structure, GamePhase phase) {
    std::string& out = ends_.emplace_back(", \"structure\": ");
    if (structure)
      append_json_string(out, structure_name(structure->id));
    else
      out += "null";
    out += ", \"structure_side\": ";
    if (structure)
      append_json_string(out, side_name(structure->side));
    else
      out += "null";
    out += ", \"phase\": \"";
    out += phase_name(phase);
    out += "\"}\n";
  }
  std::vector<std::string> ends_;
};
const std::string& record_end(const NamedStructure& structure, GamePhase phase) {
  static const RecordEnds ends;
  return ends(structure, phase);
}

// Text at p; returns the end.
char* write_text(char* p, std::string_view text) {
  std::memcpy(p, text.data(), text.size());
  return p + text.size();
}

// A string literal's text at p; returns the end. (Of a constant size, the copy is a few
// moves, not a call.)
template <std::size_t N>
char* write_literal(char* p, const char (&text)[N]) {
  std::memcpy(p, text, N - 1);
  return p + N - 1;
}

// For a position from a game: `game` N `ply` P `end` at p; nothing otherwise. At most
// 20 + 11 characters and the words; returns the end.
template <std::size_t G, std::size_t P, std::size_t E>
char* write_origin(char* p, const PositionOrigin& origin, const char (&game)[G],
                   const char (&ply)[P], const char (&end)[E]) {
  if (!origin.game) return p;
  p = std::to_chars(write_literal(p, game), p + 64, origin.game).ptr;
  p = std::to_chars(write_literal(p, ply), p + 64, origin.ply).ptr;
  return write_literal(p, end);
}

}  // namespace

std::string_view side_name(Color side) { return side == White ? "white" : "black"; }

void append_structure_description(std::string& out, const StructureMatch& structure) {
  out += structure_name(structure.id);
  out += " (held by ";
  out += side_name(structure.side);
  out += structure.reversed ? ", reversed)" : ")";
}

namespace {

// A JSON line with write_side(colour) writing each side's object.
template <class WriteSide>
void append_record(std::string& out, const PositionOrigin& origin, std::string_view fen,
                   WriteSide&& write_side, const NamedStructure& structure, GamePhase phase,
                   ExtraKeys extra) {
  char opening[128];
  opening[0] = '{';
  char* p = write_origin(opening + 1, origin, "\"game\": ", ", \"ply\": ", ", ");
  p = write_literal(p, "\"fen\": ");
  out.append(opening, static_cast<std::size_t>(p - opening));
  append_json_string(out, fen);
  write_side(White);
  write_side(Black);
  const std::string& end = record_end(structure, phase);
  if (extra.empty()) {
    out += end;
  } else {
    out.append(end, 0, end.size() - 2);  // extra goes before the closing "}\n"
    out += extra;
    out += "}\n";
  }
}

}  // namespace

void append_jsonl(std::string& out, const PositionOrigin& origin, std::string_view fen,
                  const PawnReport& report, const NamedStructure& structure, GamePhase phase,
                  ExtraKeys extra) {
  auto write_side = [&](Color c) {
    out += c == White ? ", \"white\": " : ", \"black\": ";
    append_side_json(out, report.side(c));
  };
  append_record(out, origin, fen, write_side, structure, phase, extra);
}

ReportJsonCache::ReportJsonCache() {
  for (Side& side : sides_) {
    side.text.resize(max_side_json_bytes + 16 + KeyPrefix::slot);  // 16: the side's key
    side.tail.resize(max_side_json_bytes + KeyPrefix::slot);
  }
}

void ReportJsonCache::append_side(std::string& out, const std::array<Bitboard, 2>& pawns,
                                  const PawnOnlySide& pawn_only, const PawnMoveSide& moves,
                                  Color c) {
  Side& cached = sides_[index(c)];
  // The pawn-only keys are the same when the two pawn sets are (a quick test), and often
  // even when they are not (a move of the other side's pawns that touches none of them).
  bool new_pawn_only = false;
  if (pawns[0] != cached.pawns[0] || pawns[1] != cached.pawns[1]) {
    cached.pawns = pawns;
    new_pawn_only = pawn_only != cached.report || !cached.size;
  }
  if (new_pawn_only) {
    static_cast<PawnOnlySide&>(cached.report) = pawn_only;
    char* p = write_text(cached.text.data(), c == White ? ", \"white\": " : ", \"black\": ");
    cached.moves_at =
        static_cast<std::size_t>(write_side_head(p, cached.report) - cached.text.data());
    cached.tail_size = static_cast<std::size_t>(write_side_tail(cached.tail.data(), cached.report) -
                                                cached.tail.data());
  }
  if (new_pawn_only || moves != cached.report) {
    static_cast<PawnMoveSide&>(cached.report) = moves;
    char* p = write_side_moves(cached.text.data() + cached.moves_at, cached.report);
    p = write_text(p, {cached.tail.data(), cached.tail_size});
    cached.size = static_cast<std::size_t>(p - cached.text.data());
  }
  out.append(cached.text.data(), cached.size);
}

char* ReportJsonCache::write_opening(char* p, const PositionOrigin& origin) {
  if (origin.game != game_) {
    game_ = origin.game;
    char* end = write_literal(game_text_.data(), "{");
    if (origin.game) {
      end = write_literal(end, "\"game\": ");
      end = std::to_chars(end, end + 20, origin.game).ptr;
      end = write_literal(end, ", \"ply\": ");
    }
    game_size_ = static_cast<std::size_t>(end - game_text_.data());
  }
  std::memcpy(p, game_text_.data(), game_text_.size());  // a constant size: a few moves
  p += game_size_;
  if (!origin.game) return p;
  return write_literal(std::to_chars(p, p + 11, origin.ply).ptr, ", ");
}

void append_jsonl(std::string& out, const PositionOrigin& origin, std::string_view fen,
                  const PawnOnlyReport& pawn_only, const PawnBoard& board,
                  const NamedStructure& structure, GamePhase phase, ReportJsonCache& cache) {
  // The opening and the FEN, with no escape pass (see the header), in one append.
  constexpr std::size_t max_fen_bytes = 96;
  if (fen.size() > max_fen_bytes) {
    append_jsonl(out, origin, fen, pawn_report(board, pawn_only), structure, phase);
    return;
  }
  assert(std::none_of(fen.begin(), fen.end(), needs_json_escape));
  char opening[64 + 16 + max_fen_bytes];
  char* p = write_literal(cache.write_opening(opening, origin), "\"fen\": \"");
  p = write_text(p, fen);
  *p++ = '"';
  out.append(opening, static_cast<std::size_t>(p - opening));
  cache.append_side(out, board.pawns, pawn_only.white, pawn_move_side<White>(board), White);
  cache.append_side(out, board.pawns, pawn_only.black, pawn_move_side<Black>(board), Black);
  out += record_end(structure, phase);
}

}  // namespace pawnkit::io
