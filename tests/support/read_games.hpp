// Reads every game of a PGN file through the reader and the GameCollector, as the
// pipeline does, and hands each GameRecord to the test in file order.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "io/game_record.hpp"
#include "io/pgn/reader.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::testing {

// Calls each(const io::GameRecord&) for every game of `path`; a file that cannot be
// opened fails the test.
template <class Each>
void for_each_game(const std::string& path, const io::PgnReaderOptions& options, Each each) {
  auto opened = io::open_source(path);
  EXPECT_TRUE(opened.ok()) << opened.error;
  if (!opened.ok()) return;
  auto ready = [&](io::GameBatch batch) {
    for (std::size_t i = 0; i < batch.size; ++i) each(batch.games[i]);
    return batch;
  };
  io::GameCollector collector(opened.source->name(), 4, io::GameBatch{}, ready);
  io::read_pgn(*opened.source, collector, options);
  collector.finish();
}

}  // namespace pawnkit::testing
