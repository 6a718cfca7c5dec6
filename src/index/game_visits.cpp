#include "index/game_visits.hpp"

#include <algorithm>
#include <bit>

#include <pawnkit/chess/pawn_report.hpp>

#include "analysis/replay.hpp"
#include "index/word_hash.hpp"

namespace pawnkit::index_db {
namespace {

// The move from the pieces before it to pos, as Visit::move: from, to and promotion (see
// MoveScore), plus one. Only moves that change pawns or material reach here, which
// castling never does.
std::uint16_t move_code(Bitboard before, Bitboard pawns_before, const Position& pos) {
  const Color mover = ~pos.side_to_move();
  const Bitboard after = pos.pieces(mover);
  const Bitboard from = before & ~after, to = after & ~before;
  if (std::popcount(from) != 1 || std::popcount(to) != 1) return 0;
  const Square to_square = lsb(to);
  std::uint32_t code = std::uint32_t(lsb(from)) | (std::uint32_t(to_square) << 6);
  const PieceType now = type_of(pos.piece_on(to_square));
  if ((pawns_before & from) && now != PieceType::Pawn) code |= std::uint32_t(now) << 12;
  return std::uint16_t(code + 1);
}

}  // namespace

ContentHash content_hash(const io::GameRecord& game) {
  WordHash f;
  for (std::size_t i = 0; i < game.tag_count(); ++i) {
    f.add(game.tag_name(i));
    f.add(game.tag_value(i));
  }
  for (std::size_t i = 0; i < game.move_count(); ++i) f.add(game.move(i));
  f.add(game.result);
  return f.finish();
}

ContentHash content_hash(std::string_view text) {
  WordHash f;
  f.add(text);
  return f.finish();
}

// An entry goes from a worker to the writer in memory only (never to disk): its size as
// 4 fixed bytes in front, so that it is written in place without a second buffer.
void GameEntry::append_to(std::string& out) const {
  append(out, hash, info, cell, result, score_of_game, visits);
}

void GameEntry::append(std::string& out, const ContentHash& hash, std::string_view info,
                       std::uint32_t cell, Result result, int score_of_game,
                       std::span<const Visit> visits) {
  const std::size_t start = out.size();
  out.resize(start + 4 + 16 + max_varint_bytes + info.size() + 4 * max_varint_bytes +
             visits.size() * (16 + 4 * max_varint_bytes));
  char* const body = out.data() + start + 4;
  char* p = write_fixed64(body, hash.high);
  p = write_fixed64(p, hash.low);
  p = write_varint(p, info.size());
  p = std::copy(info.begin(), info.end(), p);
  p = write_varint(p, cell);
  p = write_varint(p, std::uint64_t(result));
  p = write_varint(p, std::uint32_t(score_of_game));
  p = write_varint(p, visits.size());
  for (const Visit& v : visits) {
    p = write_varint(p, std::uint64_t(v.key.kind));  // the key as its words: kept in memory only
    p = write_fixed64(p, v.key.high);
    p = write_fixed64(p, v.key.low);
    p = write_varint(p, v.first_ply);
    p = write_varint(p, v.plies);
    p = write_varint(p, v.move);
  }
  const auto size = std::uint32_t(p - body);
  for (int i = 0; i < 4; ++i) body[i - 4] = static_cast<char>(size >> (24 - 8 * i));
  out.resize(std::size_t(p - out.data()));
}

bool GameEntry::read_from(std::string_view& bytes) {
  ByteReader outer(bytes);
  const std::uint32_t size = outer.fixed32();
  if (!outer.ok() || bytes.size() - 4 < size) return false;
  ByteReader in(bytes.substr(4, size));
  bytes.remove_prefix(4 + std::size_t(size));
  hash.high = in.fixed64();
  hash.low = in.fixed64();
  info = std::string(in.string());
  cell = std::uint32_t(in.varint());
  result = Result(in.varint() & 3);
  score_of_game = int(std::uint32_t(in.varint()));
  visits.resize(in.varint());
  for (Visit& v : visits) {
    v.key.kind = static_cast<char>(in.varint());
    v.key.high = in.fixed64();
    v.key.low = in.fixed64();
    v.first_ply = std::uint32_t(in.varint());
    v.plies = std::uint32_t(in.varint());
    v.move = std::uint16_t(in.varint());
  }
  return in.ok() && in.done();
}

void VisitTracker::start() {
  visits_.clear();
  seen_center_.clear();
  seen_structure_.clear();
  exact_ = center_ = structure_ = Open{};
}

void VisitTracker::open(Open& o, const KeyWords& key, int ply, std::vector<KeyWords>* seen) {
  o.first_ply = std::uint32_t(ply);
  o.first = true;
  if (seen && !key.empty()) {
    o.first = std::find(seen->begin(), seen->end(), key) == seen->end();
    if (o.first) seen->push_back(key);
  }
  o.key = key;
}

void VisitTracker::close(Open& o, int ply, std::uint16_t move) {
  if (!o.key.empty() && o.first)
    visits_.push_back({o.key, o.first_ply, std::uint32_t(ply) - o.first_ply, move});
  o.key = KeyWords{};
}

void VisitTracker::position(const Position& pos, int ply) {
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  // Most moves change no pawn and take nothing (the pieces of the side to move, the only
  // ones the last move could take, are as they were): then no key changes, nor the phase
  // points that make an ending, which need not be counted.
  const std::size_t to_move = pos.side_to_move() == White ? 0 : 1;
  if (ply > 0 && white == white_ && black == black_ &&
      pos.pieces(pos.side_to_move()) == pieces_[to_move]) {
    pieces_[1 - to_move] = pos.pieces(~pos.side_to_move());
    last_ply_ = ply;
    return;
  }
  const bool ending = in_ending(pos);
  auto structure_of = [&] {
    const auto match = classify_structure(white, black, ending);
    return match ? structure_words(match->id, match->side) : KeyWords{};
  };
  if (ply == 0) {
    open(exact_, placement_words(MatchKind::Exact, white, black), 0, nullptr);
    open(center_, placement_words(MatchKind::Center, white, black), 0, &seen_center_);
    open(structure_, structure_of(), 0, &seen_structure_);
  } else if (white != white_ || black != black_ || ending != ending_) {
    const Color mover = ~pos.side_to_move();
    const auto move =
        move_code(pieces_[mover == White ? 0 : 1], mover == White ? white_ : black_, pos);
    if (white != white_ || black != black_) {
      close(exact_, ply, move);
      open(exact_, placement_words(MatchKind::Exact, white, black), ply, nullptr);
    }
    if (((white ^ white_) | (black ^ black_)) & center_files) {
      close(center_, ply, move);
      open(center_, placement_words(MatchKind::Center, white, black), ply, &seen_center_);
    }
    const KeyWords structure = structure_of();
    if (structure != structure_.key) {
      close(structure_, ply, move);
      open(structure_, structure, ply, &seen_structure_);
    }
  }
  white_ = white;
  black_ = black;
  ending_ = ending;
  pieces_[0] = pos.pieces(White);
  pieces_[1] = pos.pieces(Black);
  last_ply_ = ply;
}

std::vector<Visit>& VisitTracker::finish() {
  for (Open* o : {&exact_, &center_, &structure_}) close(*o, last_ply_ + 1, 0);
  return visits_;
}

void IndexWorker::game(const io::GameRecord& game, std::string& out,
                       std::vector<io::Diagnostic>& diagnostics) {
  tracker_.start();
  const analysis::ReplayResult result =
      analysis::replay(game, [&](const Position& pos, int ply) { tracker_.position(pos, ply); });
  analysis::note_outcome(result, counts_, diagnostics);
  std::vector<Visit>& visits = tracker_.finish();
  if (result.outcome != analysis::ReplayOutcome::Complete) return;  // reported, not indexed
  counts_.positions += std::size_t(result.plies) + 1;
  const ContentHash hash = content_hash(game);
  GameInfo info = GameInfo::from(game);
  info.tiebreak = hash.high;
  info.encode_to(info_);
  const int of_game = model_score_of_game(info);
  if (direct_)
    direct_->add_entry(hash, info_, info.cell().id(), result_of(info.result), of_game, visits);
  else
    GameEntry::append(out, hash, info_, info.cell().id(), result_of(info.result), of_game, visits);
}

}  // namespace pawnkit::index_db
