#include "io/text.hpp"

#include <cstdint>

namespace pawnkit::io {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The length of the well-formed UTF-8 sequence at text[i] (Unicode table 3-7), or, when
// there is none, the length of its maximal ill-formed subpart as a negative number.
int sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t lead = byte(i);
  if (lead < 0x80) return 1;
  int length = 0;
  std::uint8_t low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // no overlong forms
    if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return -1;  // a continuation byte, C0, C1 or F5..FF alone
  }
  for (int k = 1; k < length; ++k) {
    if (i + k >= text.size()) return -k;  // cut off at the end
    const std::uint8_t b = byte(i + k);
    if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF)) return -k;
  }
  return length;
}

bool all_ascii(std::string_view text) {
  unsigned high = 0;  // no early exit: the loop vectorizes
  for (char c : text) high |= static_cast<std::uint8_t>(c) & 0x80u;
  return !high;
}

// The code point of the control character at text[i] (C0, DEL, or C1 as C2 80..9F), or
// -1 when there is none.
int control_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<std::uint8_t>(text[i]);
  if (c < 0x20 || c == 0x7F) return c;
  if (c == 0xC2 && i + 1 < text.size()) {
    const auto next = static_cast<std::uint8_t>(text[i + 1]);
    if (next >= 0x80 && next <= 0x9F) return next;
  }
  return -1;
}

void append_escape(std::string& out, int code) {
  static constexpr char hex[] = "0123456789abcdef";
  out += "\\u00";
  out += hex[code >> 4];
  out += hex[code & 15];
}

bool plain_number(std::string_view text) {
  std::size_t i = (text[0] == '+' || text[0] == '-') ? 1 : 0;
  bool digits = false, point = false;
  for (; i < text.size(); ++i) {
    if (text[i] >= '0' && text[i] <= '9') {
      digits = true;
    } else if (text[i] == '.' && !point) {
      point = true;
    } else {
      return false;
    }
  }
  return digits;
}

}  // namespace

std::size_t count_invalid_utf8(std::string_view text) {
  if (all_ascii(text)) return 0;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < text.size();) {
    const int length = sequence_length(text, i);
    if (length < 0) ++bad;
    i += static_cast<std::size_t>(length < 0 ? -length : length);
  }
  return bad;
}

std::size_t append_valid_utf8(std::string& out, std::string_view text) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < text.size();) {
    const int length = sequence_length(text, i);
    if (length < 0) {
      ++bad;
      out += kReplacement;
      i += static_cast<std::size_t>(-length);
    } else {
      out.append(text.substr(i, static_cast<std::size_t>(length)));
      i += static_cast<std::size_t>(length);
    }
  }
  return bad;
}

std::size_t character_size(std::string_view text, std::size_t i) {
  if (i >= text.size()) return 0;
  const int length = sequence_length(text, i);
  return static_cast<std::size_t>(length < 0 ? -length : length);
}

bool has_control(std::string_view text, bool tab_too) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int code = control_at(text, i);
    if (code >= 0 && (tab_too || code != '\t')) return true;
  }
  return false;
}

void append_visible(std::string& out, std::string_view text, bool keep_tab) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int code = control_at(text, i);
    if (code < 0 || (keep_tab && code == '\t')) {
      out += text[i];
    } else {
      append_escape(out, code);
      if (code >= 0x80) ++i;  // the two bytes of a C1 control
    }
  }
}

std::string visible(std::string_view text) {
  std::string out;
  append_visible(out, text);
  return out;
}

void append_csv_text(std::string& out, std::string_view text) {
  out += '"';
  // "-" and "+" alone (an unknown Round) and plain numbers are no formulas.
  if (!text.empty() && text != "-" && text != "+" && !plain_number(text)) {
    const char first = text[0];
    if (first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' ||
        first == '\r')
      out += '\'';
  }
  const bool controls = has_control(text);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int code = controls ? control_at(text, i) : -1;
    if (code >= 0 && code != '\t') {
      append_escape(out, code);
      if (code >= 0x80) ++i;
      continue;
    }
    if (text[i] == '"') out += '"';
    out += text[i];
  }
  out += '"';
}

std::string bounded_text(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t end = max_bytes;
  // Back to the start of the sequence that would be cut (continuation bytes are 10xxxxxx).
  while (end > 0 && (static_cast<std::uint8_t>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "...";
}

}  // namespace pawnkit::io
