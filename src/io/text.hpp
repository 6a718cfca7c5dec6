// The text rule (docs/chess.md, "Text"): every string pawnkit writes is valid UTF-8. Bytes
// of a tag value that are not UTF-8 are replaced with U+FFFD where the text enters (the
// PGN reader's tag layer), one U+FFFD per maximal ill-formed subpart, as Unicode's
// recommended practice, Python's "replace" and the browsers' TextDecoder do; control
// characters (C0, DEL, C1) are escaped by the writers: JSON as \u00XX, CSV and tables
// visibly; CSV text that a spreadsheet would take for a formula is guarded.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pawnkit::io {

// The number of U+FFFD that make `text` valid UTF-8 (0 when it is valid already).
std::size_t count_invalid_utf8(std::string_view text);

// Appends `text` to `out` with each maximal ill-formed subpart replaced by U+FFFD; returns
// how many were replaced.
std::size_t append_valid_utf8(std::string& out, std::string_view text);

// The bytes of the character at text[i]: a well-formed UTF-8 sequence or a maximal
// ill-formed subpart (which U+FFFD replaces). 0 at the end.
std::size_t character_size(std::string_view text, std::size_t i);

// Whether the UTF-8 text holds a control character other than tab (C0, DEL, C1).
bool has_control(std::string_view text, bool tab_too = false);

// Appends UTF-8 `text` with each control character written as "\u00XX" so that a terminal
// or spreadsheet shows it instead of obeying it; a tab too unless `keep_tab`.
void append_visible(std::string& out, std::string_view text, bool keep_tab = false);
std::string visible(std::string_view text);

// A text as a CSV field (RFC 4180 quotes; control characters but tab shown visibly) with
// the spreadsheet-injection guard: a value beginning with '=', '+', '-', '@', tab or CR
// that is not a plain number (and not that one character alone) gets a leading "'".
void append_csv_text(std::string& out, std::string_view text);

// At most `max_bytes` of `text`, never cut inside a UTF-8 sequence, with "..." when cut.
std::string bounded_text(std::string_view text, std::size_t max_bytes);

}  // namespace pawnkit::io
