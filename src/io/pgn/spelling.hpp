// How the PGN reader reads notation spelled other than standard SAN: suffix annotations,
// UTF-8 notation (figurines, "…", "½") and unusual move spellings. Defined in reader.cpp,
// beside the reader's other helpers that need no visitor.
#pragma once

#include <string>
#include <string_view>

namespace pawnkit::io::detail {

// NAG for a suffix annotation: "!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6, else 0.
int suffix_annotation_nag(std::string_view suffix);

// `word` with its UTF-8 notation in ASCII (figurines as piece letters, "…" as "...", "½" as
// "1/2", evaluation glyphs as their ASCII spelling "+/-", "~", ...) into `out`; false when
// it holds a byte sequence that is not notation.
bool ascii_spelling(std::string_view word, std::string& out);

// A move token (move number and suffix annotations removed) that is spelled unusually:
// returns the NAG of an annotation symbol ("+=" 14, "+-" 18, "N" 146, ...), 0 for a symbol
// without one (skipped), or -1 for a move, which is then in `out` in the reader's SAN:
// "o-o"/"0-0" as "O-O", "Pe4" as "e4", "e4." as "e4", "exd6e.p." as "exd6", and a null
// move "--"/"Z0" as "--".
int respell_move(std::string_view word, std::string& out);

}  // namespace pawnkit::io::detail
