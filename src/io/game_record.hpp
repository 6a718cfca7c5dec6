// One PGN game as the reader saw it: tags, main-line SAN moves with their lines, result,
// and the reader's error if the game had one. Records are reused from batch to batch, so
// a long run stops allocating once the buffers have grown to the largest game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/pgn/reader.hpp"
#include "io/short_copy.hpp"

namespace pawnkit::io {

struct GameRecord {
  struct Tag {
    std::size_t name_offset, name_size, value_offset, value_size;
  };
  struct MoveToken {
    std::size_t offset, size, line;
  };
  struct ReaderError {
    std::size_t line = 0;
    std::size_t moves_before = 0;  // moves read before the error; the rest is lost
    std::string message;
    bool in_tags = false;  // in the tag section: the start position is unknown
  };

  std::string_view file;     // the source's name, valid for the whole run
  std::size_t number = 0;    // 1-based game number in its file
  std::size_t line = 0;      // line where the game starts
  std::uint64_t offset = 0;  // byte offset of its first byte (of the decompressed text)
  std::string result;        // "1-0", "0-1", "1/2-1/2", "*", or "" when missing
  std::optional<ReaderError> error;
  std::vector<ReaderError> warnings;  // the reader's repairs (see io/pgn_warnings.hpp)
  bool strict = false;  // read with --strict: repairs are errors here too (replay, FEN tag)

  void clear();
  // Inline, with the text copied by hand into room that only grows: a game adds some
  // thirty tags and a hundred moves, and std::string's append costs more than the copy.
  void add_tag(std::string_view name, std::string_view value) {
    char* at = claim(name.size() + value.size());
    const std::size_t name_offset = text_size_ - name.size() - value.size();
    copy(at, name);
    copy(at + name.size(), value);
    tags_.push_back({name_offset, name.size(), name_offset + name.size(), value.size()});
  }
  void add_move(std::string_view san, std::size_t line) {
    char* at = claim(san.size());
    moves_.push_back({text_size_ - san.size(), san.size(), line});
    copy(at, san);
  }

  // The value of a tag, or nullopt when the game has no such tag.
  std::optional<std::string_view> tag(std::string_view name) const;
  std::size_t tag_count() const { return tags_.size(); }
  std::string_view tag_name(std::size_t i) const;
  std::string_view tag_value(std::size_t i) const;

  std::size_t move_count() const { return moves_.size(); }
  std::string_view move(std::size_t i) const {
    return {text_.data() + moves_[i].offset, moves_[i].size};
  }
  std::size_t move_line(std::size_t i) const { return moves_[i].line; }

 private:
  // Room for `bytes` more at the end of the text (which grows by them); where they go.
  char* claim(std::size_t bytes) {
    if (text_.size() - text_size_ < bytes) grow(bytes);
    char* at = text_.data() + text_size_;
    text_size_ += bytes;
    return at;
  }
  void grow(std::size_t bytes);
  static void copy(char* to, std::string_view from) { short_copy(to, from.data(), from.size()); }

  // Tag names, tag values and moves, back to back: text_[0, text_size_) is in use, the
  // rest is room kept from earlier games.
  std::vector<char> text_;
  std::size_t text_size_ = 0;
  std::vector<Tag> tags_;
  std::vector<MoveToken> moves_;
};

// What one game may hold (docs/chess.md, "Limits"): past a limit the rest of that kind is
// ignored with one warning per game, so that one hostile game cannot take the memory of
// thousands. Comments are bounded by the reader (PgnReaderOptions::max_comment_bytes);
// GameRecord keeps none.
struct GameLimits {
  static constexpr std::size_t max_tags = 1000;
  static constexpr std::size_t max_tag_bytes = std::size_t(4) << 20;  // names and values
  // Above the longest game the 75-move and fivefold-repetition rules allow (about 17,700).
  static constexpr std::size_t max_plies = 20000;
};

// A run of consecutive games handed to one worker.
struct GameBatch {
  std::size_t sequence = 0;  // position of the batch in the input
  std::vector<GameRecord> games;
  std::size_t size = 0;  // games[0, size) are in use
};

// A PGN visitor that fills GameRecords into batches of `batch_games` and hands every full
// batch (and the last one) to `ready`, which returns an empty batch to fill next.
template <class Ready>
class GameCollector : public PgnVisitorBase {
 public:
  GameCollector(std::string_view file, std::size_t batch_games, GameBatch batch, Ready ready)
      : file_(file), batch_games_(batch_games), batch_(std::move(batch)), ready_(std::move(ready)) {
    batch_.size = 0;
  }

