#include "analysis/tune/tune_report.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "io/json.hpp"

namespace pawnkit::analysis {

std::string format_number(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

namespace {

// What each pawn term is worth in plain words, for --report, and whether the weight is a
// penalty (subtracted from its side's score, eval/pawn_trace.hpp) or a bonus.
struct TermPhrase {
  std::string_view phrase;
  bool penalty;
};
constexpr std::array<TermPhrase, eval::score_term_count> term_phrases{
    {{"a backward pawn costs", true},
     {"a doubled pawn costs", true},
     {"a pawn doubled early costs", true},
     {"an isolated pawn costs", true},
     {"a weak lever costs", true},
     {"a weak unopposed pawn costs", true},
     {"a blocked pawn on its fifth rank is worth", false},
     {"a blocked pawn on its sixth rank is worth", false}}};

// The statements of --report (1.96 bootstrap deviations), each value divided by the fitted
// pawn value of the same phase.
}  // namespace

std::vector<ReportLine> report_lines(const TunerParameters& tuned, const TunerParameters& deviation,
                                     const TunerParameters& initial) {
  const double pawn_mg = tuned[material_parameter], pawn_eg = tuned[material_parameter + 1];
  std::vector<ReportLine> lines;
  const auto add = [&](std::string_view phrase, std::size_t i, std::string term, bool penalty,
                       std::string_view phase) {
    const bool endgame = phase == "endgame";
    const double pawn = endgame ? pawn_eg : pawn_mg, sign = penalty ? -1 : 1;
    const double value = tuned[i] / pawn, half_width = 1.96 * deviation[i] / std::abs(pawn);
    ReportLine line{.parameter = tuner_parameter_name(i),
                    .term = std::move(term),
                    .phase = std::string(phase),
                    .statement = std::string(phrase) + " " + format_number("%.2f", value) +
                                 " +/- " + format_number("%.2f", half_width) + " pawns",
                    .value = sign * value,
                    .ci_low = sign * value - half_width,
                    .ci_high = sign * value + half_width,
                    .start = std::nullopt,
                    .penalty = penalty};
    if (phase != "both") line.statement += " in the " + line.phase;
    if (line.ci_low <= 0 && line.ci_high >= 0) line.statement += ", not told apart from 0 here";
    if (phase != "both")
      line.start = sign * initial[i] /
                   (endgame ? eval::StockfishPieceValues[0].eg : eval::StockfishPieceValues[0].mg);
    lines.push_back(std::move(line));
  };
  for (std::size_t t = 0; t < eval::score_term_count; ++t) {
    const std::string term(eval::score_term_names[t]);
    add(term_phrases[t].phrase, 2 * t, term, term_phrases[t].penalty, "middlegame");
    add(term_phrases[t].phrase, 2 * t + 1, term, term_phrases[t].penalty, "endgame");
  }
  for (int r = 1; r < 7; ++r)
    add("a connected pawn on its rank " + std::to_string(r + 1) +
            " is worth, per unit of (2 + phalanx - opposed),",
        eval::connected_parameter + std::size_t(r), "connected_rank_" + std::to_string(r + 1),
        false, "middlegame");
  add("each pawn defending a connected pawn adds", eval::supporter_parameter, "supporter", false,
      "middlegame");
  add("moving first is worth", side_to_move_parameter, "side_to_move", false, "both");
  return lines;
}

// Why the statements may not be worth reading: too few positions for the parameters fitted
// (each then mostly fits noise), or a fitted pawn value that is no unit at all. Empty when
// neither; one sentence each otherwise.
std::vector<std::string> report_cautions(const TunerParameters& tuned, const TunerOptions& tuner,
                                         std::size_t train_positions) {
  constexpr std::size_t positions_per_parameter = 100;
  const std::size_t fitted =
      std::size_t(std::count(tuner.frozen.begin(), tuner.frozen.end(), false));
  std::vector<std::string> cautions;
  if (train_positions < positions_per_parameter * fitted)
    cautions.push_back(std::to_string(train_positions) + " training positions for " +
                       std::to_string(fitted) + " fitted parameters (fewer than " +
                       std::to_string(positions_per_parameter) +
                       " each): the values mostly fit noise; use more games");
  if (tuned[material_parameter] <= 0 || tuned[material_parameter + 1] <= 0)
    cautions.push_back(
        "the fitted pawn value is not positive, so values in pawns mean "
        "nothing; --fix-material keeps Stockfish's");
  return cautions;
}

std::string report_header(const TunerParameters& tuned, int rounds,
                          const std::vector<std::string>& cautions) {
  std::string out;
  for (const std::string& caution : cautions) out += "Caution: " + caution + ".\n";
  return out + "In these games (95% intervals from " + std::to_string(rounds) +
         " bootstrap refits over games; in pawns of " +
         format_number("%.0f", tuned[material_parameter]) + " (middlegame) and " +
         format_number("%.0f", tuned[material_parameter + 1]) +
         " (endgame) internal units, the fitted pawn values):\n";
}

// The report as the "report" member of --format json (docs/engine.md).
std::string report_json(const std::vector<ReportLine>& lines, const TunerParameters& tuned,
                        int rounds, const std::vector<std::string>& cautions) {
  std::string out = "{\"bootstrap\": " + std::to_string(rounds) + ", \"confidence\": 0.95" +
                    ", \"pawn_mg\": " + format_number("%.6g", tuned[material_parameter]) +
                    ", \"pawn_eg\": " + format_number("%.6g", tuned[material_parameter + 1]) +
                    ", \"statements\": [";
  for (const ReportLine& line : lines) {
    out += &line == &lines.front() ? "{\"parameter\": " : ", {\"parameter\": ";
    io::append_json_string(out, line.parameter);
    out += ", \"term\": ";
    io::append_json_string(out, line.term);
    out += ", \"phase\": ";
    io::append_json_string(out, line.phase);
    out += ", \"value\": " + format_number("%.6g", line.value) +
           ", \"ci_low\": " + format_number("%.6g", line.ci_low) +
           ", \"ci_high\": " + format_number("%.6g", line.ci_high) +
           ", \"start\": " + (line.start ? format_number("%.6g", *line.start) : "null") +
           ", \"statement\": ";
    io::append_json_string(out, line.statement);
    out += "}";
  }
  out += "], \"cautions\": [";
  for (const std::string& caution : cautions) {
    if (&caution != &cautions.front()) out += ", ";
    io::append_json_string(out, caution);
  }
  return out + "]}";
}

// The plain statements, each with the starting value, unsigned as the phrase reads.
std::string report_text(const std::vector<ReportLine>& lines) {
  std::string out;
  for (const ReportLine& line : lines) {
    out += "  " + line.statement;
    if (line.start)  // as the phrase reads it: a cost positive
      out +=
          " (Stockfish 15.1: " + format_number("%.2f", line.penalty ? -*line.start : *line.start) +
          ")";
    out += "\n";
  }
  return out;
}

}  // namespace pawnkit::analysis
