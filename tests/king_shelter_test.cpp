// The king's pawn shelter and storm (include/pawnkit/eval/king_shelter.hpp): a hand-worked
// position, set-wise against square by square, the pawn-and-king key, and Stockfish 15.1
// itself as the judge: its classical `eval` trace prints a "King safety" row per side,
// which for kings and pawns alone is the shelter plus three parts this test computes from
// Stockfish's published definitions (flank attacks, the pawnless flank and the king
// danger, which without pieces rarely passes its threshold). Skipped without Stockfish.
#include <gtest/gtest.h>
#include <pawnkit/chess/attacks.hpp>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/eval/king_shelter.hpp>
#include <pawnkit/eval/king_shelter_reference.hpp>
#include <pawnkit/eval/position_eval.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/replay.hpp"
#include "support/read_games.hpp"

namespace pawnkit::eval {
namespace {

Position from_fen(const std::string& fen) {
  const Parsed<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return *pos;
}

// White: Kg1, pawns f2 g2 h3; Black: Kg8, pawns f7 g6 h7. Worked by hand with Stockfish
// 15.1's tables (edge distance of the f-, g- and h-file: 2, 1, 0).
TEST(KingShelter, HandWorkedCastledKings) {
  const Position pos = from_fen("6k1/5p1p/6p1/8/8/7P/5PP1/6K1 w - - 0 1");
  // White king g1: files f, g, h. Shelter pawns f2 (relative rank 1), g2 (1), h3 (2);
  // Black's f7, g6, h7 storm from relative ranks 6, 5, 6.
  //   base 5 + shelter[2][1] 75 + shelter[1][1] 64 + shelter[0][2] 95 = 239
  //   storms (none blocked): unblocked[2][6] -11, unblocked[1][5] -17, unblocked[0][6] 53:
  //   239 + 11 + 17 - 53 = 214; king on a file with pawns of both sides: king_on_file[0][0]
  //   = (-18, 11) subtracted: (232, -6); nearest pawn g2/f2 adjacent: eg -16 -> (232, -22).
  EXPECT_EQ(king_shelter(pos, White), (Score{232, -22}));
  // Black king g8: f7 (relative rank 1), g6 (2), h7 (1); white pawns f2 (6), g2 (6), h3 (5).
  //   5 + 75 + 32 + 85 = 197; minus unblocked[2][6] -11, [1][6] 15, [0][5] 47: 197 + 11 - 15
  //   - 47 = 146; king_on_file[0][0]: (164, -6); nearest pawn f7/h7 adjacent: (164, -22).
  EXPECT_EQ(king_shelter(pos, Black), (Score{164, -22}));
}

TEST(KingShelter, BlockedStormAndAttackedShelter) {
  // White Ke1, pawns f2 g2 h2; a black pawn on g3 attacks f2 and h2 (they shelter nothing)
  // and is blocked by g2.
  const Position pos = from_fen("4k3/8/8/8/8/6p1/5PPP/4K3 w - - 0 1");
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  // On e1 (files d, e, f; edge distances 3, 3, 2): d and e empty, shelter[3][0] -41 and
  // storm [3][0] -27 each: -14 twice; f2 attacked: shelter[2][0] -11, storm [2][0] -9: -2.
  //   5 - 14 - 14 - 2 = -25; e open for both: king_on_file[1][1] (5, -4): (-30, 9).
  EXPECT_EQ(shelter_at<White>(white, black, E1), (Score{-30, 9}));
  // On g1 (f, g, h): f -2 as above; g2 (shelter[1][1] 64) blocked by g3 (relative rank 2):
  //   blocked_storm[2] (64, 75) subtracted; h2 attacked: shelter[0][0] -2, storm [0][0] 94.
  //   mg 5 - 2 + 64 - 64 - 2 - 94 = -93, eg 5 - 75 = -70; g has pawns of both sides:
  //   king_on_file[0][0] (-18, 11): (-75, -81).
  EXPECT_EQ(shelter_at<White>(white, black, G1), (Score{-75, -81}));
  // The king's own square, nearest pawn f2 adjacent: eg - 16.
  EXPECT_EQ(king_shelter(pos, White), (Score{-30, -7}));
}

TEST(KingShelter, CastlingRightsOfferTheCastledSquare) {
  // White Ke1, Rh1, pawns f2 g2 h2, no black pawn.
  // e1: d -14, e -14, f2: shelter[2][1] 75 - storm[2][0] -9 = 84: mg 61, eg 5; e open for
  //   both: (5, -4) subtracted: (56, 9).
  // g1: f 84; g2: 64 - storm[1][0] 43 = 21; h2: 85 - 94 = -9: mg 5 + 84 + 21 - 9 = 101;
  //   g half-open for Black only: king_on_file[0][1] (-6, -3): (107, 8). Better: taken.
  // Nearest pawn f2 adjacent to the real king: eg - 16.
  const Position with_right = from_fen("4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1");
  EXPECT_EQ(king_shelter(with_right, White), (Score{107, -8}));
  EXPECT_EQ(king_shelter(from_fen("4k3/8/8/8/8/8/5PPP/4K2R w - - 0 1"), White), (Score{56, -7}));
  // Black has no pawn: 6 squares of distance, the edge-less shelter of e8.
  EXPECT_EQ(king_shelter(with_right, Black).eg,
            shelter_at<Black>(0, with_right.pawns(White), E8).eg - 6 * 16);
}

// Random pawns (ranks 2-7), kings anywhere free, castling flags at random.
struct RandomShelterCase {
  Bitboard own, enemy;
  Square king;
  bool short_castle, long_castle;
};
RandomShelterCase random_case(std::mt19937_64& rng) {
  RandomShelterCase c{};
  const unsigned density = unsigned(rng() % 10);
  for (int s = 8; s < 56; ++s) {
    if (rng() % 16 >= density) continue;
    (rng() & 1 ? c.own : c.enemy) |= square_bb(Square(s));
  }
  c.king = Square(rng() % 64);
  c.own &= ~square_bb(c.king);
  c.enemy &= ~square_bb(c.king);
  c.short_castle = rng() & 1;
  c.long_castle = rng() & 1;
  return c;
}

KingShelterWeights random_weights(std::mt19937_64& rng) {
  KingShelterWeights w;
  auto r = [&] { return int(rng() % 401) - 200; };
  for (auto* table : {&w.shelter, &w.unblocked_storm})
    for (auto& row : *table)
      for (int& v : row) v = r();
  for (Score& s : w.blocked_storm) s = {r(), r()};
  for (auto& row : w.king_on_file)
    for (Score& s : row) s = {r(), r()};
  w.base = {r(), r()};
  w.pawn_distance_eg = r();
  return w;
}

TEST(KingShelter, SetWiseEqualsReferenceOnRandomBoards) {
  std::mt19937_64 rng(21);
  for (int i = 0; i < 200'000; ++i) {
    const RandomShelterCase c = random_case(rng);
    const KingShelterWeights w = i % 2 ? stockfish_king_shelter : random_weights(rng);
    ASSERT_EQ(
        king_shelter<White>(c.own, c.enemy, c.king, c.short_castle, c.long_castle, w),
        reference::king_shelter(White, c.own, c.enemy, c.king, c.short_castle, c.long_castle, w))
        << "case " << i;
    ASSERT_EQ(
        king_shelter<Black>(c.own, c.enemy, c.king, c.short_castle, c.long_castle, w),
        reference::king_shelter(Black, c.own, c.enemy, c.king, c.short_castle, c.long_castle, w))
        << "case " << i;
  }
}

TEST(KingShelter, PawnKingKeyCoversPawnsKingsAndRights) {
  const std::string base = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  const Position pos = from_fen(base);
  // Same pawns, kings and rights, other pieces and side to move: same key.
  EXPECT_EQ(pawn_king_key(pos),
            pawn_king_key(from_fen("r3k2r/pppppppp/8/8/8/5N2/PPPPPPPP/R3K2R b KQkq - 0 1")));
  std::set<std::uint64_t> keys{pawn_king_key(pos)};
  for (const char* other : {"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Kkq - 0 1",
                            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQq - 0 1",
                            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4K1R w kq - 0 1",
                            "r4k1r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1",
                            "r3k2r/pppppppp/8/8/8/4P3/PPPP1PPP/R3K2R w KQkq - 0 1"})
    EXPECT_TRUE(keys.insert(pawn_king_key(from_fen(other))).second) << other;
}

// --- Stockfish 15.1 as the judge --------------------------------------------------------

std::string stockfish_path() {
  for (const char* p : {"/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish"})
    if (std::filesystem::exists(p)) return p;
  return "";
}

// A position of kings and pawns, the side to move and nothing else.
struct KingsAndPawns {
  Bitboard pawns[2];
  Square kings[2];
  Color to_move;
};

std::string fen_of(const KingsAndPawns& p) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      char piece = 0;
      if (p.pawns[0] & square_bb(s)) piece = 'P';
      if (p.pawns[1] & square_bb(s)) piece = 'p';
      if (p.kings[0] == s) piece = 'K';
      if (p.kings[1] == s) piece = 'k';
      if (!piece) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += piece;
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return fen + (p.to_move == White ? " w - - 0 1" : " b - - 0 1");
}

bool in_check(const KingsAndPawns& p, Color c) {
  const Bitboard king = square_bb(p.kings[index(c)]);
  return (pawn_attacks(~c, p.pawns[index(~c)]) & king) || (king_attacks(p.kings[index(~c)]) & king);
}

// Stockfish evaluates the positions it traces with the classical terms: both kings, at
// most 8 pawns a side, no pawn on the first or last rank, neither king in check (the side
// to move's check prints no trace, the other's is illegal), not KPK (an endgame function),
// and no side 4 pawns up: its lazy evaluation then stops before the king terms (it does so
// while tracing too, and prints zeros).
bool traceable(const KingsAndPawns& p) {
  return std::abs(popcount(p.pawns[0]) - popcount(p.pawns[1])) <= 3 && p.kings[0] != p.kings[1] &&
         !(king_attacks(p.kings[0]) & square_bb(p.kings[1])) && popcount(p.pawns[0]) <= 8 &&
         popcount(p.pawns[1]) <= 8 && popcount(p.pawns[0] | p.pawns[1]) >= 2 &&
         !((p.pawns[0] | p.pawns[1]) & (Rank1 | Rank8)) && !in_check(p, White) &&
         !in_check(p, Black);
}

// Squares two pawns of `pawns` attack.
Bitboard double_pawn_attacks(Color c, Bitboard pawns) {
  return c == White ? pawn_attacks_west<White>(pawns) & pawn_attacks_east<White>(pawns)
                    : pawn_attacks_west<Black>(pawns) & pawn_attacks_east<Black>(pawns);
}

// Stockfish 15.1's king() for kings and pawns alone (src/evaluate.cpp, published
// definitions): the shelter, then the king danger (only the weak squares of the king ring,
// the flank attacks and defence, no queen, the shelter and a constant remain without
// pieces), the pawnless flank and the flank attacks.
// Stockfish's KingFlank: the files around the king's (a-c, a-d, c-f, e-h or f-h).
Bitboard king_flank(Square king) {
  constexpr Bitboard queen_side = FileA | FileA << 1 | FileA << 2 | FileA << 3;
  constexpr Bitboard center_files = FileA << 2 | FileA << 3 | FileA << 4 | FileA << 5;
  constexpr Bitboard king_side = FileA << 4 | FileA << 5 | FileA << 6 | FileA << 7;
  constexpr Bitboard flanks[8] = {queen_side ^ (FileA << 3),
                                  queen_side,
                                  queen_side,
                                  center_files,
                                  center_files,
                                  king_side,
                                  king_side,
                                  king_side ^ (FileA << 4)};
  return flanks[file_of(king)];
}

// The king danger and flank attacks of Us for a shelter score `shelter`.
struct KingDanger {
  int danger;
  int flank_attack;
};
template <Color Us>
KingDanger king_danger_kings_and_pawns(const KingsAndPawns& p, Score shelter) {
  constexpr Color Them = ~Us;
  const Bitboard own = p.pawns[index(Us)];
  const Square ksq = p.kings[index(Us)];

  auto attacked = [&](Color c) {
    return king_attacks(p.kings[index(c)]) | pawn_attacks(c, p.pawns[index(c)]);
  };
  auto attacked_twice = [&](Color c) {
    const Bitboard pawns = p.pawns[index(c)];
    return double_pawn_attacks(c, pawns) |
           (king_attacks(p.kings[index(c)]) & pawn_attacks(c, pawns));
  };
  const Bitboard dbl_by_pawn = double_pawn_attacks(Us, own);
  const Square ring_center =
      make_square(std::clamp(file_of(ksq), 1, 6), std::clamp(rank_of(ksq), 1, 6));
  const Bitboard ring = (king_attacks(ring_center) | square_bb(ring_center)) & ~dbl_by_pawn;
  const Bitboard weak = attacked(Them) & ~attacked_twice(Us) & (~attacked(Us) | king_attacks(ksq));
  const Bitboard flank = king_flank(ksq);
  const Bitboard camp = Us == White ? Rank1 | Rank1 << 8 | Rank1 << 16 | Rank1 << 24 | Rank1 << 32
                                    : Rank8 | Rank8 >> 8 | Rank8 >> 16 | Rank8 >> 24 | Rank8 >> 32;
  const Bitboard b1 = attacked(Them) & flank & camp;
  const int flank_attack = popcount(b1) + popcount(b1 & attacked_twice(Them));
  const int flank_defense = popcount(attacked(Us) & flank & camp);
  return {183 * popcount(ring & weak) + 3 * flank_attack * flank_attack / 8 - 873 -
              6 * shelter.mg / 8 - 4 * flank_defense + 37,
          flank_attack};
}

template <Color Us>
Score king_safety_kings_and_pawns(const KingsAndPawns& p) {
  const Bitboard own = p.pawns[index(Us)], enemy = p.pawns[index(~Us)];
  const Square ksq = p.kings[index(Us)];
  Score score = king_shelter<Us>(own, enemy, ksq, false, false);
  const KingDanger d = king_danger_kings_and_pawns<Us>(p, score);
  if (d.danger > 100) score -= Score{d.danger * d.danger / 4096, d.danger / 16};
  if (!((own | enemy) & king_flank(ksq))) score -= Score{19, 97};  // PawnlessFlank
  return score - Score{8 * d.flank_attack, 0};                     // FlankAttacks
}

std::string pawns_of(int v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", double(v) / StockfishNormalizeToPawnValue);
  std::string s = buf;
  return s == "-0.00" ? "0.00" : s;
}

// Stockfish's King safety row per position: white mg, eg, black mg, eg as printed.
std::vector<std::vector<std::string>> stockfish_king_rows(const std::string& stockfish,
                                                          const std::vector<std::string>& fens) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string in = (dir / ("pawnkit_king_shelter_" + std::to_string(::getpid()))).string();
  {
    std::ofstream cmd(in);
    cmd << "uci\nsetoption name Use NNUE value false\n";
    for (const std::string& fen : fens) cmd << "position fen " << fen << "\neval\n";
    cmd << "quit\n";
  }
  std::vector<std::vector<std::string>> rows;
  FILE* out = ::popen((stockfish + " < " + in + " 2>/dev/null").c_str(), "r");
  if (!out) return rows;
  char line[512];
  while (std::fgets(line, sizeof line, out)) {
    const std::string l = line;
    if (l.rfind("|King safety", 0) == 0) {
      std::istringstream cells(l.substr(l.find('|', 1) + 1));
      std::vector<std::string> row;
      std::string cell;
      while (row.size() < 4 && cells >> cell)
        if (cell != "|") row.push_back(cell == "-0.00" ? "0.00" : cell);
      rows.push_back(row);
    } else if (l.rfind("Final evaluation: none", 0) == 0) {
      rows.push_back({});
    }
  }
  ::pclose(out);
  std::filesystem::remove(in);
  return rows;
}