  void begin_game(std::size_t number, std::size_t line) {
    if (batch_.games.size() <= batch_.size) batch_.games.emplace_back();
    game_ = &batch_.games[batch_.size++];
    game_->clear();
    game_->file = file_;
    game_->number = number;
    game_->line = line;
    game_->strict = strict_;
    for (auto& w : between_games_) game_->warnings.push_back(std::move(w));
    between_games_.clear();
    tag_bytes_ = 0;
    tags_cut_ = moves_cut_ = false;
  }
  void game_offset(std::uint64_t offset) { game_->offset = offset; }
  void reader_options(const PgnReaderOptions& options) { strict_ = options.strict; }
  void tag(std::string_view name, std::string_view value) {
    tag_bytes_ += name.size() + value.size();
    if (game_->tag_count() < GameLimits::max_tags && tag_bytes_ <= GameLimits::max_tag_bytes) {
      game_->add_tag(name, value);
    } else if (!tags_cut_) {
      tags_cut_ = true;
      past_limit(game_->line, "more than " + std::to_string(GameLimits::max_tags) + " tags or " +
                                  std::to_string(GameLimits::max_tag_bytes) +
                                  " bytes of tags: the rest are ignored (docs/chess.md, Limits)");
    }
  }
  Control san(std::string_view san, std::size_t line) {
    if (game_->move_count() < GameLimits::max_plies) {
      game_->add_move(san, line);
    } else if (!moves_cut_) {
      moves_cut_ = true;
      past_limit(line, "more than " + std::to_string(GameLimits::max_plies) +
                           " plies: the rest of the game is ignored (docs/chess.md, Limits)");
    }
    return Control::Continue;
  }
  // The warnings about games past a limit (GameLimits), for the run's warning count.
  std::size_t limit_warnings() const { return limit_warnings_; }
  void end_game(std::string_view result) {
    game_->result.assign(result);
    if (batch_.size >= batch_games_) flush();
  }
  void error(const PgnError& e) {
    // An error before any game (a source failure on an empty file) still needs a record.
    if (!game_ || game_->number != e.game) {
      begin_game(e.game, e.line);
      end_pending_ = true;
    }
    game_->error =
        GameRecord::ReaderError{e.line, game_->move_count(), std::string(e.message), e.in_tags};
    if (end_pending_) {
      end_pending_ = false;
      if (batch_.size >= batch_games_) flush();
    }
  }

  void warning(const PgnError& w) {
    GameRecord::ReaderError repair{w.line, game_ ? game_->move_count() : 0, std::string(w.message),
                                   w.in_tags};
    if (game_ && game_->number == w.game) {
      game_->warnings.push_back(std::move(repair));
    } else {
      between_games_.push_back(std::move(repair));  // shown with the next game
    }
  }

  // Hands over the last, partly filled batch.
  void finish() {
    if (batch_.size) flush();
  }

 private:
  void past_limit(std::size_t line, std::string message) {
    game_->warnings.push_back(
        GameRecord::ReaderError{line, game_->move_count(), std::move(message), false});
    ++limit_warnings_;
  }

  void flush() {
    batch_ = ready_(std::move(batch_));
    batch_.size = 0;
    game_ = nullptr;
  }

  std::string_view file_;
  std::size_t batch_games_;
  GameBatch batch_;
  Ready ready_;
  GameRecord* game_ = nullptr;
  bool end_pending_ = false;
  bool strict_ = false;
  std::size_t tag_bytes_ = 0;  // of the current game's tags, kept or not
  bool tags_cut_ = false, moves_cut_ = false;
  std::size_t limit_warnings_ = 0;
  std::vector<GameRecord::ReaderError> between_games_;  // warnings before the next game
};

}  // namespace pawnkit::io
