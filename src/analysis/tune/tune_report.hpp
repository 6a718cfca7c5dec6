// The plain statements of `pawnkit tune --report` (docs/engine.md): each fitted pawn
// weight in pawns of the fitted pawn value, signed as its effect on the side that has the
// pawn, with its 95% interval from bootstrap refits over training games, and the cautions
// that say when they are not worth reading.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/tune/tuner.hpp"

namespace pawnkit::analysis {

// One statement: a parameter's tuned value with its 95% interval, in pawns, signed as its
// effect on the score of the side that has the pawn (a cost is negative).
struct ReportLine {
  std::string parameter, term, phase, statement;
  double value = 0, ci_low = 0, ci_high = 0;
  std::optional<double> start;  // the starting value (Stockfish 15.1's unless --start)
  bool penalty = false;
};

// The statements (1.96 bootstrap deviations), each value divided by the fitted pawn value
// of the same phase.
std::vector<ReportLine> report_lines(const TunerParameters& tuned, const TunerParameters& deviation,
                                     const TunerParameters& initial);

// Why the statements may not be worth reading: too few positions for the parameters fitted,
// or a fitted pawn value that is no unit at all; one sentence each.
std::vector<std::string> report_cautions(const TunerParameters& tuned, const TunerOptions& tuner,
                                         std::size_t train_positions);

std::string report_header(const TunerParameters& tuned, int rounds,
                          const std::vector<std::string>& cautions);
// The "report" member of --format json.
std::string report_json(const std::vector<ReportLine>& lines, const TunerParameters& tuned,
                        int rounds, const std::vector<std::string>& cautions);
// The plain statements, each with the starting value, unsigned as the phrase reads.
std::string report_text(const std::vector<ReportLine>& lines);

// printf-formatted number.
std::string format_number(const char* format, double value);

}  // namespace pawnkit::analysis
