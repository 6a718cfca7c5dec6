#include "cli/commands.hpp"

#include <array>

namespace pawnkit::cli {

// Each command's entry point, defined in its own file.
int run_analyze(const Args& args);
int run_show(const Args& args);
int run_stats(const Args& args);
int run_find(const Args& args);
int run_perft(const Args& args);
int run_bench(const Args& args);
int run_pawn_eval(const Args& args);
int run_split(const Args& args);
int run_structures(const Args& args);
int run_similar(const Args& args);
int run_timeline(const Args& args);
int run_tune(const Args& args);
int run_index(const Args& args);
int run_explore(const Args& args);
int run_serve(const Args& args);

// One row a command, in the order of the usage text (the rows look alike: a table).
std::span<const Command> commands() {
  static const std::array table{
      Command{"analyze", "pawn-structure report for every position of FEN/EPD or PGN input",
              &run_analyze},
      Command{"show", "a position as a diagram with chosen pawn patterns marked", &run_show},
      Command{"find", "positions or games (PGN) where a pawn-structure query holds", &run_find},
      Command{"stats", "pawn-structure summary of a whole game database (PGN)", &run_stats},
      Command{"timeline", "the named structures each game (PGN) went through, as ply ranges",
              &run_timeline},
      Command{"perft", "count legal move tree nodes by root move (Stockfish 'go perft' format)",
              &run_perft},
      Command{"bench", "perft speed in nodes per second over fixed positions", &run_bench},
      Command{"pawn-eval", "Stockfish 15.1's classical pawn evaluation of every position",
              &run_pawn_eval},
      Command{"split", "cut a PGN database into .pgn.zst shards of N games (for Dask)", &run_split},
      Command{"structures", "the catalogue of named pawn structures, or one rule and diagram",
              &run_structures},
      Command{"similar", "games ranked by how close their pawn structure comes to a target's",
              &run_similar},
      Command{"tune", "fit the pawn weights to game results (Texel's method)", &run_tune},
      Command{"index", "build the structure index of PGN games (index add), or describe it",
              &run_index},
      Command{"explore", "what players did after some pawns, from a structure index", &run_explore},
      Command{"serve", "the explorer, the games and the page over HTTP", &run_serve},
  };
  return table;
}

}  // namespace pawnkit::cli
