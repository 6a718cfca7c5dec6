// pawnkit structures: the catalogue of named pawn structures (docs/structures.md), one
// line each, or one structure's rule in words and as a diagram, both read from the rule
// table in include/pawnkit/pawns/structures.hpp so that they cannot drift apart.
#include <pawnkit/pawns/structures.hpp>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"

namespace pawnkit::cli {

namespace {

std::string square_list(Bitboard b) {
  std::string out;
  for (int s = 0; s < 64; ++s)
    if (b >> s & 1) {
      if (!out.empty()) out += ' ';
      out += char('a' + s % 8);
      out += char('1' + s / 8);
    }
  return out;
}

// The files (letters) on which b has a square.
std::string file_list(Bitboard b) {
  std::string out;
  for (int f = 0; f < 8; ++f)
    if (b & file_bb(File(f))) {
      if (!out.empty()) out += ", ";
      out += char('a' + f);
    }
  return out;
}

const StructureRule& rule_of(StructureId id) {
  for (const StructureRule& rule : structure_rules)
    if (rule.id == id) return rule;
  return structure_rules[0];  // unreachable: structures.hpp asserts one rule per id
}

int matching_order(StructureId id) {
  for (std::size_t i = 0; i < structure_rules.size(); ++i)
    if (structure_rules[i].id == id) return int(i) + 1;
  return 0;
}

// The rule in words, one line per colour, e.g.
//   White: pawns c4 d4; no pawn on the b-, e-file
std::string rule_text(const StructureRule& rule) {
  std::string out;
  for (int c = 0; c < 2; ++c) {
    std::string line;
    auto part = [&](const std::string& text) {
      if (text.empty()) return;
      if (!line.empty()) line += "; ";
      line += text;
    };
    if (rule.required[c]) part("pawns on " + square_list(rule.required[c]));
    if (rule.one_of[c]) part("a pawn on one of " + square_list(rule.one_of[c]));
    // Whole files forbidden, then single squares (the IQP's c5 and e5).
    Bitboard whole_files = 0;
    for (int f = 0; f < 8; ++f)
      if ((rule.forbidden[c] & file_bb(File(f))) == file_bb(File(f)))
        whole_files |= file_bb(File(f));
    if (whole_files)
      part("no pawn on the " + file_list(whole_files) +
           (popcount(whole_files & rank_bb(Rank::First)) > 1 ? " files" : " file"));
    if (rule.forbidden[c] & ~whole_files)
      part("no pawn on " + square_list(rule.forbidden[c] & ~whole_files));
    out += c == 0 ? "  White: " : "  Black: ";
    out += line.empty() ? "anything" : line;
    out += '\n';
  }
  return out;
}

// The rule on a board, White at the bottom: P/p a White/Black pawn must stand there, w/b
// a White/Black pawn on one of those squares, x a file the colour given below must not
// have a pawn on (marked on its empty squares of ranks 2-7).
std::string rule_diagram(const StructureRule& rule) {
  std::string out;
  const Bitboard forbidden_any = rule.forbidden[0] | rule.forbidden[1];
  for (int rank = 7; rank >= 0; --rank) {
    out += "  ";
    out += char('1' + rank);
    out += ' ';
    for (int file = 0; file < 8; ++file) {
      const Bitboard b = Bitboard{1} << (rank * 8 + file);
      char ch = '.';
      if (rule.required[0] & b)
        ch = 'P';
      else if (rule.required[1] & b)
        ch = 'p';
      else if (rule.one_of[0] & b)
        ch = 'w';
      else if (rule.one_of[1] & b)
        ch = 'b';
      else if ((forbidden_any & b) && rank >= 1 && rank <= 6)
        ch = 'x';
      out += ' ';
      out += ch;
    }
    out += '\n';
  }
  out += "     a b c d e f g h\n";
  return out;
}

}  // namespace

int run_structures(const Args& args) {
  Options options("structures", "structures [NAME]",
                  "Lists the named pawn structures, one name and one line each; with NAME,\n"
                  "shows that structure's rule in words and as a diagram (docs/structures.md).");
  std::vector<std::string_view> names;
  if (const auto status = options.parse(args, names)) return *status;
  Output out;
  if (names.empty()) {
    for (int i = 0; i < structure_count; ++i) {
      const auto id = StructureId(i);
      std::string name(structure_name(id));
      name.resize(24, ' ');
      out.buffer() += name + std::string(structure_summary(id)) + '\n';
    }
    return 0;
  }
  for (std::string_view name : names) {
    const auto id = find_structure(name);
    if (!id) {
      report_error("structures", "unknown structure '" + std::string(name) +
                                     "' ('pawnkit structures' lists them)");
      return 2;
    }
    const StructureRule& rule = rule_of(*id);
    std::string& o = out.buffer();
    o += std::string(structure_name(*id)) + ": " + std::string(structure_summary(*id)) + '\n';
    o += "written for " + std::string(rule.owner == White ? "White" : "Black") +
         " (the colour-flipped placement is the same structure, reported as reversed);\n"
         "rule " +
         std::to_string(matching_order(*id)) + " of " + std::to_string(structure_count) +
         " in matching order; both sides need at least " + std::to_string(structure_min_pawns) +
         " pawns;\nevery pawn the rule places stands alone on its file; none is named in an "
         "ending (at most 8 of the 24 phase points)\n";
    o += rule_text(rule);
    if (rule.majorities)
      o +=
          std::string("  and ") + (rule.owner == White ? "White" : "Black") +
          " has one pawn more on the e- to h-files, the other side one more on the a- to c-files\n";
    o += rule_diagram(rule);
    o += "  P/p: a White/Black pawn here; w/b: a White/Black pawn on one of these squares;\n"
         "  x: a file (or a square) with no pawn of the colour named above\n";
  }
  return 0;
}

}  // namespace pawnkit::cli