// Compares; returns the number of positions compared.
int compare_with_stockfish(const std::vector<KingsAndPawns>& positions) {
  const std::string stockfish = stockfish_path();
  std::vector<std::string> fens;
  for (const KingsAndPawns& p : positions) fens.push_back(fen_of(p));
  const auto rows = stockfish_king_rows(stockfish, fens);
  EXPECT_EQ(rows.size(), fens.size());
  if (rows.size() != fens.size()) return 0;
  int compared = 0, failures = 0;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    EXPECT_EQ(rows[i].size(), 4u) << fens[i];
    if (rows[i].size() != 4) continue;
    const Score w = king_safety_kings_and_pawns<White>(positions[i]);
    const Score b = king_safety_kings_and_pawns<Black>(positions[i]);
    const std::vector<std::string> ours{pawns_of(w.mg), pawns_of(w.eg), pawns_of(b.mg),
                                        pawns_of(b.eg)};
    ++compared;
    if (ours != rows[i] && ++failures <= 20)
      ADD_FAILURE() << fens[i] << ": stockfish " << rows[i][0] << " " << rows[i][1] << " "
                    << rows[i][2] << " " << rows[i][3] << ", ours " << ours[0] << " " << ours[1]
                    << " " << ours[2] << " " << ours[3] << " (internal " << w.mg << " " << w.eg
                    << " " << b.mg << " " << b.eg << ")";
  }
  EXPECT_EQ(failures, 0);
  std::printf("stockfish: %d positions compared, %d disagree\n", compared, failures);
  return compared;
}

