// Replays a PGN game record move by move: sets up the start position (standard, FEN tag,
// Chess960), plays every main-line move, and calls back with each position. Moves are
// read as lenient readers do (parse_move_leniently: SAN, UCI and long algebraic, null
// moves, lower-case piece letters); a lower-case piece letter is a repair: a warning, or
// an error when the game was read strictly (GameRecord::strict).
#pragma once

#include <pawnkit/chess/position.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "io/diagnostic.hpp"
#include "io/game_record.hpp"

namespace pawnkit::analysis {

enum class ReplayOutcome {
  Complete,  // every move replayed
  Bad,       // an error (bad FEN tag, illegal or ambiguous SAN, a reader error); `error` says which
  Skipped,   // a variant pawnkit does not play (Atomic, Crazyhouse, ...)
};

struct ReplayResult {
  ReplayOutcome outcome = ReplayOutcome::Complete;
  int plies = 0;         // moves replayed
  io::Diagnostic error;  // for Bad and Skipped: file, line, game and message
  // Repairs of the movetext (severity Warning): the one line a game gets for its lower-case
  // piece letters, naming the first and counting the others, and a last token that is no
  // move (skip_trailing_token).
  std::vector<io::Diagnostic> warnings;
  std::size_t lowercase_moves = 0;  // moves read with a lower-case piece letter
};

// Whether the game's Variant tag names standard chess or Chess960 (those are replayed).
enum class VariantKind { Standard, Chess960, Other };
VariantKind variant_of(const io::GameRecord& game);

// Sets up the start position, or says why not (in result.error).
bool start_position(const io::GameRecord& game, Position& pos, ReplayResult& result);

// Parses and plays the game's moves, calling on_position(pos, ply) for the start
// position (ply 0) and after each move. Stops at the first bad move.
template <class OnPosition>
ReplayResult replay(const io::GameRecord& game, OnPosition&& on_position);

// The game's moves as pawnkit writes them: the SAN of each move played (to_san), "--"
// for a null move; never the input's spelling. False, with `moves` holding the moves up to
// the bad one, when the game does not replay to its end.
bool portable_moves(const io::GameRecord& game, std::vector<std::string>& moves);

namespace detail {
bool play_san(const io::GameRecord& game, std::size_t index, Position& pos, ReplayResult& result);
void reader_error(const io::GameRecord& game, ReplayResult& result);
// The game's last token is no move at all (malformed in every reading): true, with the
// error made a warning, unless the game was read strictly. The game's moves all count.
bool skip_trailing_token(const io::GameRecord& game, ReplayResult& result);
// Adds "and N more moves like it" to the game's lower-case warning (warnings.front()).
void count_lowercase_moves(ReplayResult& result);
}  // namespace detail

template <class OnPosition>
ReplayResult replay(const io::GameRecord& game, OnPosition&& on_position) {
  ReplayResult result;
  Position pos;
  if (game.error && game.error->in_tags) {  // no start position: no ply 0 either
    detail::reader_error(game, result);
    return result;
  }
  if (!start_position(game, pos, result)) return result;
  on_position(pos, 0);
  bool played_all = true;
  for (std::size_t i = 0; i < game.move_count(); ++i) {
    if (!detail::play_san(game, i, pos, result)) {
      played_all = i + 1 == game.move_count() && detail::skip_trailing_token(game, result);
      break;
    }
    on_position(pos, ++result.plies);
  }
  if (played_all && game.error) detail::reader_error(game, result);
  if (result.lowercase_moves > 1) [[unlikely]]
    detail::count_lowercase_moves(result);
  return result;
}

}  // namespace pawnkit::analysis
