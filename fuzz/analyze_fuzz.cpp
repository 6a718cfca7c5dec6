// libFuzzer target for `analyze` end to end on a buffer: the input kind is decided by
// content, FEN/EPD lines go through the position analysis and PGN through the game
// pipeline with replay. Invariants: no crash, hang or leak; every record is one JSON
// line of the expected shape; in every replayed position the set-wise report equals the
// square-by-square one.
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/reference.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "io/source/byte_source.hpp"
#include "io/source/input_format.hpp"

using namespace pawnkit;

namespace {

// Checks the shape of the records and drops them.
struct CheckingSink : analysis::PipelineSink {
  std::string_view record_start;
  void out(const std::string& text) override { expect_lines(text, record_start); }
  // Every message says where: the file, and a line in it.
  void report(std::span<const io::Diagnostic> diagnostics) override {
    for (const io::Diagnostic& d : diagnostics)
      if (d.file.empty() || d.line == 0 || d.message.empty()) std::abort();
  }
  // Every line of text (possibly none) is complete and starts with `start`.
  static void expect_lines(const std::string& text, std::string_view start) {
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = text.find('\n', at);
      if (end == std::string::npos || text.compare(at, start.size(), start) != 0) std::abort();
      at = end + 1;
    }
  }
};

struct CheckingWorker {
  analysis::AnalyzeWorker analyze{analysis::RecordFormat::Jsonl};
  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    analyze.game(game, out, diagnostics);
    analysis::replay(game, [](const Position& pos, int) {
      const PawnBoard board = pawn_board(pos);
      if (!(pawn_report(board) == reference::pawn_report(board))) std::abort();
    });
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  io::DetectedInput input = io::detect_input_format(
      io::make_memory_source(std::move(bytes), "<fuzz>", 7), "-", std::nullopt);
  CheckingSink sink;
  if (input.format == io::InputFormat::Epd) {
    sink.record_start = "{\"fen\": \"";
    analysis::PositionCounts counts;
    analysis::analyze_positions(*input.source, analysis::RecordFormat::Jsonl, sink, counts);
  } else {
    sink.record_start = "{\"game\": ";
    CheckingWorker worker;
    analysis::run_pipeline(*input.source, std::span(&worker, 1), sink);
  }
  return 0;
}