TEST(KingShelterVsStockfish, RandomKingsAndPawns) {
  if (stockfish_path().empty()) GTEST_SKIP() << "stockfish not installed";
  std::mt19937_64 rng(1521);
  std::vector<KingsAndPawns> positions;
  while (positions.size() < 6000) {
    KingsAndPawns p{};
    // Half the boards keep each king near its home rank behind its pawns, as in games.
    const bool home = rng() & 1;
    for (int c = 0; c < 2; ++c) {
      const int rank = home ? (c == 0 ? int(rng() % 2) : 7 - int(rng() % 2)) : int(rng() % 8);
      p.kings[c] = make_square(int(rng() % 8), rank);
    }
    const unsigned density = 1 + unsigned(rng() % 6);
    for (int s = 8; s < 56; ++s)
      if (rng() % 16 < density && Square(s) != p.kings[0] && Square(s) != p.kings[1])
        p.pawns[rng() & 1] |= square_bb(Square(s));
    p.to_move = rng() & 1 ? White : Black;
    if (traceable(p)) positions.push_back(p);
  }
  EXPECT_EQ(compare_with_stockfish(positions), 6000);
}

// The pawn structures and kings of real games: every position of the games with the pieces
// other than kings and pawns taken off (and so no castling rights), once each.
std::vector<KingsAndPawns> kings_and_pawns_of(std::initializer_list<std::string> paths) {
  std::vector<KingsAndPawns> positions;
  std::set<std::string> seen;
  for (const std::string& path : paths) {
    testing::for_each_game(path, {}, [&](const io::GameRecord& game) {
      analysis::replay(game, [&](const Position& pos, int) {
        KingsAndPawns p{{pos.pawns(White), pos.pawns(Black)},
                        {pos.king_square(White), pos.king_square(Black)},
                        pos.side_to_move()};
        if (traceable(p) && seen.insert(fen_of(p)).second) positions.push_back(p);
      });
    });
  }
  return positions;
}

