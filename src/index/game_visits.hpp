// What one game adds to the index, worked out on the pipeline's worker threads: its
// content hash, its record, and its visits (each exact placement, centre placement and
// named structure it reached, at which ply, for how long, and the move that left).
//
// Pawns never move back and a captured pawn never returns, so a game reaches each exact
// placement at most once, in one run of plies. A centre placement or a structure can be
// reached again (a pawn captures onto the c-file after the c-pawn left it; IQP, hanging
// pawns, IQP again): those count once per game, with their first visit.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_workers.hpp"
#include "index/game_info.hpp"
#include "index/keys.hpp"

namespace pawnkit::index_db {

// The content hash of a game: its tags (names and values, in order) and its moves as read.
// The same game in another file, or added again, has the same hash.
ContentHash content_hash(const io::GameRecord& game);
// The same scheme over one text as one field (the key of a FEN/EPD record).
ContentHash content_hash(std::string_view text);

struct Visit {
  KeyWords key;                 // a placement_key or structure_key
  std::uint32_t first_ply = 0;  // the ply of the first position with it
  std::uint32_t plies = 0;      // positions in the first visit
  // The move that ended the first visit, as its code (MoveScore) + 1; 0: none, the game
  // ended there. A plain number: an optional, passed on through the stack a byte and a
  // word at a time and read back whole, made the read wait for the stores.
  std::uint16_t move = 0;
};

// A game as the worker hands it to the writer, encoded in the pipeline's output text.
struct GameEntry {
  ContentHash hash;
  std::string info;  // GameInfo::encode()
  std::uint32_t cell = 0;
  Result result = Result::Unfinished;
  int score_of_game = 0;  // model_score_of_game: a visit's score is model_score(this, plies)
  std::vector<Visit> visits;

  void append_to(std::string& out) const;
  // The same from the parts, without a GameEntry (the worker's own buffers).
  static void append(std::string& out, const ContentHash& hash, std::string_view info,
                     std::uint32_t cell, Result result, int score_of_game,
                     std::span<const Visit> visits);
  // Reads the entry at the front of `bytes` and advances past it; false when malformed.
  bool read_from(std::string_view& bytes);
};

// Where a worker can hand its games straight to, instead of encoding them in its output
// text: the writer, when it runs on the worker's own thread (one thread: the pipeline's
// output goes to the writer in input order anyway). The same games in the same order as
// through the text, without encoding and decoding each one between them.
class EntryTarget {
 public:
  virtual void add_entry(const ContentHash& hash, std::string info, std::uint32_t cell,
                         Result result, int score_of_game, std::span<const Visit> visits) = 0;

 protected:
  ~EntryTarget() = default;
};

// The visits of a replayed game (exact, centre and structure), in order of first visit.
class VisitTracker {
 public:
  void start();
  void position(const Position& pos, int ply);
  // The visits, valid until the next start() (their memory reused from game to game).
  std::vector<Visit>& finish();

 private:
  struct Open {
    KeyWords key;
    std::uint32_t first_ply;
    bool first;  // the game's first visit of this key (else it is not recorded)
  };
  void open(Open& open, const KeyWords& key, int ply, std::vector<KeyWords>* seen);
  void close(Open& open, int ply, std::uint16_t move);

  std::vector<Visit> visits_;
  std::vector<KeyWords> seen_center_, seen_structure_;
  Open exact_, center_, structure_;
  Bitboard white_ = 0, black_ = 0, pieces_[2] = {0, 0};
  bool ending_ = false;
  int last_ply_ = 0;
};

// The pipeline worker of `index add`: replays each game and writes its GameEntry.
class IndexWorker {
 public:
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>& diagnostics);
  const analysis::GameCounts& counts() const { return counts_; }
  // Games go to `target` instead of the output text (nullptr: to the text). Only for a
  // worker that is the pipeline's one thread: `target` is not locked.
  void set_direct(EntryTarget* target) { direct_ = target; }

 private:
  analysis::GameCounts counts_;
  EntryTarget* direct_ = nullptr;
  VisitTracker tracker_;
  std::string info_;  // the game's encoded GameInfo, its memory reused
};

}  // namespace pawnkit::index_db
