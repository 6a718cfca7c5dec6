// libFuzzer target for the PGN reader: any input must be read to the end without a crash
// or hang, begin_game/end_game must pair up, and the events must not depend on the read
// buffer size, for a visitor that takes comments and for one that lets the reader skip
// them (the reader's fast lane), leniently (repairs are warnings) and strictly. The same
// bytes also go through input detection (io/source/input_format.hpp: a decision, once made, must
// not change as more input is seen, and every byte is handed on), the gzip and bzip2
// decoders, and a source that fails halfway (a truncated .gz). Build (clang):
//   clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -Isrc \
//     fuzz/pgn_reader_fuzz.cpp src/io/pgn/{reader,error,input}.cpp \
//     src/io/source/{byte_source,input_format}.cpp -lzstd -lz -lbz2 \
//     -o pgn_reader_fuzz
//   ./pgn_reader_fuzz -max_total_time=60 tests/data/pgn
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "io/pgn/reader.hpp"
#include "io/source/input_format.hpp"

namespace {

using namespace pawnkit::io;

// Folds every event into a hash, checking the pairing rules on the way.
template <bool Comments>
struct Hasher : PgnVisitorBase {
  static constexpr bool wants_comments = Comments;
  std::uint64_t hash = 1469598103934665603ULL;
  bool in_game = false;

  void mix(std::string_view text) {
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
    hash = (hash ^ 0xFF) * 1099511628211ULL;
  }
  void begin_game(std::size_t game, std::size_t line) {
    if (in_game) std::abort();
    in_game = true;
    mix(std::to_string(game) + "@" + std::to_string(line));
  }
  void tag(std::string_view name, std::string_view value) {
    if (!in_game) std::abort();
    mix(name);
    mix(value);
  }
  Control san(std::string_view san, std::size_t line) {
    if (!in_game || san.empty()) std::abort();
    mix(san);
    mix(std::to_string(line));
    return Control::Continue;
  }
  void comment(std::string_view text) { mix(text); }
  void nag(int nag) { mix(std::to_string(nag)); }
  void end_game(std::string_view result) {
    if (!in_game) std::abort();
    in_game = false;
    mix(result);
  }
  void error(const PgnError& e) {
    mix(e.message);
    mix(std::to_string(e.line));
  }
  void warning(const PgnError& w) {
    if (strict) std::abort();  // a strict reader reports repairs as errors
    mix("warning");
    mix(w.message);
    mix(std::to_string(w.line));
  }
  bool strict = false;
};

template <bool Comments>
std::uint64_t read_with(std::string_view data, std::size_t buffer_size) {
  auto source = make_view_source(data, "fuzz.pgn");
  PgnReaderOptions options;
  options.buffer_size = buffer_size;
  options.max_token_bytes = 16;  // small limits reach the over-long paths
  options.max_comment_bytes = 32;
  options.max_tag_bytes = 40;  // long tags are read on, then cut
  // The input's length picks lenient or strict, so the corpus exercises both.
  options.strict = data.size() % 2 == 1;
  Hasher<Comments> hasher;
  hasher.strict = options.strict;
  read_pgn(*source, hasher, options);
  if (hasher.in_game) std::abort();
  return hasher.hash;
}

// A source that delivers the first `keep` bytes, then fails like a truncated .gz file.
class FailingSource final : public ByteSource {
 public:
  FailingSource(std::string_view data, std::size_t chunk)
      : ByteSource("cut.pgn.gz"), data_(data), chunk_(chunk) {}
  std::size_t read(char* out, std::size_t capacity) override {
    const std::size_t n = std::min({capacity, chunk_, data_.size() - sent_});
    std::copy_n(data_.data() + sent_, n, out);
    sent_ += n;
    if (n == 0) fail("gzip error in 'cut.pgn.gz': truncated (unexpected end of file)");
    return n;
  }

 private:
  std::string_view data_;
  std::size_t chunk_, sent_ = 0;
};

void read_failing(std::string_view data, std::size_t chunk) {
  FailingSource source(data.substr(0, data.size() / 2), chunk);
  Hasher<false> hasher;
  const PgnSummary summary = read_pgn(source, hasher);
  if (hasher.in_game || !summary.source_failed) std::abort();
}

// Input detection: a decision made on a prefix stands for every longer prefix, and the
// detected source hands on every byte.
void detect(std::string_view data) {
  const std::string_view head = data.substr(0, 256);
  std::optional<InputFormat> decided;
  for (std::size_t n = 0; n <= head.size(); ++n) {
    const auto format = format_from_content(head.substr(0, n), false);
    if (decided && format != decided) std::abort();
    decided = format;
  }
  if (head.size() == data.size()) {
    const auto final_format = format_from_content(data, true);
    if (!final_format || (decided && final_format != decided)) std::abort();
  }
  DetectedInput d = detect_input_format(make_view_source(data, "fuzz", 3), "-", std::nullopt, 512);
  std::string replayed, error;
  if (!read_all(*d.source, replayed, error) || replayed != data) std::abort();
  (void)unreadable_text(data, "fuzz");
  (void)container_from_magic(data);
}

// The decoders take any bytes: an error or some text, never a crash or a hang.
void decode(std::string_view data) {
  for (int kind = 0; kind < 2; ++kind) {
    auto inner = make_view_source(data, "fuzz", 7);
    auto source =
        kind == 0 ? make_gzip_source(std::move(inner)) : make_bzip2_source(std::move(inner));
    char buffer[4096];
    std::size_t total = 0;
    while (const std::size_t n = source->read(buffer, sizeof buffer)) {
      total += n;
      if (total > (std::size_t(64) << 20)) break;  // a small bomb is fine, a big one is not news
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::uint64_t reference = read_with<true>(text, 1 << 16);
  const std::uint64_t reference_skipping = read_with<false>(text, 1 << 16);
  for (std::size_t buffer_size : {1, 2, 3, 7}) {
    if (read_with<true>(text, buffer_size) != reference) std::abort();
    if (read_with<false>(text, buffer_size) != reference_skipping) std::abort();
  }
  read_failing(text, 1);
  read_failing(text, 1 << 16);
  detect(text);
  decode(text);
  return 0;
}
