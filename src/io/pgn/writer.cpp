#include "io/pgn/writer.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace pawnkit::io {

namespace {

constexpr std::size_t max_line = 79;  // the PGN standard's export limit is 80 columns

// Appends movetext tokens separated by spaces, breaking lines before they grow too long.
class Wrapper {
 public:
  explicit Wrapper(std::string& out) : out_(out) {}
  void token(std::string_view t) {
    if (column_ > 0 && column_ + 1 + t.size() > max_line) {
      out_ += '\n';
      column_ = 0;
    } else if (column_ > 0) {
      out_ += ' ';
      ++column_;
    }
    out_ += t;
    column_ += t.size();
  }
  void end_line() {
    out_ += '\n';
    column_ = 0;
  }

 private:
  std::string& out_;
  std::size_t column_ = 0;
};

constexpr std::array<std::pair<std::string_view, std::string_view>, 7> seven_tag_roster{{
    {"Event", "?"},
    {"Site", "?"},
    {"Date", "????.??.??"},
    {"Round", "?"},
    {"White", "?"},
    {"Black", "?"},
    {"Result", "*"},
}};

// A PGN symbol (a letter or digit, then letters, digits and "_+#=:-"): the only tag names
// other readers read. The reader keeps others ("=bad"); they are not written.
bool is_symbol(std::string_view name) {
  const auto alnum = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  };
  if (name.empty() || !alnum(name[0])) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) {
    return alnum(c) || std::string_view("_+#=:-").find(c) != std::string_view::npos;
  });
}

bool is_result(std::string_view r) {
  return r == "1-0" || r == "0-1" || r == "1/2-1/2" || r == "*";
}

}  // namespace

std::string_view game_result(const GameRecord& game) {
  if (is_result(game.result)) return game.result;
  if (const auto tag = game.tag("Result"); tag && is_result(*tag)) return *tag;
  return "*";
}

void append_tag_value(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
}

void append_pgn(std::string& out, const GameRecord& game, std::span<const std::string> moves,
                const PgnWriteOptions& options) {
  auto tag = [&](std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    append_tag_value(out, value);
    out += "\"]\n";
  };
  // The Seven Tag Roster first, in its order, with the standard's unknown values for the
  // missing ones; then the game's other tags in their order. The Result tag is the
  // movetext's result (the token counts when the two disagree), as the standard wants.
  for (const auto& [name, unknown] : seven_tag_roster) {
    const auto value = game.tag(name);
    tag(name, name == "Result" ? game_result(game) : value ? *value : unknown);
  }
  for (std::size_t i = 0; i < game.tag_count(); ++i) {
    const std::string_view name = game.tag_name(i);
    if (is_symbol(name) && std::none_of(seven_tag_roster.begin(), seven_tag_roster.end(),
                                        [&](const auto& roster) { return roster.first == name; }))
      tag(name, game.tag_value(i));
  }
  out += '\n';

  Wrapper text(out);
  std::string scratch;
  auto comment = [&] {
    scratch.assign(1, '{');
    scratch += options.comment;
    scratch += '}';
    if (scratch.size() <= max_line) {
      text.token(scratch);
      return;
    }
    // Too long for one line (an annotation's square list): broken at its spaces outside
    // square brackets, so a "[%csl ...]" command stays whole for the GUIs that read it
    // (only such a command longer than a line overflows).
    std::size_t from = 0;
    int depth = 0;
    for (std::size_t i = 0; i <= scratch.size(); ++i) {
      if (i < scratch.size() && scratch[i] == '[') ++depth;
      if (i < scratch.size() && scratch[i] == ']') --depth;
      if (i < scratch.size() && (scratch[i] != ' ' || depth > 0)) continue;
      text.token(std::string_view(scratch).substr(from, i - from));
      from = i + 1;
    }
  };
  if (options.comment_ply == 0) comment();
  Color mover = options.first_mover;
  int number = options.first_move_number;
  bool need_number = true;  // Black's move needs "N..." at the start and after a comment
  for (std::size_t i = 0; i < moves.size(); ++i) {
    // A move number stays on the line of its move.
    scratch.clear();
    if (mover == White || need_number) {
      scratch = std::to_string(number);
      scratch += mover == White ? ". " : "... ";
    }
    scratch += moves[i];
    text.token(scratch);
    need_number = false;
    if (options.comment_ply == int(i + 1)) {
      comment();
      need_number = true;
    }
    if (mover == Black) ++number;
    mover = ~mover;
  }
  text.token(game_result(game));
  text.end_line();
  out += '\n';
}

}  // namespace pawnkit::io
