// Named pawn structures: the families a chess coach names on sight (isolani, Carlsbad,
// Maroczy bind, ...), each a pawn-placement rule over both sides' pawn sets.
//
// A rule is written for the side that usually holds the structure in the opening it is
// named after (the IQP owner, Black in the Hedgehog, ...). The same placement with colours
// flipped (ranks mirrored, sides swapped) is the same structure held by the other side and
// is reported with `reversed = true`. docs/structures.md states every rule in words; the
// table below is the same rules as square lists.
//
// Two principles hold for every rule (Flores Rios, Chess Structures, 2015, and the usual
// chess meaning): a pawn that defines a structure stands alone on its file (an isolani
// with a second d-pawn behind it, a Maroczy bind with tripled c-pawns, hanging pawns with
// a third pawn behind one of them are other structures), and a named structure is a
// middlegame skeleton, not given in an ending (see classify_structure).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/report.hpp"

namespace pawnkit {

// One id per family: the first fifteen in the order they were added, then the rest of
// Flores Rios' list (Chess Structures, 2015). The order of matching is structure_rules'.
enum class StructureId : std::uint8_t {
  Iqp,
  HangingPawns,
  Carlsbad,
  Slav,
  CaroKann,
  MaroczyBind,
  Hedgehog,
  Scheveningen,
  Dragon,
  BoleslavskyHole,
  Stonewall,
  Benoni,
  FrenchAdvance,
  KingsIndian,
  Panov,
  GrunfeldCenter,
  NajdorfII,
  SymmetricBenoni,
  KidII,
  KidIII,
  OpenKid,
  KidComplex,
  FrenchII,
  FrenchIII,
  ThreeThreeVsFourTwo,
  Benko,
  ClosedRuyLopez,
  LopezFormation,
};

// LopezFormation is the last id.
inline constexpr int structure_count = int(StructureId::LopezFormation) + 1;

struct StructureMatch {
  StructureId id;
  Color side;     // the side holding the structure (the IQP owner, the Hedgehog player, ...)
  bool reversed;  // colours flipped from the way the rule is written
  constexpr bool operator==(const StructureMatch&) const = default;
};

// The named structure of a position, as classify_structure gives it; nullopt when none is
// named. Writers and queries take it as the caller classified it.
using NamedStructure = std::optional<StructureMatch>;

// One rule, by colour (index 0 = White, 1 = Black), in the orientation it is written for.
struct StructureRule {
  StructureId id;
  Color owner;                        // the side the rule is written for
  std::array<Bitboard, 2> required;   // every square holds a pawn of that colour
  std::array<Bitboard, 2> forbidden;  // no square holds a pawn of that colour
  std::array<Bitboard, 2> one_of;     // when not 0, some square holds a pawn of that colour
  // The owner has one pawn more on the e- to h-files, the other side one more on the a- to
  // c-files (4-2 against 3-3 with equal material, whatever was traded on both wings).
  bool majorities = false;
};

namespace detail {

// Not constexpr: a consteval call that reaches it is no constant expression, so a bad name
// stops compilation with this name in the message (a throw would, too, but not under
// -fno-exceptions).
inline void not_a_square_name() {}

// "c4 e4" as a bitboard; compile-time only (a bad name stops compilation).
consteval Bitboard sq(std::string_view list) {
  Bitboard b = 0;
  while (!list.empty()) {
    const std::size_t end = std::min(list.find(' '), list.size());
    if (end != 0 && (end != 2 || list[0] < 'a' || list[0] > 'h' || list[1] < '1' || list[1] > '8'))
      not_a_square_name();
    if (end) b |= square_bb(make_square(list[0] - 'a', list[1] - '1'));
    list.remove_prefix(std::min(end + 1, list.size()));
  }
  return b;
}

// "ce" as the bitboard of the c- and e-files.
consteval Bitboard files(std::string_view letters) {
  Bitboard b = 0;
  for (char c : letters) b |= file_bb(File(c - 'a'));
  return b;
}

}  // namespace detail

// A named structure: its name (lower-case ASCII with hyphens, for options and output),
// a line for `pawnkit structures`, and its rule (whose id is the row's).
struct StructureRow {
  std::string_view name;
  std::string_view summary;
  StructureRule rule;
};

// The catalogue, one row per structure, in matching order: the first rule that matches
// wins, its written orientation tried before the flipped one. More specific rules come
// first where two can overlap (a Hedgehog is also a Maroczy bind). A new structure is a
// StructureId and a row here; the arrays below are derived from it. (Data, not logic: the
// rows share one shape and the table runs past the 80 lines a function may have, by design.)
inline constexpr std::array<StructureRow, structure_count> structure_catalogue = [] {
  using detail::files;
  using detail::sq;
  using enum StructureId;
  // clang-format off
  return std::array<StructureRow, structure_count>{{
    // Black a6 b6 d6 e6, no c-pawn; White c4, no d-pawn.
    {"hedgehog",
     "Hedgehog: a6-b6-d6-e6 against c4, no Black c-pawn",
     {Hedgehog, Black, {sq("c4"), sq("a6 b6 d6 e6")}, {files("d"), files("c")}, {}}},
    // Black c6 d5 e6 f5 against White d4.
    {"stonewall",
     "Stonewall: c6-d5-e6-f5 against d4",
     {Stonewall, Black, {sq("d4"), sq("c6 d5 e6 f5")}, {}, {}}},
    // Black d6 e7 g6, no c-pawn; White e4, no d-pawn, c-pawn on c2 or c3.
    {"dragon",
     "Dragon: d6-e7-g6 against e4 (and c2/c3), no Black c-pawn",
     {Dragon, Black, {sq("e4"), sq("d6 e7 g6")}, {files("d"), files("c")}, {sq("c2 c3"), 0}}},
    // White d4 e3, no c-pawn; Black c6 e6, no d-pawn (the Slav after ...dxc4).
    {"slav",
     "Slav: d4-e3 against c6-e6 after ...dxc4, no White c- and no Black d-pawn",
     {Slav, Black, {sq("d4 e3"), sq("c6 e6")}, {files("c"), files("d")}, {}}},
    // White d4 e5 chain against Black d5 e6.
    {"french-advance",
     "French advance (French type I): the d4-e5 chain against d5-e6",
     {FrenchAdvance, White, {sq("d4 e5"), sq("d5 e6")}, {}, {}}},
    // White c3 e4 and d4 or d5; Black b5 d6 e5.
    {"closed-ruy-lopez",
     "closed Ruy Lopez: c3-e4 and d4/d5 against b5-d6-e5",
     {ClosedRuyLopez, White, {sq("c3 e4"), sq("b5 d6 e5")}, {}, {sq("d4 d5"), 0}}},
    // White c4 d5 e4 against Black c5 d6 e5.
    {"kid-ii",
     "KID type II (Czech Benoni): c4-d5-e4 against c5-d6-e5",
     {KidII, Black, {sq("c4 d5 e4"), sq("c5 d6 e5")}, {}, {}}},
    // White d5 e4, no c-pawn; Black d6 e5.
    {"kid-iii",
     "KID type III: d5-e4 against d6-e5 with White's c-pawn gone (cxd5)",
     {KidIII, Black, {sq("d5 e4"), sq("d6 e5")}, {files("c"), 0}, {}}},
    // White d5 e4 chain and a c-pawn against Black d6 e5.
    {"kings-indian",
     "King's Indian (KID type I): the d5-e4 chain against d6-e5",
     {KingsIndian, Black, {sq("d5 e4"), sq("d6 e5")}, {}, {files("c"), 0}}},
    // White c4 d4 e4; Black d6 e5, c-pawn on c6 or c7.
    {"kid-complex",
     "KID complex: c4-d4-e4 against c6/c7-d6-e5, the centre tension unresolved",
     {KidComplex, Black, {sq("c4 d4 e4"), sq("d6 e5")}, {}, {0, sq("c6 c7")}}},
    // White d4 e3, no c-pawn; Black c6 d5, no e-pawn.
    {"carlsbad",
     "Carlsbad (QGD Exchange): d4-e3 against c6-d5, the minority-attack structure",
     {Carlsbad, White, {sq("d4 e3"), sq("c6 d5")}, {files("c"), files("e")}, {}}},
    // Black c6 e6, no d-pawn; White d4, c-pawn on c2 or c3, no e-pawn.
    {"caro-kann",
     "Caro-Kann: c6-e6 against d4 (and c2/c3), Black's d-pawn exchanged",
     {CaroKann, Black, {sq("d4"), sq("c6 e6")}, {files("e"), files("d")}, {sq("c2 c3"), 0}}},
    // White c4 d4, no e-pawn; Black d5, no c-pawn.
    {"panov",
     "Panov: c4-d4 against d5, no White e-pawn and no Black c-pawn",
     {Panov, White, {sq("c4 d4"), sq("d5")}, {files("e"), files("c")}, {}}},
    // Black c5 d6, no a- or b-pawn; White d5, no c-pawn.
    {"benko",
     "Benko: c5-d6 against d5, Black's a- and b-pawns gone for open files",
     {Benko, Black, {sq("d5"), sq("c5 d6")}, {files("c"), files("ab")}, {}}},
    // Black c5 d6, no e-pawn; White d5, no c-pawn.
    {"benoni",
     "asymmetric (Modern) Benoni: c5-d6 against d5, no Black e-pawn and no White c-pawn",
     {Benoni, Black, {sq("d5"), sq("c5 d6")}, {files("c"), files("e")}, {}}},
    // White c4 d5, no e-pawn; Black c5 d6, no e-pawn.
    {"symmetric-benoni",
     "symmetric Benoni: c4-d5 against c5-d6, no e-pawns",
     {SymmetricBenoni, White, {sq("c4 d5"), sq("c5 d6")}, {files("e"), files("e")}, {}}},
    // Black d6 e5, no c-pawn; White e4, no d-pawn.
    {"boleslavsky-hole",
     "Boleslavsky hole (Najdorf type I): d6-e5 against e4, no Black c-pawn: the hole on d5",
     {BoleslavskyHole, Black, {sq("e4"), sq("d6 e5")}, {files("d"), files("c")}, {}}},
    // Black d6, no c- or e-pawn; White e4, no d- or f-pawn, c-pawn on c2 or c3.
    {"najdorf-ii",
     "Najdorf type II: d6 against e4 after ...e5 and f4 exf4, no Black c- or e-pawn",
     {NajdorfII, Black, {sq("e4"), sq("d6")}, {files("df"), files("ce")}, {sq("c2 c3"), 0}}},
    // Black d6 e6, no c-pawn; White e4, no d-pawn, c-pawn on c2 or c3.
    {"scheveningen",
     "Scheveningen: the small centre d6-e6 against e4, no Black c-pawn",
     {Scheveningen, Black, {sq("e4"), sq("d6 e6")}, {files("d"), files("c")}, {sq("c2 c3"), 0}}},
    // White c4 e4, no d-pawn; Black d6, no e-pawn, c-pawn on c6 or c7.
    {"open-kid",
     "open King's Indian: c4-e4 against d6 after ...exd4, Black keeps a c-pawn",
     {OpenKid, Black, {sq("c4 e4"), sq("d6")}, {files("d"), files("e")}, {0, sq("c6 c7")}}},
    // White c4 e4, no d-pawn; Black no c-pawn, d-pawn on d6 or d7.
    {"maroczy-bind",
     "Maroczy bind: c4-e4 against a Sicilian d6/d7 with no Black c-pawn",
     {MaroczyBind, White, {sq("c4 e4"), 0}, {files("d"), files("c")}, {0, sq("d6 d7")}}},
    // White d4 e4, no c-pawn; Black no c- or d-pawn, e-pawn on e6 or e7.
    {"grunfeld-center",
     "Grunfeld centre: d4-e4 against no Black c- or d-pawn",
     {GrunfeldCenter, White, {sq("d4 e4"), 0}, {files("c"), files("cd")}, {0, sq("e6 e7")}}},
    // White d4 e4, no c-pawn; Black d6, no e-pawn, c-pawn on c5, c6 or c7.
    {"lopez-formation",
     "Lopez formation: d4-e4 against d6 after ...exd4 cxd4, Black keeps a c-pawn",
     {LopezFormation, White, {sq("d4 e4"), sq("d6")}, {files("c"), files("e")}, {0, sq("c5 c6 c7")}}},
    // White d4, no e-pawn; Black d5 e6, no f-pawn.
    {"french-ii",
     "French type II: d4 against d5-e6 after e5xf6, the backward e6-pawn",
     {FrenchII, White, {sq("d4"), sq("d5 e6")}, {files("e"), files("f")}, {}}},
    // White e5, no d-pawn; Black d5 e6, no c-pawn.
    {"french-iii",
     "French type III: e5 against d5-e6 after the d4/c5 exchange",
     {FrenchIII, White, {sq("e5"), sq("d5 e6")}, {files("d"), files("c")}, {}}},
    // White c4 d4, no b- or e-pawn; Black no c- or d-pawn.
    {"hanging-pawns",
     "hanging pawns c4-d4 side by side on half-open files, no b-, e- or third c/d-pawn",
     {HangingPawns, White, {sq("c4 d4"), 0}, {files("be"), files("cd")}, {}}},
    // White d4, no c- or e-pawn; Black no d-pawn, a c- or e-pawn on the 6th or 7th rank
    // that watches the blockade square d5 (an isolated passed d-pawn is a passed pawn, and
    // a pawn on c5 or e5 that hits d4 is an exchange under way, not an IQP).
    {"iqp",
     "isolani: an isolated d4-pawn on the opponent's half-open d-file, not passed",
     {Iqp, White, {sq("d4"), 0}, {files("ce"), files("d") | sq("c5 e5")}, {0, sq("c6 c7 e6 e7")}}},
    // Black no c- or d-pawn, e-pawn on e7, e6 or e5; White no d- or e-pawn, c-pawn on
    // c2, c3 or c4; and the majorities: White one pawn more on the a- to c-files, Black
    // one more on the e- to h-files.
    {"three-three-vs-four-two",
     "3-3 against 4-2: no d- or e-pawn against no c- or d-pawn, a majority each, one pawn",
     {ThreeThreeVsFourTwo, Black, {0, 0}, {files("de"), files("cd")}, {sq("c2 c3 c4"), sq("e5 e6 e7")}, true}},
  }};
  // clang-format on
}();

// The rules in matching order (the candidate fast path indexes them).
inline constexpr std::array<StructureRule, structure_count> structure_rules = [] {
  std::array<StructureRule, structure_count> rules{};
  for (std::size_t i = 0; i < rules.size(); ++i) rules[i] = structure_catalogue[i].rule;
  return rules;
}();

namespace detail {
// A field of each row, by StructureId; every id has exactly one row (checked below).
template <class Field>
constexpr std::array<std::string_view, structure_count> by_id(Field field) {
  std::array<std::string_view, structure_count> out{};
  for (const StructureRow& row : structure_catalogue) out[std::size_t(row.rule.id)] = row.*field;
  return out;
}
}  // namespace detail

// Names and summaries by StructureId.
inline constexpr auto structure_names = detail::by_id(&StructureRow::name);
inline constexpr auto structure_summaries = detail::by_id(&StructureRow::summary);
static_assert(
    [] {
      for (std::string_view name : structure_names)
        if (name.empty()) return false;
      return true;
    }(),
    "a row per structure");

// Lower-case ASCII name with hyphens: "iqp", "hanging-pawns", "carlsbad", ...
constexpr std::string_view structure_name(StructureId id) {
  return structure_names[static_cast<std::size_t>(id)];
}

constexpr std::string_view structure_summary(StructureId id) {
  return structure_summaries[static_cast<std::size_t>(id)];
}

// The structure with that name, if there is one.
constexpr std::optional<StructureId> find_structure(std::string_view name) {
  for (int i = 0; i < structure_count; ++i)
    if (structure_names[std::size_t(i)] == name) return StructureId(i);
  return std::nullopt;
}

// Named structures are middlegame pawn skeletons: both sides need at least this many pawns
// (a lone d-pawn in a king ending is not an "IQP position").
inline constexpr int structure_min_pawns = 5;

// The same position with colours swapped: ranks mirrored, White's pieces become Black's.
constexpr PawnBoard color_flipped(const PawnBoard& board) {
  PawnBoard f;
  f.pawns = {flip_vertical(board.pawns[1]), flip_vertical(board.pawns[0])};
  f.pieces = {flip_vertical(board.pieces[1]), flip_vertical(board.pieces[0])};
  f.side_to_move = ~board.side_to_move;
  f.en_passant = board.en_passant == NoSquare ? NoSquare : Square(board.en_passant ^ 56);
  f.in_ending = board.in_ending;
  return f;
}

// The files of a colour's defining pawns: those of the required squares, and the file of a
// "one of" set that picks squares on a single file (c2 or c3). A "one of" set that is a
// whole file ("some c-pawn") or spans files (a c- or e-pawn) names no defining pawn.
constexpr Bitboard defining_files(const StructureRule& rule, std::size_t c) {
  Bitboard squares = rule.required[c];
  const Bitboard one_of = rule.one_of[c];
  if (one_of) {
    const Bitboard file = file_bb(lsb(one_of));
    if ((one_of & ~file) == 0 && one_of != file) squares |= one_of;
  }
  return file_fill(squares);
}

namespace detail {

// The majorities of a rule with `majorities`: its owner has one pawn more on the e- to
// h-files than the other side, which has one pawn more on the a- to c-files.
constexpr bool has_majorities(Bitboard owner_pawns, Bitboard other_pawns) {
  const Bitboard queenside = files("abc"), kingside = files("efgh");
  return popcount(owner_pawns & kingside) == popcount(other_pawns & kingside) + 1 &&
         popcount(other_pawns & queenside) == popcount(owner_pawns & queenside) + 1;
}

}  // namespace detail

// Whether the pawns (by colour) satisfy the rule as written: the required squares held,
// the forbidden ones empty, one of each "one of" set held, and every defining pawn alone
// on its file (no doubled or tripled pawns where the structure is decided).
constexpr bool matches(const StructureRule& rule, const std::array<Bitboard, 2>& pawns) {
  for (std::size_t c = 0; c < 2; ++c) {
    if ((pawns[c] & rule.required[c]) != rule.required[c]) return false;
    if (pawns[c] & rule.forbidden[c]) return false;
    if (rule.one_of[c] && !(pawns[c] & rule.one_of[c])) return false;
    const Bitboard files = defining_files(rule, c);
    if (popcount(pawns[c] & files) != popcount(files & Rank1)) return false;
  }
  const std::size_t owner = rule.owner == White ? 0 : 1;
  return !rule.majorities || detail::has_majorities(pawns[owner], pawns[1 - owner]);
}

namespace detail {

// Which of the c-, d- and e-files hold a pawn of each colour: White's in bits 0-2, Black's
// in bits 3-5. Every rule but one requires or forbids pawns there.
constexpr unsigned centre_files(Bitboard white_pawns, Bitboard black_pawns) {
  return unsigned(file_set(white_pawns) >> 2 & 7) | unsigned(file_set(black_pawns) >> 2 & 7) << 3;
}

// For each value of centre_files, the rules that can match a placement with it: bit 2i for
// structure_rules[i] as written, bit 2i + 1 for it with colours flipped (the matching
// order). A rule cannot match when a pawn it requires stands on a c-, d- or e-file that is
// empty, or when it forbids a whole such file that holds a pawn.
inline constexpr auto structure_candidates = [] {
  static_assert(2 * structure_count <= 64);
  std::array<std::uint64_t, 64> table{};
  for (unsigned key = 0; key < 64; ++key)
    for (std::size_t i = 0; i < structure_rules.size(); ++i)
      for (std::size_t flip = 0; flip < 2; ++flip) {
        const StructureRule& rule = structure_rules[i];
        bool possible = true;
        for (std::size_t c = 0; c < 2; ++c) {            // the colour on the board
          const std::size_t written = flip ? 1 - c : c;  // the colour in the rule
          const unsigned held = key >> (3 * c) & 7;
          for (int f = 2; f <= 4; ++f) {
            const Bitboard file = file_bb(File(f));
            const bool has_pawn = held >> (f - 2) & 1;
            if ((rule.required[written] & file) && !has_pawn) possible = false;
            if ((rule.forbidden[written] & file) == file && has_pawn) possible = false;
          }
        }
        if (possible) table[key] |= std::uint64_t{1} << (2 * i + flip);
      }
  return table;
}();

}  // namespace detail

namespace detail {

// A rule in one orientation as the masks its tests need, for the pawns as they stand on
// the board: matches(CompiledRule) is matches(rule, pawns) as written, or matches(rule,
// flipped pawns) for the flipped orientation, with the defining files worked out ahead
// and no early exit (whether a rule matches is hard to predict; one test of all its
// conditions costs less than the branches mispredicted).
struct CompiledRule {
  std::array<Bitboard, 2> tested{};    // required | forbidden
  std::array<Bitboard, 2> required{};  // of them, the squares that hold a pawn
  std::array<Bitboard, 2> one_of{};    // some square holds a pawn (every square: no such set)
  std::array<Bitboard, 2> defining{};  // defining_files: one pawn a file there
  std::array<int, 2> defining_count{};
  int majority_owner = -1;  // with the majorities, the colour index of the rule's owner
};

constexpr CompiledRule compile_rule(const StructureRule& rule, bool flip) {
  CompiledRule r;
  for (std::size_t c = 0; c < 2; ++c) {
    const std::size_t written = flip ? 1 - c : c;  // the colour in the rule
    const auto oriented = [&](Bitboard b) { return flip ? flip_vertical(b) : b; };
    r.required[c] = oriented(rule.required[written]);
    r.tested[c] = r.required[c] | oriented(rule.forbidden[written]);
    r.one_of[c] = rule.one_of[written] ? oriented(rule.one_of[written]) : ~Bitboard{0};
    r.defining[c] = defining_files(rule, written);  // whole files: the same flipped
    r.defining_count[c] = popcount(r.defining[c] & Rank1);
  }
  if (rule.majorities) r.majority_owner = (rule.owner == White) != flip ? 0 : 1;
  return r;
}

// By bit of structure_candidates: structure_rules[bit / 2], flipped when the bit is odd.
inline constexpr auto compiled_rules = [] {
  std::array<CompiledRule, 2 * structure_count> rules{};
  for (std::size_t bit = 0; bit < rules.size(); ++bit)
    rules[bit] = compile_rule(structure_rules[bit / 2], bit % 2 != 0);
  return rules;
}();

// Whether pawns, with at least one pawn a side, satisfy the compiled rule.
constexpr bool matches(const CompiledRule& r, const std::array<Bitboard, 2>& pawns) {
  bool ok = true;
  for (std::size_t c = 0; c < 2; ++c) {
    ok &= (pawns[c] & r.tested[c]) == r.required[c];
    ok &= (pawns[c] & r.one_of[c]) != 0;
    ok &= popcount(pawns[c] & r.defining[c]) == r.defining_count[c];
  }
  if (!ok || r.majority_owner < 0) return ok;
  const std::size_t owner = std::size_t(r.majority_owner);
  return has_majorities(pawns[owner], pawns[1 - owner]);
}

// Which rule classify_structure finds for the pawns outside an ending: the bit of
// structure_candidates of the first match (2i for structure_rules[i] as written, 2i + 1 for
// it with colours flipped), or -1 when none matches. A plain number, so that a caller
// that only encodes the match builds no std::optional: returned from a call, the optional
// was stored a byte at a time and read back whole, a load that waits for the stores
// (docs/speed.md).
constexpr int first_structure_match(Bitboard white_pawns, Bitboard black_pawns) {
  if (popcount(white_pawns) < structure_min_pawns || popcount(black_pawns) < structure_min_pawns)
    return -1;
  const std::array<Bitboard, 2> pawns{white_pawns, black_pawns};
  for (std::uint64_t candidates = structure_candidates[centre_files(white_pawns, black_pawns)];
       candidates; candidates &= candidates - 1) {
    const int bit = std::countr_zero(candidates);
    if (matches(compiled_rules[std::size_t(bit)], pawns)) return bit;
  }
  return -1;
}

// The match a bit of first_structure_match stands for.
constexpr StructureMatch structure_match_of_bit(int bit) {
  const StructureRule& rule = structure_rules[std::size_t(bit / 2)];
  return StructureMatch{rule.id, bit % 2 == 0 ? rule.owner : ~rule.owner, bit % 2 != 0};
}

}  // namespace detail

// The named structure of a pawn placement, or nullopt when no rule matches. Named
// structures are middlegame skeletons: none is given `in_ending` (at most 8 of the 24
// phase points left, chess/phase.hpp: an isolated passed d-pawn in a rook ending is a
// passed pawn, not an IQP position) or with fewer than structure_min_pawns pawns a side.
// The rules are tried in their order, as written then flipped, but only those that the
// pawns on the c-, d- and e-files allow (detail::structure_candidates; tests compare it
// with classify_structure_by_every_rule).
constexpr std::optional<StructureMatch> classify_structure(Bitboard white_pawns,
                                                           Bitboard black_pawns, bool in_ending) {
  if (in_ending) return std::nullopt;
  const int bit = detail::first_structure_match(white_pawns, black_pawns);
  if (bit < 0) return std::nullopt;
  return detail::structure_match_of_bit(bit);
}

// The same, trying every rule in turn: the plain reading of the rules, for tests.
constexpr std::optional<StructureMatch> classify_structure_by_every_rule(Bitboard white_pawns,
                                                                         Bitboard black_pawns,
                                                                         bool in_ending) {
  if (in_ending) return std::nullopt;
  if (popcount(white_pawns) < structure_min_pawns || popcount(black_pawns) < structure_min_pawns)
    return std::nullopt;
  const std::array<Bitboard, 2> pawns{white_pawns, black_pawns};
  const std::array<Bitboard, 2> flipped{flip_vertical(black_pawns), flip_vertical(white_pawns)};
  for (const StructureRule& rule : structure_rules) {
    if (matches(rule, pawns)) return StructureMatch{rule.id, rule.owner, false};
    if (matches(rule, flipped)) return StructureMatch{rule.id, ~rule.owner, true};
  }
  return std::nullopt;
}

constexpr std::optional<StructureMatch> classify_structure(const PawnBoard& board) {
  return classify_structure(board.pawns[0], board.pawns[1], board.in_ending);
}

// The side a structure's rule is written for.
constexpr Color structure_owner(StructureId id) {
  for (const StructureRule& rule : structure_rules)
    if (rule.id == id) return rule.owner;
  return White;
}

// Every id has exactly one rule, and the Carlsbad example of the docs classifies.
static_assert([] {
  std::array<int, structure_count> seen{};
  for (const StructureRule& r : structure_rules) ++seen[std::size_t(r.id)];
  for (int n : seen)
    if (n != 1) return false;
  return true;
}());
static_assert(classify_structure(detail::sq("a2 b2 d4 e3 f2 g2 h2"),
                                 detail::sq("a7 b7 c6 d5 f7 g7 h7"),
                                 false) == StructureMatch{StructureId::Carlsbad, White, false});
static_assert(classify_structure(detail::sq("a2 b2 c3 d4 f2 g2 h2"),
                                 detail::sq("a7 b7 d5 e6 f7 g7 h7"),
                                 false) == StructureMatch{StructureId::Carlsbad, Black, true});

}  // namespace pawnkit
