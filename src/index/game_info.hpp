// What the index keeps of each game (once, under its number) and what it derives from the
// tags: the speed band, the month, the rating band, and the cell these make. Counts are
// kept per cell, so that --speeds, --since/--until and --min-elo are answered exactly
// from sums of cells.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "io/game_record.hpp"

namespace pawnkit::index_db {

// Lichess's bands, by the estimated duration base + 40 x increment (seconds): ultraBullet
// < 30, bullet < 180, blitz < 480, rapid < 1500, classical beyond; "-" is correspondence.
// A missing or unreadable TimeControl (most over-the-board games) is Unknown.
enum class Speed : std::uint8_t {
  Unknown,
  UltraBullet,
  Bullet,
  Blitz,
  Rapid,
  Classical,
  Correspondence
};
inline constexpr int speed_count = 7;
std::string_view speed_name(Speed s);
std::optional<Speed> parse_speed(std::string_view name);
Speed speed_of(std::string_view time_control);

// year * 12 + month - 1 of a "YYYY.MM.DD" date, 0 when the year or month is unknown.
std::uint32_t month_of(std::string_view date);
// "YYYY-MM" (as --since and --until take it) to the same number; nullopt when malformed.
std::optional<std::uint32_t> parse_month(std::string_view text);

// The rating band: the lower of the two ratings in hundreds (14 for 1400-1499), 0 when a
// rating is missing. --min-elo N with N a multiple of 100 is then band >= N / 100.
int rating_band(int white_elo, int black_elo);

// A cell: the speed, the rating band and the month of a game, in one number.
struct Cell {
  Speed speed = Speed::Unknown;
  int band = 0;
  std::uint32_t month = 0;
  std::uint32_t id() const {
    return (std::uint32_t(band) << 20) | (std::uint32_t(speed) << 16) | month;
  }
  static Cell from_id(std::uint32_t id) {
    return {Speed((id >> 16) & 15), int(id >> 20), id & 0xffff};
  }
};

enum class Result : std::uint8_t { Unfinished, WhiteWins, Draw, BlackWins };
Result result_of(std::string_view result);

struct GameInfo {
  std::string white, black, result, date, event, site, time_control, file;
  int white_elo = 0, black_elo = 0;  // 0: missing
  std::uint64_t number_in_file = 0, line = 0;
  std::uint64_t offset = 0;  // byte offset of the game in its (decompressed) source
  // The high word of the game's content hash: it ranks model-game candidates of equal
  // score (placement_stats.hpp: Candidate). Set by the index, not by from().
  std::uint64_t tiebreak = 0;

  static GameInfo from(const io::GameRecord& game);
  Cell cell() const;
  std::string encode() const;
  void encode_to(std::string& out) const;  // the same into `out` (its memory reused)
  // nullopt when the bytes are not a GameInfo (a corrupt index).
  static std::optional<GameInfo> decode(std::string_view bytes);
};

// Every model score is near this: lower rating, rating gap and bonuses move it by a few
// thousand (values keep the distance, placement_stats_reader.hpp).
inline constexpr int model_score_base = 100000;

// The model-game score of a game that held a placement for `plies_held` plies: documented
// in docs/explorer.md ("Model games"). Higher is better.
std::uint32_t model_score(const GameInfo& game, int plies_held);
// The same in two steps: the game's part (once per game), then a visit's.
int model_score_of_game(const GameInfo& game);
std::uint32_t model_score(int of_game, int plies_held);

}  // namespace pawnkit::index_db
