// Named pawn structures: the families a chess coach names on sight (isolani, Carlsbad,
// Maroczy bind, ...), each a pawn-placement rule over both sides' pawn sets.
//
// A rule is written for the side that usually holds the structure in the opening it is
// named after (the IQP owner, Black in the Hedgehog, ...). The same placement with colours
// flipped (ranks mirrored, sides swapped) is the same structure held by the other side and
// is reported with `reversed = true`. docs/structures.md states every rule in words; the
// table below is the same rules as square lists.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/pawns/report.hpp"

namespace pawnkit {

// In the order of the list; the order of matching is structure_rules' order.
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
};
inline constexpr int structure_count = 15;

inline constexpr std::array<std::string_view, structure_count> structure_names = {
    "iqp",          "hanging-pawns", "carlsbad",       "slav",         "caro-kann",
    "maroczy-bind", "hedgehog",      "scheveningen",   "dragon",       "boleslavsky-hole",
    "stonewall",    "benoni",        "french-advance", "kings-indian", "panov"};

// Lower-case ASCII name with hyphens: "iqp", "hanging-pawns", "carlsbad", ...
constexpr std::string_view structure_name(StructureId id) {
  return structure_names[static_cast<std::size_t>(id)];
}

// The structure with that name, if there is one.
constexpr std::optional<StructureId> find_structure(std::string_view name) {
  for (int i = 0; i < structure_count; ++i)
    if (structure_names[std::size_t(i)] == name) return StructureId(i);
  return std::nullopt;
}

struct StructureMatch {
  StructureId id;
  Color side;     // the side holding the structure (the IQP owner, the Hedgehog player, ...)
  bool reversed;  // colours flipped from the way the rule is written
  constexpr bool operator==(const StructureMatch&) const = default;
};

// One rule, by colour (index 0 = White, 1 = Black), in the orientation it is written for.
struct StructureRule {
  StructureId id;
  Color owner;                        // the side the rule is written for
  std::array<Bitboard, 2> required;   // every square holds a pawn of that colour
  std::array<Bitboard, 2> forbidden;  // no square holds a pawn of that colour
  std::array<Bitboard, 2> one_of;     // when not 0, some square holds a pawn of that colour
};

namespace detail {

// "c4 e4" as a bitboard; compile-time only (a bad name stops compilation).
consteval Bitboard sq(std::string_view list) {
  Bitboard b = 0;
  while (!list.empty()) {
    const std::size_t end = std::min(list.find(' '), list.size());
    if (end != 0 && (end != 2 || list[0] < 'a' || list[0] > 'h' || list[1] < '1' || list[1] > '8'))
      throw "not a square name";
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

// The rules in matching order: the first rule that matches wins, its written orientation
// tried before the flipped one. More specific rules come first where two can overlap
// (a Hedgehog is also a Maroczy bind, a Stonewall against c4 also a Slav).
inline constexpr std::array<StructureRule, structure_count> structure_rules = [] {
  using detail::files;
  using detail::sq;
  using enum StructureId;
  // clang-format off
  return std::array<StructureRule, structure_count>{{
    // Black a6 b6 d6 e6, no c-pawn; White c4, no d-pawn.
    {Hedgehog, Black, {sq("c4"), sq("a6 b6 d6 e6")}, {files("d"), files("c")}, {}},
    // Black c6 d5 e6 f5 against White d4.
    {Stonewall, Black, {sq("d4"), sq("c6 d5 e6 f5")}, {}, {}},
    // Black d6 e7 g6, no c-pawn; White e4, no d-pawn, c-pawn on c2 or c3.
    {Dragon, Black, {sq("e4"), sq("d6 e7 g6")}, {files("d"), files("c")}, {sq("c2 c3"), 0}},
    // Black c6 d5 and e6 or e7; White c4 d4 (the c4-d5 tension).
    {Slav, Black, {sq("c4 d4"), sq("c6 d5")}, {}, {0, sq("e6 e7")}},
    // White d4 e5 chain against Black d5 e6.
    {FrenchAdvance, White, {sq("d4 e5"), sq("d5 e6")}, {}, {}},
    // White d5 e4 chain against Black d6 e5.
    {KingsIndian, Black, {sq("d5 e4"), sq("d6 e5")}, {}, {}},
    // White d4 e3, no c-pawn; Black c6 d5, no e-pawn.
    {Carlsbad, White, {sq("d4 e3"), sq("c6 d5")}, {files("c"), files("e")}, {}},
    // Black c6 e6, no d-pawn; White d4, c-pawn on c2 or c3, no e-pawn.
    {CaroKann, Black, {sq("d4"), sq("c6 e6")}, {files("e"), files("d")}, {sq("c2 c3"), 0}},
    // White c4 d4, no e-pawn; Black d5, no c-pawn.
    {Panov, White, {sq("c4 d4"), sq("d5")}, {files("e"), files("c")}, {}},
    // Black c5 d6, no e-pawn; White d5, no c-pawn.
    {Benoni, Black, {sq("d5"), sq("c5 d6")}, {files("c"), files("e")}, {}},
    // Black d6 e5, no c-pawn; White e4, no d-pawn.
    {BoleslavskyHole, Black, {sq("e4"), sq("d6 e5")}, {files("d"), files("c")}, {}},
    // Black d6 e6, no c-pawn; White e4, no d-pawn, c-pawn on c2 or c3.
    {Scheveningen, Black, {sq("e4"), sq("d6 e6")}, {files("d"), files("c")}, {sq("c2 c3"), 0}},
    // White c4 e4, no d-pawn; Black no c-pawn, d-pawn on d6 or d7.
    {MaroczyBind, White, {sq("c4 e4"), 0}, {files("d"), files("c")}, {0, sq("d6 d7")}},
    // White c4 d4, no b- or e-pawn; Black no c- or d-pawn.
    {HangingPawns, White, {sq("c4 d4"), 0}, {files("be"), files("cd")}, {}},
    // White d4, no c- or e-pawn; Black no d-pawn.
    {Iqp, White, {sq("d4"), 0}, {files("ce"), files("d")}, {}},
  }};
  // clang-format on
}();

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
  return f;
}

// Whether the pawns (by colour) satisfy the rule as written.
constexpr bool matches(const StructureRule& rule, const std::array<Bitboard, 2>& pawns) {
  for (std::size_t c = 0; c < 2; ++c) {
    if ((pawns[c] & rule.required[c]) != rule.required[c]) return false;
    if (pawns[c] & rule.forbidden[c]) return false;
    if (rule.one_of[c] && !(pawns[c] & rule.one_of[c])) return false;
  }
  return true;
}

// The named structure of a pawn placement, or nullopt when no rule matches.
constexpr std::optional<StructureMatch> classify_structure(Bitboard white_pawns,
                                                           Bitboard black_pawns) {
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
  return classify_structure(board.pawns[0], board.pawns[1]);
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
                                 detail::sq("a7 b7 c6 d5 f7 g7 h7")) ==
              StructureMatch{StructureId::Carlsbad, White, false});
static_assert(classify_structure(detail::sq("a2 b2 c3 d4 f2 g2 h2"),
                                 detail::sq("a7 b7 d5 e6 f7 g7 h7")) ==
              StructureMatch{StructureId::Carlsbad, Black, true});

}  // namespace pawnkit
