// The page's files in the WebAssembly module: the bytes the page writes into the module's
// memory (web/site/worker.js), read by the bindings (bindings.cpp: stats, find, similar,
// games; explorer_bindings.cpp: the in-memory index).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/diagnostic.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::web {

// A file's bytes, written by the page straight into the module's memory.
class Input {
 public:
  explicit Input(std::string name) : name_(std::move(name)) {}
  // Makes room for `size` more bytes and returns where the page writes them.
  std::uintptr_t append(std::size_t size) {
    const std::size_t at = bytes_.size();
    bytes_.resize(at + size);
    return reinterpret_cast<std::uintptr_t>(bytes_.data() + at);
  }
  std::size_t size() const { return bytes_.size(); }
  // Room for `size` bytes in all, so that appending does not copy what is there.
  void reserve(std::size_t size) { bytes_.reserve(size); }
  const std::string& name() const { return name_; }
  // The text to read: UTF-16 with a byte order mark is transcoded, as the CLI does (with
  // the same warning), so that the page reads every file the CLI reads.
  std::unique_ptr<io::ByteSource> source() const {
    auto view = io::make_view_source(bytes_, name_);
    if (const int order = io::utf16_byte_order(bytes_); order != 0)
      return io::make_utf16_source(std::move(view), order == 2);
    return view;
  }
  // The text [from, to) (to clamped to the end): one game's text for the page's move list.
  // Offsets count the text read, so a UTF-16 file's are in its UTF-8 transcoding.
  std::string_view text(std::uint64_t from, std::uint64_t to) const {
    const std::string& text = io::utf16_byte_order(bytes_) != 0 ? transcoded() : bytes_;
    if (from >= text.size()) return {};
    return std::string_view(text).substr(from, std::min<std::uint64_t>(to, text.size()) - from);
  }
  // Why these bytes are not PGN text (binary, a ZIP archive, UTF-16 without a mark), or empty.
  std::string unreadable() const {
    if (io::utf16_byte_order(bytes_) != 0) return {};
    const std::string_view head(bytes_.data(), std::min<std::size_t>(bytes_.size(), 4096));
    std::string why = io::unreadable_text(head.substr(0, 64), name_);
    if (why.empty() && head.find('\0') != std::string_view::npos)
      why = io::quoted(name_) + ": binary data, not PGN text";
    return why;
  }

 private:
  // The UTF-8 text of UTF-16 bytes, made once, when a game's text is first asked for.
  const std::string& transcoded() const {
    if (transcoded_.empty()) {
      std::string error;
      io::read_all(*source(), transcoded_, error);
    }
    return transcoded_;
  }

  std::string name_;
  std::string bytes_;
  mutable std::string transcoded_;
};

}  // namespace pawnkit::web
