#include "index/merge_index.hpp"

#include <cstdint>

#include "index/bytes.hpp"
#include "index/keys.hpp"
#include "index/placement_stats.hpp"

namespace pawnkit::index_db {
namespace {

// A counts value with every game number (candidates', lean visits') moved by `offset`.
bool renumber(std::string_view value, std::uint32_t offset, std::string& out) {
  auto stats = PlacementStats::decode(value);
  if (!stats) return false;
  for (CellStats& cell : stats->cells)
    for (Candidate& candidate : cell.candidates) candidate.game += offset;
  for (LeanVisit& visit : stats->visits) visit.game += offset;
  out.clear();
  stats->encode_to(out);
  return true;
}

std::uint64_t varint_of(std::string_view value) {
  ByteReader in(value);
  return in.varint();
}

}  // namespace

MergeOutcome merge_index(Store& target, const Store& part, std::string& error) {
  const std::uint64_t before = target.games(error);
  if (!error.empty()) return MergeOutcome::Merged;
  const std::uint64_t added = part.games(error);
  if (!error.empty() || added == 0) return MergeOutcome::Merged;
  bool duplicate = false;
  error = part.scan("H", [&](std::string_view key, std::string_view) {
    if (!duplicate && error.empty() && target.get(key, error)) duplicate = true;
  });
  if (!error.empty()) return MergeOutcome::Merged;
  if (duplicate) return MergeOutcome::HasDuplicates;
  const auto offset = static_cast<std::uint32_t>(before);

  // The table takes its keys in order: C and E counts, F, G, H, M, then S counts.
  const auto table = target.table(false);
  std::string value, scan_error, bad_key;
  const auto add_counts = [&](std::string_view key, std::string_view stats) {
    if (!renumber(stats, offset, value)) bad_key = std::string(key.substr(0, 1));
    table->merge(key, value);
  };
  for (const char* prefix : {"C", "E"})
    if (scan_error.empty())
      scan_error =
          part.scan(prefix, [&](std::string_view k, std::string_view v) { add_counts(k, v); });
  if (scan_error.empty())
    scan_error = part.scan("F", [&](std::string_view key, std::string_view games) {
      std::string read_error;
      const auto old = target.get(key, read_error);
      if (!read_error.empty()) scan_error = read_error;
      value.clear();
      put_varint(value, varint_of(games) + (old ? varint_of(*old) : 0));
      table->put(key, value);
    });
  // Big-endian numbers: moved by the same offset, the G keys stay in order.
  if (scan_error.empty())
    scan_error = part.scan("G", [&](std::string_view key, std::string_view info) {
      ByteReader in(key.substr(1));
      table->put(game_key(in.fixed32() + offset), info);
    });
  if (scan_error.empty())
    scan_error = part.scan("H", [&](std::string_view key, std::string_view number) {
      value.clear();
      put_varint(value, varint_of(number) + offset);
      table->put(key, value);
    });
  value.clear();
  put_varint(value, before + added);
  table->put("M", value);
  if (scan_error.empty())
    scan_error = part.scan("S", [&](std::string_view k, std::string_view v) { add_counts(k, v); });
  if (!scan_error.empty()) {
    error = scan_error;
    return MergeOutcome::Merged;
  }
  if (!bad_key.empty()) {
    error = "corrupt partial index: an unreadable '" + bad_key + "' value";
    return MergeOutcome::Merged;
  }
  error = table->ingest();
  return MergeOutcome::Merged;
}

}  // namespace pawnkit::index_db
