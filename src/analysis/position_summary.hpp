// What the statistics need of one position (PositionSummary): a bit per non-empty pattern
// key, the island counts, the scored patterns players ask about (ScoredPattern), the
// named structure and the phase, computed from the pawns and packed in a few bytes.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/report.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <string_view>
#include <utility>

namespace pawnkit::analysis {

// Patterns whose owners' scores are reported: the ones players ask about. The isolated
// d-pawn is any isolated pawn on d4/d5, whatever the rest of the board; the named
// structure `iqp` (StructureId::Iqp, docs/structures.md) is one full skeleton around it.
// Hanging pawns are the named structure `hanging-pawns`, not the per-pawn key `hanging`
// (which also flags a lone c-pawn beside a b-pawn). The JSON keys are these names too.
enum class ScoredPattern : std::uint8_t { IsolatedDPawn, HangingPawns, Doubled, Passed, Candidate };
inline constexpr std::array scored_pattern_names = {
    std::string_view("isolated d-pawn"), std::string_view("hanging pawns"),
    std::string_view("doubled pawns"), std::string_view("passed pawn"),
    std::string_view("candidate passer")};
inline constexpr int scored_pattern_count = int(scored_pattern_names.size());
static_assert(scored_pattern_count == int(ScoredPattern::Candidate) + 1, "a name per pattern");

// Whether side c has the scored pattern in a position with this named structure. The
// isolated d-pawn is an isolated pawn on d4 (White) or d5 (Black).
constexpr bool has_scored_pattern(const PawnOnlySide& side, Color c, ScoredPattern p,
                                  const std::optional<StructureMatch>& structure) {
  switch (p) {
    case ScoredPattern::IsolatedDPawn:
      return side.isolated & square_bb(c == White ? D4 : D5);
    case ScoredPattern::HangingPawns:
      return structure && structure->id == StructureId::HangingPawns && structure->side == c;
    case ScoredPattern::Doubled:
      return side.doubled != 0;
    case ScoredPattern::Passed:
      return side.passed != 0;
    case ScoredPattern::Candidate:
      return side.candidates != 0;
  }
  return false;
}

// What the statistics need of one position, in 14 bytes (and 2 of named padding): for each side a
// bit per pattern key whose set is not empty, the island count, a bit per scored pattern,
// the named structure and the game phase. Workers keep these for the game being replayed
// and add them once the game replayed cleanly; consecutive equal summaries (most moves
// leave the pawns alone) are kept, and added, as one run.
struct PositionSummary {
  std::array<std::uint32_t, 2> nonempty{};  // bit k: pawn_set_keys[k] is not empty
  std::array<std::uint8_t, 2> islands{};
  std::array<std::uint8_t, 2> scored{};  // bit p: ScoredPattern p holds
  // 0: no named structure; else bits 0-4: 1 + StructureId, bit 5: Black holds it,
  // bit 6: reversed.
  std::uint8_t structure = 0;
  GamePhase phase = GamePhase::Middlegame;
  // Named padding: a copy of 16 bytes of members is two 8-byte moves. With 14 bytes of
  // members and 2 of padding the compiler copied with overlapping moves, and a load that
  // straddles two stores just made waits for them (a failed store forwarding; some 40 % of
  // the per-position callback's time, docs/speed.md).
  std::array<std::uint8_t, 2> unused{};

