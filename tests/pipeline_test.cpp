// The game pipeline keeps the input order and byte-identical output however many workers
// run, also when a worker hands its output over in the middle of a long game (OutputSpill),
// and a worker never holds more than OutputSpill::limit of output.
#include "analysis/pipeline.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace pawnkit::analysis {
namespace {

constexpr std::size_t line_bytes = 4096;

// One line of line_bytes per move, naming game and move; offers its output to the spill
// after every line, and remembers the most it ever held.
class BigWorker {
 public:
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>&) {
    for (std::size_t i = 0; i < game.move_count(); ++i) {
      out += line(game.number, i, game.move(i));
      most_held_ = std::max(most_held_, out.size());
      if (spill_) spill_->spill(out, diagnostics_);
    }
  }
  void set_spill(OutputSpill* spill) { spill_ = spill; }
  std::size_t most_held() const { return most_held_; }

  static std::string line(std::size_t game, std::size_t move, std::string_view san) {
    std::string text = std::to_string(game) + " " + std::to_string(move) + " " + std::string(san);
    text.resize(line_bytes - 1, '.');
    return text + "\n";
  }

 private:
  OutputSpill* spill_ = nullptr;
  std::size_t most_held_ = 0;
  std::vector<io::Diagnostic> diagnostics_;
};

struct StringSink : PipelineSink {
  std::string text;
  void out(const std::string& t) override { text += t; }
  void report(std::span<const io::Diagnostic>) override {}
};

TEST(Pipeline, SpilledOutputKeepsTheOrderAndStaysBounded) {
  // Short games around one of 6000 plies (24 MB of output, more than OutputSpill::limit).
  std::string pgn, expected;
  std::size_t number = 0;
  auto add_game = [&](std::size_t plies) {
    ++number;
    pgn += "[Event \"g\"]\n\n";
    const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (std::size_t i = 0; i < plies; ++i) {
      pgn += std::string(cycle[i % 4]) + (i % 10 == 9 ? "\n" : " ");
      expected += BigWorker::line(number, i, cycle[i % 4]);
    }
    pgn += "*\n\n";
  };
  for (int i = 0; i < 40; ++i) add_game(10 + i % 7);
  add_game(6000);
  for (int i = 0; i < 70; ++i) add_game(20 + i % 5);
  for (std::size_t threads : {1, 2, 3, 4}) {
    std::vector<BigWorker> workers(threads);
    StringSink sink;
    auto source = io::make_view_source(pgn, "big.pgn");
    const io::PgnSummary summary = run_pipeline(*source, std::span(workers), sink);
    EXPECT_EQ(summary.games, number);
    EXPECT_TRUE(sink.text == expected) << threads << " threads: output differs";
    for (const BigWorker& w : workers) {
      EXPECT_LE(w.most_held(), OutputSpill::limit + line_bytes) << threads << " threads";
    }
  }
}

}  // namespace
}  // namespace pawnkit::analysis
