// pawnkit similar: ranks the games of PGN databases by how close the pawn structure of
// their closest position is to a target's (docs/similar.md).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <string>

#include "analysis/pipeline.hpp"
#include "analysis/similar/search.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "io/diagnostic.hpp"
#include "io/json.hpp"
#include "io/pgn/writer.hpp"
#include "io/printf.hpp"
#include "io/source/input_format.hpp"
#include "io/text.hpp"
#include "report/svg.hpp"

namespace pawnkit::cli {

namespace {

// "a,h" or "ah": the squares of those files; nullopt when a letter is not a file.
std::optional<Bitboard> parse_files(std::string_view text) {
  Bitboard b = 0;
  for (char c : text) {
    if (c == ',' || c == ' ') continue;
    if (c < 'a' || c > 'h') return std::nullopt;
    b |= file_bb(File(c - 'a'));
  }
  return b;
}

void append_table(std::string& out, const std::vector<analysis::SimilarHit>& hits,
                  const std::vector<std::string_view>& files) {
  out += "rank  similarity  reversed  file  game    ply  white / black, result, ECO\n";
  out += "                                                 FEN of the closest position\n";
  for (std::size_t i = 0; i < hits.size(); ++i) {
    const auto& h = hits[i];
    char line[128];
    std::snprintf(line, sizeof line, "%4zu  %10s  %8s  %4zu  %6zu  %3d  ", i + 1,
                  io::printf_string("%.3f", h.similarity).c_str(), h.reversed ? "yes" : "no",
                  h.file_index + 1, h.game, h.ply);
    out += line;
    // Tag text shown visibly: a terminal never obeys a control character in a name.
    out += io::visible(h.white.empty() ? "?" : h.white) + " / " +
           io::visible(h.black.empty() ? "?" : h.black) + ", " +
           io::visible(h.result.empty() ? "*" : h.result) + ", " +
           io::visible(h.eco.empty() ? "-" : h.eco) + "\n";
    out += "      " + h.fen + "\n";
  }
  if (files.size() > 1)
    for (std::size_t i = 0; i < files.size(); ++i)
      out += "file " + std::to_string(i + 1) + ": " + std::string(files[i]) + "\n";
}

// The target and the hits' closest positions as boards in one row, each with a caption.
std::string side_by_side_svg(const std::vector<std::pair<std::string, std::string>>& boards) {
  // Each board_svg is a complete <svg width=.. height=..>; nest them with an x offset.
  std::string body;
  double x = 0, height = 0;
  for (const auto& [caption, fen] : boards) {
    const Parsed<Position> pos = parse_fen(fen);
    if (!pos) continue;
    std::array<char, 64> pieces{};
    for (int s = 0; s < 64; ++s) {
      const Piece p = pos->piece_on(Square(s));
      pieces[s] = p == NoPiece ? '.' : piece_char(p);
    }
    const report::SvgPicture picture =
        report::board_svg(pieces, fen, pawn_report(*pos), {}, classify_structure(pawn_board(*pos)));
    std::string svg = picture.text;
    const auto start = svg.find("<svg");
    if (start == std::string::npos) continue;
    svg.erase(0, start);
    const double w = picture.width, h = picture.height;
    svg.replace(0, 4, "<svg x=\"" + std::to_string(int(x)) + "\" y=\"24\"");
    body += "<text x=\"" + std::to_string(int(x) + 8) +
            "\" y=\"16\" font-family=\"sans-serif\" font-size=\"14\">" +
            report::xml_escape(caption) + "</text>\n" + svg + "\n";
    x += w + 16;
    height = std::max(height, h + 24);
  }
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(int(x)) +
         "\" height=\"" + std::to_string(int(height)) + "\">\n" + body + "</svg>\n";
}

// The hits' games as PGN, best first, with a comment (and the annotated keys) at the
// closest ply.
void append_games(std::string& out, const std::vector<analysis::SimilarHit>& hits,
                  const std::vector<SquareSetKey>& annotate) {
  for (const auto& h : hits) {
    io::PgnWriteOptions write;
    write.first_mover = h.first_mover;
    write.first_move_number = h.first_move_number;
    write.comment_ply = h.ply;
    std::string comment = "pawnkit: similarity " + io::printf_string("%.3f", h.similarity) +
                          (h.reversed ? " (reversed)" : "") + " at ply " + std::to_string(h.ply);
    if (!annotate.empty())
      if (const Parsed<Position> pos = parse_fen(h.fen))
        io::append_annotation(comment, pawn_report(*pos), classify_structure(pawn_board(*pos)),
                              annotate);
    write.comment = comment;
    std::vector<std::string> moves;  // pawnkit's SAN, not the input's spelling
    if (analysis::portable_moves(*h.record, moves)) io::append_pgn(out, *h.record, moves, write);
  }
}

// The hits as PGN games (`format` "games": --games), JSON lines or a table.
void append_hits(std::string& out, const std::vector<analysis::SimilarHit>& hits,
                 std::string_view format, const std::vector<SquareSetKey>& annotate,
                 const std::vector<std::string_view>& files) {
  if (format == "games")
    append_games(out, hits, annotate);
  else if (format == "jsonl")
    analysis::append_hits_jsonl(out, hits, files);
  else
    append_table(out, hits, files);
}

// DIR/similar.svg: the target and the hits' closest positions side by side.
bool write_similar_svg(const std::string& svg_dir, const Position& target,
                       const std::vector<analysis::SimilarHit>& hits) {
  std::vector<std::pair<std::string, std::string>> boards{{"target", to_fen(target)}};
  for (std::size_t i = 0; i < hits.size(); ++i)
    boards.emplace_back("#" + std::to_string(i + 1) + " game " + std::to_string(hits[i].game) +
                            " ply " + std::to_string(hits[i].ply) + ": " +
                            io::printf_string("%.3f", hits[i].similarity) +
                            (hits[i].reversed ? " reversed" : ""),
                        hits[i].fen);
  std::error_code ec;
  std::filesystem::create_directories(svg_dir, ec);
  const std::string path = (std::filesystem::path(svg_dir) / "similar.svg").string();
  return write_file("similar", path, side_by_side_svg(boards));
}

// The target position of --to, read leniently (its repairs reported as warnings); nullopt
// when it is not a FEN (reported).
std::optional<Position> parse_target(const std::string& target_fen) {
  FenRepairs repairs;
  const Parsed<Position> target = parse_fen_lenient(target_fen, repairs);
  if (!target) {
    report_error("similar",
                 io::parse_error_message("--to: invalid FEN", target.error(), target_fen));
    return std::nullopt;
  }
  report_fen_repairs("similar", "--to: FEN", target_fen, repairs);
  return *target;
}

// The help text of `similar`.
constexpr const char* similar_help =
    "Ranks the games of PGN files by how close the pawn structure of their closest\n"
    "position (from ply K on) is to the target's, best first: a similarity from 0 to 1,\n"
    "1 exactly when both sides' pawns stand on the same squares, computed file by file\n"
    "(same square full, one rank off half on a wing file and a quarter on a centre\n"
    "file, missing or extra nothing; docs/similar.md). The colour-reversed structure\n"
    "counts too and is reported as such. Equal scores rank as a coach picks model games:\n"
    "middlegame positions first, then longer stays in the structure, higher average\n"
    "rating, decisive results. Only the best N games are kept while reading, so memory\n"
    "does not grow with the database. --games writes those games as PGN, best first,\n"
    "with a comment at the closest ply.";

}  // namespace

int run_similar(const Args& args) {
  std::string target_fen, ignore_text, format_name = "table", threads_text, svg_dir, annotate_text;
  int top = 10, min_ply = opening_plies;
  bool games = false, strict = false;
  Options options(
      "similar",
      "similar --to FEN [--top N] [--ignore-files a,h] [--min-ply K] [--games [--annotate KEYS]] "
      "[--format table|jsonl] [--svg DIR] [--threads N] FILE...",
      similar_help);
  options.value("to", target_fen, "the target position (FEN)")
      .required()
      .integer("top", top, 1, 100000, "how many games to report, default 10")
      .value("ignore-files", ignore_text, "files left out of the comparison, e.g. a,h")
      .integer("min-ply", min_ply, 0, 100000,
               "compare positions from this ply on, default 20 (skips the opening)")
      .flag("games", games, "write the games as PGN instead of a table")
      .value("annotate", annotate_text,
             "with --games, mark the squares of these keys (e.g. holes,outposts) and the\n"
             "                        structure at the closest ply, as [%csl] for GUIs")
      .value("format", format_name, "output format, default table", {"table", "jsonl"})
      .value("svg", svg_dir, "also draw the target and the hits side by side in DIR/similar.svg")
      .value("threads", threads_text, "worker threads, default: every core")
      .flag("strict", strict,
            "every repair of the input (a warning otherwise) is an error: the game is bad");
  std::vector<std::string_view> files;
  if (const auto status = options.parse(args, files)) return *status;
  const std::optional<int> threads = parse_thread_count(threads_text);
  const std::optional<Bitboard> ignored = parse_files(ignore_text);
  if (!threads || !ignored) {
    report_error("similar",
                 "--threads takes 0 (every core) to 256, --ignore-files file letters a-h");
    return 2;
  }
  const std::optional<Position> target = parse_target(target_fen);
  if (!target) return 2;
  const auto annotate = annotation_keys("similar", annotate_text, games);
  if (!annotate) return 2;
  if (files.empty()) files.push_back("-");

  const analysis::SimilarOptions similar{.target = {target->pawns(White), target->pawns(Black)},
                                         .ignored = *ignored,
                                         .min_ply = min_ply,
                                         .top = std::size_t(top),
                                         .keep_games = games};
  std::vector<analysis::SimilarWorker> workers(static_cast<std::size_t>(*threads),
                                               analysis::SimilarWorker{similar});
  Output out;
  analysis::GameCounts counts;
  bool unusable = false;
  std::size_t warnings = 0;
  std::vector<std::string_view> read_files;
  const bool all_opened =
      for_each_input(files, "auto", [&](std::string_view file, io::OpenedInput& opened) {
        if (opened.format == io::InputFormat::Epd && !opened.empty) {
          report(io::Diagnostic{.file = std::string(file),
                                .message = "similar reads PGN games; this is FEN/EPD"});
          unusable = true;
          return true;
        }
        for (auto& w : workers) w.set_file_index(read_files.size());
        read_files.push_back(file);
        GameOutput sink(out, input_size(file));
        warnings += analysis::run_pipeline(*opened.source, std::span(workers), sink,
                                           analysis::strict_pipeline_options(strict))
                        .warnings;
        return true;
      });
  for (const auto& w : workers) counts.add(w.counts());
  const std::vector<analysis::SimilarHit> hits = analysis::sorted_hits(workers, similar.top);
  append_hits(out.buffer(), hits, games ? "games" : format_name, *annotate, read_files);
  out.flush();
  if (!svg_dir.empty() && !write_similar_svg(svg_dir, *target, hits)) unusable = true;
  report_totals("similar", counts.bad, counts.skipped);
  report_warning_total("similar", warnings);
  return counts.bad || unusable || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
