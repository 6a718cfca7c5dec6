#include "index/game_info.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>

#include "analysis/elo.hpp"
#include "index/bytes.hpp"

namespace pawnkit::index_db {
namespace {

constexpr std::array<std::string_view, speed_count> speed_names{
    "unknown", "ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"};

std::optional<long> number(std::string_view text) {
  long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string_view speed_name(Speed s) { return speed_names[std::size_t(s)]; }

std::optional<Speed> parse_speed(std::string_view name) {
  for (int i = 0; i < speed_count; ++i)
    if (speed_names[std::size_t(i)] == name) return Speed(i);
  return std::nullopt;
}

Speed speed_of(std::string_view tc) {
  if (tc == "-") return Speed::Correspondence;
  const std::size_t plus = tc.find('+');
  const auto base = number(tc.substr(0, plus));
  const auto increment =
      plus == std::string_view::npos ? std::optional<long>(0) : number(tc.substr(plus + 1));
  if (!base || !increment || *base < 0 || *increment < 0) return Speed::Unknown;
  const long estimate = *base + 40 * *increment;
  if (estimate < 30) return Speed::UltraBullet;
  if (estimate < 180) return Speed::Bullet;
  if (estimate < 480) return Speed::Blitz;
  if (estimate < 1500) return Speed::Rapid;
  return Speed::Classical;
}

std::uint32_t month_of(std::string_view date) {
  if (date.size() < 7 || date[4] != '.') return 0;
  const auto year = number(date.substr(0, 4));
  const auto month = number(date.substr(5, 2));
  if (!year || !month || *month < 1 || *month > 12 || *year < 1) return 0;
  return std::uint32_t(*year * 12 + *month - 1);
}

std::optional<std::uint32_t> parse_month(std::string_view text) {
  if (text.size() != 7 || text[4] != '-') return std::nullopt;
  const auto year = number(text.substr(0, 4));
  const auto month = number(text.substr(5, 2));
  if (!year || !month || *month < 1 || *month > 12 || *year < 1) return std::nullopt;
  return std::uint32_t(*year * 12 + *month - 1);
}

int rating_band(int white_elo, int black_elo) {
  if (white_elo <= 0 || black_elo <= 0) return 0;
  return std::min(std::min(white_elo, black_elo) / 100, 99);
}

Result result_of(std::string_view result) {
  if (result == "1-0") return Result::WhiteWins;
  if (result == "0-1") return Result::BlackWins;
  if (result == "1/2-1/2") return Result::Draw;
  return Result::Unfinished;
}

// One pass over the tags, keeping each name's first value (as GameRecord::tag finds it):
// a tag-heavy game has some thirty tags, and nine lookups by name each scanned them.
GameInfo GameInfo::from(const io::GameRecord& game) {
  GameInfo info;
  enum : unsigned {
    kWhite,
    kBlack,
    kResult,
    kDate,
    kEvent,
    kSite,
    kTimeControl,
    kWhiteElo,
    kBlackElo,
    kCount
  };
  std::array<std::optional<std::string_view>, kCount> found;
  for (std::size_t i = 0; i < game.tag_count(); ++i) {
    const std::string_view name = game.tag_name(i);
    unsigned which = kCount;
    switch (name.size()) {
      case 4:
        which = name == "Date" ? kDate : name == "Site" ? kSite : kCount;
        break;
      case 5:
        which = name == "White"   ? kWhite
                : name == "Black" ? kBlack
                : name == "Event" ? kEvent
                                  : kCount;
        break;
      case 6:
        which = name == "Result" ? kResult : kCount;
        break;
      case 8:
        which = name == "WhiteElo" ? kWhiteElo : name == "BlackElo" ? kBlackElo : kCount;
        break;
      case 11:
        which = name == "TimeControl" ? kTimeControl : kCount;
        break;
    }
    if (which != kCount && !found[which]) found[which] = game.tag_value(i);
  }
  auto tag = [&](unsigned which) { return std::string(found[which].value_or("")); };
  info.white = tag(kWhite);
  info.black = tag(kBlack);
  info.result = game.result.empty() ? tag(kResult) : game.result;
  info.date = tag(kDate);
  info.event = tag(kEvent);
  info.site = tag(kSite);
  info.time_control = tag(kTimeControl);
  info.file = std::string(game.file);
  if (const auto ratings = analysis::parse_ratings(found[kWhiteElo], found[kBlackElo])) {
    info.white_elo = ratings->white;  // as analysis::game_ratings reads them
    info.black_elo = ratings->black;
  }
  info.number_in_file = game.number;
  info.line = game.line;
  info.offset = game.offset;
  return info;
}

Cell GameInfo::cell() const {
  const std::uint32_t month = month_of(date);
  return {speed_of(time_control), rating_band(white_elo, black_elo), month <= 0xffff ? month : 0};
}

std::string GameInfo::encode() const {
  std::string out;
  encode_to(out);
  return out;
}

void GameInfo::encode_to(std::string& out) const {
  out.clear();
  for (const std::string* s : {&white, &black, &result, &date, &event, &site, &time_control, &file})
    put_string(out, *s);
  put_varint(out, std::uint64_t(white_elo));
  put_varint(out, std::uint64_t(black_elo));
  put_varint(out, number_in_file);
  put_varint(out, line);
  put_varint(out, offset);
  put_fixed64(out, tiebreak);
}

std::optional<GameInfo> GameInfo::decode(std::string_view bytes) {
  ByteReader in(bytes);
  GameInfo info;
  for (std::string* s : {&info.white, &info.black, &info.result, &info.date, &info.event,
                         &info.site, &info.time_control, &info.file})
    *s = std::string(in.string());
  info.white_elo = int(in.varint());
  info.black_elo = int(in.varint());
  info.number_in_file = in.varint();
  info.line = in.varint();
  info.offset = in.varint();
  info.tiebreak = in.fixed64();
  if (!in.ok() || !in.done()) return std::nullopt;
  return info;
}

int model_score_of_game(const GameInfo& game) {
  static constexpr std::array<int, speed_count> speed_bonus{250, -100, 0, 100, 200, 300, 300};
  const bool rated = game.white_elo > 0 && game.black_elo > 0;
  const int strength = rated ? std::min(game.white_elo, game.black_elo) : 0;
  const int gap = rated ? std::abs(game.white_elo - game.black_elo) / 2 : 0;
  const Result r = result_of(game.result);
  const int decisive = r == Result::WhiteWins || r == Result::BlackWins ? 100 : 0;
  return model_score_base + strength - gap + speed_bonus[std::size_t(speed_of(game.time_control))] +
         decisive;
}

std::uint32_t model_score(int of_game, int plies_held) {
  const int held = std::min(plies_held, 40) * 5;
  return std::uint32_t(std::max(of_game + held, 0));
}

std::uint32_t model_score(const GameInfo& game, int plies_held) {
  return model_score(model_score_of_game(game), plies_held);
}

}  // namespace pawnkit::index_db