  // Field by field: the defaulted comparison of the byte arrays calls memcmp.
  bool operator==(const PositionSummary& o) const {
    return nonempty[0] == o.nonempty[0] && nonempty[1] == o.nonempty[1] &&
           islands[0] == o.islands[0] && islands[1] == o.islands[1] && scored[0] == o.scored[0] &&
           scored[1] == o.scored[1] && structure == o.structure && phase == o.phase;
  }
};

// 1 + StructureId must fit the five low bits of PositionSummary::structure.
static_assert(structure_count < 31);
static_assert(sizeof(PositionSummary) == 16);

constexpr std::uint8_t encode_structure(const std::optional<StructureMatch>& m) {
  if (!m) return 0;
  return std::uint8_t((int(m->id) + 1) | (m->side == Black) << 5 | int(m->reversed) << 6);
}

inline std::optional<StructureMatch> decode_structure(std::uint8_t code) {
  if (!code) return std::nullopt;
  return StructureMatch{StructureId((code & 31) - 1), (code >> 5 & 1) ? Black : White,
                        (code >> 6 & 1) != 0};
}

namespace detail {
// pawn_set_keys[k] as a member of PawnOnlySide (every one of them is).
constexpr Bitboard PawnOnlySide::*pawn_only_member(std::size_t k) {
  return static_cast<Bitboard PawnOnlySide::*>(pawn_set_keys[k].member);
}
template <std::size_t... K>
std::uint32_t nonempty_keys(const PawnOnlySide& side, std::index_sequence<K...>) {
  return ((std::uint32_t(side.*pawn_only_member(K) != 0) << K) | ...);
}
}  // namespace detail

// Bit k set when side's pawn_set_keys[k] set is not empty. Unrolled (a fold over the keys,
// each read in place): a loop's own counting, or a copy of the sets, costs as much as the
// tests.
inline std::uint32_t nonempty_keys(const PawnOnlySide& side) {
  return detail::nonempty_keys(side, std::make_index_sequence<pawn_set_keys.size()>());
}

namespace detail {
template <int... P>
std::uint8_t scored_patterns(const PawnOnlySide& side, Color c,
                             const std::optional<StructureMatch>& structure,
                             std::integer_sequence<int, P...>) {
  return std::uint8_t(
      ((unsigned(has_scored_pattern(side, c, ScoredPattern(P), structure)) << P) | ...));
}
}  // namespace detail

// Bit p set when side c has ScoredPattern p (has_scored_pattern) with this named structure.
// Unrolled (a fold over the patterns): each pattern is then a constant and its switch goes
// away, where a loop tests the pattern number at run time.
inline std::uint8_t scored_patterns(const PawnOnlySide& side, Color c,
                                    const std::optional<StructureMatch>& structure) {
  return detail::scored_patterns(side, c, structure,
                                 std::make_integer_sequence<int, scored_pattern_count>());
}

// The summary of a position whose pawn-only keys, named structure (encoded) and phase are
// known: it needs nothing else of the report.
inline PositionSummary summarize(const PawnOnlyReport& report, std::uint8_t structure,
                                 GamePhase phase) {
  PositionSummary summary;
  const auto match = decode_structure(structure);
  for (Color c : {White, Black}) {
    const PawnOnlySide& side = report.side(c);
    const int ci = index(c);
    summary.nonempty[ci] = nonempty_keys(side);
    summary.islands[ci] = std::uint8_t(side.islands);
    summary.scored[ci] = scored_patterns(side, c, match);
  }
  summary.structure = structure;
  summary.phase = phase;
  return summary;
}

inline PositionSummary summarize(const PawnReport& report, std::uint8_t structure,
                                 GamePhase phase) {
  return summarize(PawnOnlyReport{report.white, report.black}, structure, phase);
}

// What a position's summary takes from the two pawn sets alone: all of it but the phase.
// The named structure and the scored patterns are kept both outside an ending and in one,
// where no structure is named (so no hanging pawns either).
struct PawnSummary {
  std::array<std::uint32_t, 2> nonempty{};
  std::array<std::uint8_t, 2> islands{};
  std::array<std::array<std::uint8_t, 2>, 2> scored{};  // [in an ending][colour]
  std::uint8_t structure = 0;                           // outside an ending
  std::uint8_t unused = 0;  // 16 bytes of members: see PositionSummary::unused
};
static_assert(sizeof(PawnSummary) == 16);

namespace detail {
// encode_structure of each match that first_structure_match names, by its bit; 0 for none.
inline constexpr auto structure_codes = [] {
  std::array<std::uint8_t, 2 * structure_count + 1> codes{};
  for (int bit = 0; bit < 2 * structure_count; ++bit)
    codes[std::size_t(bit) + 1] = encode_structure(pawnkit::detail::structure_match_of_bit(bit));
  return codes;
}();
// encode_structure of the hanging pawns held by White, by Black ([colour]; not reversed).
inline constexpr std::array<std::uint8_t, 2> hanging_pawns_codes{
    encode_structure(StructureMatch{StructureId::HangingPawns, White, false}),
    encode_structure(StructureMatch{StructureId::HangingPawns, Black, false})};
}  // namespace detail

// The pawn summary of a placement from its pawn-only keys (both sides' must be those of
// the same placement): the keys are read in place, and the scored patterns computed once:
// outside an ending the named structure adds at most the hanging pawns (the only scored
// pattern that depends on it). The structure is taken as a number and encoded from a
// table (no std::optional comes back from a call: docs/speed.md).
inline PawnSummary pawn_summary(const PawnOnlySide& white, const PawnOnlySide& black) {
  const int match = pawnkit::detail::first_structure_match(white.pawns, black.pawns);
  const std::uint8_t structure = detail::structure_codes[std::size_t(match + 1)];
  std::array<std::uint8_t, 2> islands{}, in_ending{}, outside{};
  for (Color c : {White, Black}) {
    const PawnOnlySide& side = c == White ? white : black;
    const int ci = index(c);
    islands[ci] = std::uint8_t(side.islands);
    in_ending[ci] = scored_patterns(side, c, std::nullopt);
    // has_scored_pattern's hanging pawns: the named structure, held by c (& 63: either
    // way round, without the reversed bit).
    const bool hanging = (structure & 63) == detail::hanging_pawns_codes[ci];
    outside[ci] =
        std::uint8_t(in_ending[ci] | unsigned(hanging) << int(ScoredPattern::HangingPawns));
  }
  // Put together in two 64-bit words: built a byte at a time in place, the summary was read
  // back a word at a time, a load that waits for the stores it spans (docs/speed.md).
  const std::uint64_t nonempty = nonempty_keys(white) | std::uint64_t{nonempty_keys(black)} << 32;
  const std::uint64_t rest = std::uint64_t{islands[0]} | std::uint64_t{islands[1]} << 8 |
                             std::uint64_t{outside[0]} << 16 | std::uint64_t{outside[1]} << 24 |
                             std::uint64_t{in_ending[0]} << 32 | std::uint64_t{in_ending[1]} << 40 |
                             std::uint64_t{structure} << 48;
  if constexpr (std::endian::native == std::endian::little) {
    // The compilers' builtin: the page's wasm toolchain's library has no std::bit_cast.
    return __builtin_bit_cast(PawnSummary, (std::array<std::uint64_t, 2>{nonempty, rest}));
  } else {
    PawnSummary pawns;
    pawns.nonempty = {std::uint32_t(nonempty), std::uint32_t(nonempty >> 32)};
    pawns.islands = islands;
    pawns.scored = {outside, in_ending};
    pawns.structure = structure;
    return pawns;
  }
}

// The same from the two pawn sets. Tests compare this with summarize() of the plain report.
inline PawnSummary pawn_summary(Bitboard white_pawns, Bitboard black_pawns) {
  const PawnOnlyReport report = pawn_only_report(white_pawns, black_pawns);
  return pawn_summary(report.white, report.black);
}

// The summary of a position from its pawns' summary and its phase: summarize(pawn-only
// report, structure, phase), the structure classified with in_ending = (phase is the
// endgame).
inline PositionSummary summarize(const PawnSummary& pawns, GamePhase phase) {
  const bool in_ending = phase == GamePhase::Endgame;
  PositionSummary summary;
  summary.nonempty = pawns.nonempty;
  summary.islands = pawns.islands;
  summary.scored = pawns.scored[in_ending];
  summary.structure = in_ending ? 0 : pawns.structure;
  summary.phase = phase;
  return summary;
}

// A report of pawns alone: its material is not known, so it is taken as no ending, and
// it counts as the middlegame.
inline PositionSummary summarize(const PawnReport& report) {
  return summarize(
      report, encode_structure(classify_structure(report.white.pawns, report.black.pawns, false)),
      GamePhase::Middlegame);
}

}  // namespace pawnkit::analysis
