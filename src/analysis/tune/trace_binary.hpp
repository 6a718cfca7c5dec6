// The binary form of a tuning trace (docs/engine.md, "Tuning your own evaluation"), for
// traces too large to print: little-endian, starting with the 8 bytes "PKTRACE1", then
//   u32 column count, each column's name as u16 length + bytes (UTF-8),
//   u32 flags: 1 a game id per record, 2 an eval per record, 4 an offset per record,
// then records to the end: f32 result (0..1), [u64 game], [f32 eval], [f32 offset],
// u32 entry count, that many (u32 column index, f32 coefficient) pairs.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

#include "analysis/tune/trace_file.hpp"

namespace pawnkit::analysis {

inline constexpr std::string_view binary_trace_magic = "PKTRACE1";

// `bytes` (after the magic) into `table`; on_error(record number, message) for a bad record
// (left out) or a bad header (table.names left empty).
void read_binary_trace(std::string_view bytes, TraceTable& table,
                       const std::function<void(std::size_t, std::string_view)>& on_error);

}  // namespace pawnkit::analysis