TEST(KingShelterVsStockfish, RealPawnStructures) {
  if (stockfish_path().empty()) GTEST_SKIP() << "stockfish not installed";
  const auto positions = kings_and_pawns_of(
      {PAWNKIT_SOURCE_DIR "/data/sample.pgn", PAWNKIT_SOURCE_DIR "/tests/data/games/famous.pgn"});
  EXPECT_GT(positions.size(), 1000u);
  EXPECT_EQ(std::size_t(compare_with_stockfish(positions)), positions.size());
}

TEST(KingShelterVsStockfish, RealPawnStructuresOfTheSharedGames) {
  if (stockfish_path().empty()) GTEST_SKIP() << "stockfish not installed";
  const std::string games = PAWNKIT_SHARED_DATA "/lichess_db_1000k.pgn";
  if (!std::filesystem::exists(games)) GTEST_SKIP() << games << " absent";
  const auto positions = kings_and_pawns_of({games});
  EXPECT_GT(positions.size(), 10'000u);
  EXPECT_EQ(std::size_t(compare_with_stockfish(positions)), positions.size());
}

// Castling needs rooks, whose part of Stockfish's king safety (their attacks, checks and
// mobility) this test does not compute. But castling rights change nothing else there: the
// same position with and without rights differs, in the King safety row, by exactly the
// difference of the shelters (while the king danger stays under its threshold, as it does
// here without queens and with the rooks shut in). Each side's two printed values must then be
// those of some integer T and T + (our difference).
bool consistent(const std::string& without, const std::string& with, int difference) {
  const int printed = int(std::lround(std::stod(without) * StockfishNormalizeToPawnValue));
  for (int t = printed - 4; t <= printed + 4; ++t)
    if (pawns_of(t) == without && pawns_of(t + difference) == with) return true;
  return false;
}

TEST(KingShelterVsStockfish, CastlingRightsChangeTheRowByTheShelter) {
  if (stockfish_path().empty()) GTEST_SKIP() << "stockfish not installed";
  std::mt19937_64 rng(960);
  std::vector<std::string> fens;
  std::vector<std::array<Score, 2>> differences;  // with rights minus without, per side
  std::vector<std::array<bool, 2>> danger_low;    // per side: the king danger provably < 100
  int castled_better = 0, compared_sides = 0;
  while (fens.size() < 4000) {
    // Pawns on a2, h2, a7 and h7 shut the rooks in: no rook check, no rook attack near a
    // king, so the king danger, which the rights change through the shelter, stays low.
    KingsAndPawns p{{square_bb(A2) | square_bb(H2), square_bb(A7) | square_bb(H7)},
                    {E1, E8},
                    rng() & 1 ? White : Black};
    const unsigned density = 2 + unsigned(rng() % 5);
    for (int s = 8; s < 56; ++s)
      if (rng() % 16 < density && !((p.pawns[0] | p.pawns[1]) & square_bb(Square(s))))
        p.pawns[rng() & 1] |= square_bb(Square(s));
    if (!traceable(p)) continue;
    const bool rights[4] = {bool(rng() & 1), bool(rng() & 1), bool(rng() & 1), bool(rng() & 1)};
    std::string castling;
    for (int i = 0; i < 4; ++i)
      if (rights[i]) castling += "KQkq"[i];
    if (castling.empty()) continue;
    // Rooks in the corners: the FEN of the kings and pawns with them added.
    std::string board = fen_of(p);
    board = board.substr(0, board.find(' '));
    const Position bare = from_fen(board + " w - - 0 1");
    std::string with_rooks;
    for (int rank = 7; rank >= 0; --rank) {
      for (int file = 0; file < 8; ++file) {
        const Square sq = make_square(file, rank);
        const bool rook = (file == 0 || file == 7) && (rank == 0 || rank == 7);
        const Piece piece = bare.piece_on(sq);
        with_rooks += rook ? (rank == 0 ? 'R' : 'r') : piece == NoPiece ? '1' : piece_char(piece);
      }
      if (rank) with_rooks += '/';
    }
    const std::string rest = p.to_move == White ? " w " : " b ";
    fens.push_back(with_rooks + rest + castling + " - 0 1");
    fens.push_back(with_rooks + rest + "- - 0 1");
    std::array<Score, 2> d{};
    std::array<bool, 2> safe{};
    for (const Color c : {White, Black}) {
      const bool short_right = rights[c == White ? 0 : 2], long_right = rights[c == White ? 1 : 3];
      const Bitboard own = p.pawns[index(c)], enemy = p.pawns[index(~c)];
      const Square k = p.kings[index(c)];
      const Score with = c == White ? king_shelter<White>(own, enemy, k, short_right, long_right)
                                    : king_shelter<Black>(own, enemy, k, short_right, long_right);
      const Score without = c == White ? king_shelter<White>(own, enemy, k, false, false)
                                       : king_shelter<Black>(own, enemy, k, false, false);
      d[index(c)] = with - without;
      // Our rooks only defend (fewer weak squares, more flank defence), the enemy's are
      // shut in far away; their mobility difference is the one part left, under 200.
      const auto danger = [&](Score shelter) {
        return c == White ? king_danger_kings_and_pawns<White>(p, shelter).danger
                          : king_danger_kings_and_pawns<Black>(p, shelter).danger;
      };
      safe[index(c)] = danger(with) + 200 <= 100 && danger(without) + 200 <= 100;
      castled_better += safe[index(c)] && with != without;
      compared_sides += safe[index(c)];
    }
    differences.push_back(d);
    danger_low.push_back(safe);
  }
  const auto rows = stockfish_king_rows(stockfish_path(), fens);
  ASSERT_EQ(rows.size(), fens.size());
  int failures = 0;
  for (std::size_t i = 0; i < differences.size(); ++i) {
    const auto& with = rows[2 * i];
    const auto& without = rows[2 * i + 1];
    ASSERT_EQ(with.size(), 4u) << fens[2 * i];
    ASSERT_EQ(without.size(), 4u) << fens[2 * i + 1];
    for (int c = 0; c < 2; ++c) {
      if (!danger_low[i][std::size_t(c)]) continue;
      const Score d = differences[i][std::size_t(c)];
      if ((!consistent(without[2 * c], with[2 * c], d.mg) ||
           !consistent(without[2 * c + 1], with[2 * c + 1], d.eg)) &&
          ++failures <= 20)
        ADD_FAILURE() << fens[2 * i] << ": side " << c << " stockfish " << without[2 * c] << " "
                      << without[2 * c + 1] << " -> " << with[2 * c] << " " << with[2 * c + 1]
                      << ", our shelter difference " << d.mg << " " << d.eg;
    }
  }
  EXPECT_EQ(failures, 0);
  // The castled squares won often enough for the comparison to mean something.
  EXPECT_GT(castled_better, 1000);
  EXPECT_GT(compared_sides, 3000);
  std::printf("castling: %zu positions, %d sides compared, the castled shelter taken for %d\n",
              differences.size(), compared_sides, castled_better);
}

}  // namespace
}  // namespace pawnkit::eval
