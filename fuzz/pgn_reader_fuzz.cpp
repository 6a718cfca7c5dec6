// libFuzzer target for the PGN reader: any input must be read to the end without a crash
// or hang, begin_game/end_game must pair up, and the events must not depend on the read
// buffer size, for a visitor that takes comments and for one that lets the reader skip
// them (the reader's fast lane), leniently (repairs are warnings) and strictly. Build (clang):
//   clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -Isrc \
//     fuzz/pgn_reader_fuzz.cpp src/io/pgn_reader.cpp src/io/byte_source.cpp -lzstd \
//     -o pgn_reader_fuzz
//   ./pgn_reader_fuzz -max_total_time=60 tests/data/pgn
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "io/pgn_reader.hpp"

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::uint64_t reference = read_with<true>(text, 1 << 16);
  const std::uint64_t reference_skipping = read_with<false>(text, 1 << 16);
  for (std::size_t buffer_size : {1, 2, 3, 7}) {
    if (read_with<true>(text, buffer_size) != reference) std::abort();
    if (read_with<false>(text, buffer_size) != reference_skipping) std::abort();
  }
  return 0;
}
