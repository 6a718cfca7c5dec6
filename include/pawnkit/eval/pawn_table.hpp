// A fixed-size pawn hash table: caches a value computed from the pawns alone (typically
// a PawnEval) under Position::pawn_key(). One slot per index, always replaced, as engines
// do: the pawn structure changes rarely during a search, so most probes hit.
//
//   PawnTable<PawnEval, 16384> table;   // 16384 * 24 bytes: allocate it once, off the stack
//   const PawnEval& e = table.probe(pos.pawn_key(), [&] {
//     return evaluate_pawns(pos.pawns(White), pos.pawns(Black));
//   });
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace pawnkit::eval {

template <typename Value, std::size_t Entries>
class PawnTable {
  static_assert(Entries >= 2 && std::has_single_bit(Entries), "a power of two, at least 2");

 public:
  static constexpr std::size_t size() { return Entries; }

  // Every slot empty.
  constexpr PawnTable() { clear(); }

  constexpr void clear() {
    // An empty slot holds a key that cannot index it (its index plus one), so that no key,
    // 0 included (no pawns on the board), ever finds a slot that was never stored.
    for (std::size_t i = 0; i < Entries; ++i) slots_[i] = Slot{std::uint64_t(i + 1), Value{}};
  }

  // The value stored under key, or nullptr.
  constexpr const Value* find(std::uint64_t key) const {
    const Slot& slot = slots_[index(key)];
    return slot.key == key ? &slot.value : nullptr;
  }

  // Stores value under key, replacing whatever shared its slot.
  constexpr const Value& store(std::uint64_t key, const Value& value) {
    Slot& slot = slots_[index(key)];
    slot = Slot{key, value};
    return slot.value;
  }

  // The value under key, computed by compute() and stored on a miss.
  template <typename Compute>
  constexpr const Value& probe(std::uint64_t key, Compute&& compute) {
    Slot& slot = slots_[index(key)];
    if (slot.key != key) slot = Slot{key, compute()};
    return slot.value;
  }

 private:
  struct Slot {
    std::uint64_t key;
    Value value;
  };
  static constexpr std::size_t index(std::uint64_t key) { return std::size_t(key & (Entries - 1)); }

  std::array<Slot, Entries> slots_;
};

}  // namespace pawnkit::eval
