// The page's files in the WebAssembly module: the bytes the page writes into the module's
// memory (web/site/worker.js), read by the bindings (bindings.cpp: stats, find, similar,
// games; explorer_bindings.cpp: the in-memory index). The page may run a question while
// the bytes still arrive (streamed_call.cpp): then reading waits for them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/diagnostic.hpp"
#include "io/source/byte_source.hpp"

// Imported from the page's worker (streamed_input.js): suspends the module until more
// bytes of a file still arriving were appended (or it ended), with JavaScript Promise
// Integration; 1 then, 0 where the module cannot wait (no JSPI, or not entered through
// the streamed call).
extern "C" int pawnkit_wait_for_bytes();

namespace pawnkit::web {

// A file's bytes, written by the page straight into the module's memory. Between
// start_arriving() and finish() more bytes may come, and reading waits for them (the
// worker's overlapped load); otherwise the bytes are all there.
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
  // More bytes will come, until finish() (the page appended them all, or decoding failed).
  void start_arriving() { finished_ = false; }
  void finish() { finished_ = true; }
  // Waits until `size` bytes have arrived or the input is complete; false when it cannot wait.
  bool wait_for(std::size_t size) const {
    while (bytes_.size() < size && !finished_)
      if (!pawnkit_wait_for_bytes()) return false;
    return true;
  }
  // The text to read: UTF-16 with a byte order mark is transcoded, as the CLI does (with
  // the same warning), so that the page reads every file the CLI reads.
  std::unique_ptr<io::ByteSource> source() const {
    wait_for(2);  // the byte order mark
    std::unique_ptr<io::ByteSource> raw;
    if (finished_)
      raw = io::make_view_source(bytes_, name_);
    else
      raw = std::make_unique<ArrivingSource>(*this);
    if (const int order = io::utf16_byte_order(bytes_); order != 0)
      return io::make_utf16_source(std::move(raw), order == 2);
    return raw;
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
    wait_for(4096);
    if (io::utf16_byte_order(bytes_) != 0) return {};
    const std::string_view head(bytes_.data(), std::min<std::size_t>(bytes_.size(), 4096));
    std::string why = io::unreadable_text(head.substr(0, 64), name_);
    if (why.empty() && head.find('\0') != std::string_view::npos)
      why = io::quoted(name_) + ": binary data, not PGN text";
    return why;
  }

 private:
  // The bytes of an Input still arriving, read as they come: by offset, since appending
  // may move them.
  class ArrivingSource final : public io::ByteSource {
   public:
    explicit ArrivingSource(const Input& input) : ByteSource(input.name()), input_(input) {}
    std::size_t read(char* out, std::size_t capacity) override {
      if (!input_.wait_for(at_ + 1)) {
        fail(io::quoted(input_.name()) + ": the page could not wait for the file's bytes");
        return 0;
      }
      const std::size_t n = std::min(capacity, input_.bytes_.size() - at_);
      std::copy_n(input_.bytes_.data() + at_, n, out);
      at_ += n;
      return n;
    }

   private:
    const Input& input_;
    std::size_t at_ = 0;
  };

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
  bool finished_ = true;
  mutable std::string transcoded_;
};

}  // namespace pawnkit::web
