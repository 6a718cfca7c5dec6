// Is an input PGN (games) or EPD/FEN (one position a line)? The pattern spec's rule
// (spec/patterns.md, "Input format"): an explicit `--input pgn|epd` wins; then the name:
// `.pgn` is PGN, `.fen` and `.epd` are positions (also with .zst, .gz or .bz2 after them);
// otherwise (and for standard input) the content decides: a first non-blank line that
// starts with `[`, a comment, a `%` escape, a move number such as `1.` or a bare move such as
// `e4` is PGN, anything else EPD (see format_from_content).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/source/byte_source.hpp"

namespace pawnkit::io {

enum class InputFormat { Pgn, Epd };

// "pgn" or "epd" (the --input values); nullopt for anything else.
std::optional<InputFormat> parse_input_format(std::string_view text);

std::string_view format_name(InputFormat format);

// By file name (case-insensitive): .pgn is PGN; .fen/.epd are EPD; also with .zst, .gz or
// .bz2 after them; nullopt when the name does not say (other names, "-").
std::optional<InputFormat> format_from_name(std::string_view path);

// By content, from the first non-blank line (after a UTF-8 BOM): PGN when it starts with
// a tag '[', a comment '{' or ';', an escape line '%', a move number ("1.", "12...") or a
// bare move ("e4 e5 Nf3", "O-O", "exd5", "e2e4"); EPD otherwise (a FEN's first word is a
// board with '/'). nullopt when `head` holds no decidable line yet (only blanks, or a first
// word that reaches the end of `head`) and more input may follow.
std::optional<InputFormat> format_from_content(std::string_view head, bool at_end_of_input);

struct DetectedInput {
  InputFormat format = InputFormat::Epd;
  bool empty = false;  // nothing but blanks: neither PGN nor FEN/EPD (read as EPD, no record)
  std::unique_ptr<ByteSource> source;  // yields every byte of the input, peeked or not
};

// Applies the whole rule to an opened input. When the content decides, up to
// `max_peek` bytes are read ahead and handed out again by the returned source; if no
// non-blank line appears within them the input is taken as EPD. Blank lines before the
// first text do not count towards `max_peek`; they are handed on byte for byte up to
// 1 MiB, and past that only their line breaks are kept.
DetectedInput detect_input_format(std::unique_ptr<ByteSource> source, std::string_view path,
                                  std::optional<InputFormat> override_format,
                                  std::size_t max_peek = 64 * 1024);

// open_source + detect_input_format in one call, for the CLI: `source` is null and
// `error` says why when the file cannot be opened.
struct OpenedInput {
  InputFormat format = InputFormat::Epd;
  bool empty = false;  // see DetectedInput::empty: commands that need PGN accept it
  std::unique_ptr<ByteSource> source;
  std::string error;

  bool ok() const { return source != nullptr; }
};
OpenedInput open_input(const std::string& path, std::optional<InputFormat> override_format = {});

}  // namespace pawnkit::io
