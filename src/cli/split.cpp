// pawnkit split: cuts one PGN database into .pgn.zst shards of N games each, at game
// boundaries, streaming in constant memory, so that a monthly file becomes many tasks
// for a cluster (python/pawnkit/dask.py).
//
// The shards hold the input's bytes unchanged after one header line, a PGN escape line
// saying where the shard starts in the original (io/split_origin.hpp): the PGN reader only
// says where each game starts (its line), and the bytes are cut at the start of that line.
// Bad games are copied as they are, so that whoever reads the shards reports them as the
// whole file would.
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/write_check.hpp"
#include "io/pgn/reader.hpp"
#include "io/source/byte_source.hpp"
#include "io/source/input_format.hpp"
#include "io/split_origin.hpp"

namespace pawnkit::cli {

namespace {

// One zstd-compressed output file, written as it streams under a temporary name
// (partial_name) and renamed to its own when whole; removed when it cannot be completed.
class ZstdFile {
 public:
  ~ZstdFile() {
    if (file_) abandon();
  }
  bool open(const std::string& path) {
    path_ = path;
    errno = 0;
    file_ = std::fopen(partial_name(path).c_str(), "wb");
    if (!file_) return note(errno);
    ZSTD_CCtx_reset(context_.get(), ZSTD_reset_session_only);
    return true;
  }
  bool write(std::string_view bytes) { return compress(bytes, ZSTD_e_continue); }
  // Ends the frame, closes the file and gives it its name; on failure removes it.
  bool close() {
    const bool ok = compress({}, ZSTD_e_end);
    errno = 0;
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (!closed) note(errno);
    errno = 0;
    if (ok && closed && std::rename(partial_name(path_).c_str(), path_.c_str()) == 0) return true;
    note(errno);
    std::remove(partial_name(path_).c_str());
    return false;
  }
  // Closes and removes the file (a shard that cannot be completed).
  void abandon() {
    std::fclose(file_);
    file_ = nullptr;
    std::remove(partial_name(path_).c_str());
  }
  const std::string& path() const { return path_; }
  bool is_open() const { return file_ != nullptr; }
  // "cannot write 'PATH': REASON" for the first failure.
  std::string problem() const {
    return "cannot write '" + path_ + "': " + std::strerror(error_ ? error_ : EIO);
  }

 private:
  bool compress(std::string_view bytes, ZSTD_EndDirective mode) {
    ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
    for (;;) {
      ZSTD_outBuffer out{buffer_.data(), buffer_.size(), 0};
      const std::size_t left = ZSTD_compressStream2(context_.get(), &out, &in, mode);
      if (ZSTD_isError(left)) return false;
      errno = 0;
      if (out.pos && std::fwrite(buffer_.data(), 1, out.pos, file_) != out.pos) return note(errno);
      if (mode == ZSTD_e_end ? left == 0 : in.pos == in.size) return true;
    }
  }

  struct FreeContext {
    void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
  };
  std::unique_ptr<ZSTD_CCtx, FreeContext> context_{ZSTD_createCCtx()};
  std::string buffer_ = std::string(ZSTD_CStreamOutSize(), '\0');
  std::FILE* file_ = nullptr;
  std::string path_;
  int error_ = 0;

  bool note(int error) {
    if (error_ == 0) error_ = error;
    return false;
  }
};

// Keeps the bytes the reader has not finished with. When the reader asks for more, every
// whole line it was given is parsed (a game is announced at its first byte), so those
// lines go to the current shard; a game that opens a new shard cuts at its line's start.
class Splitter : public io::ByteSource {
 public:
  Splitter(io::ByteSource& input, std::size_t games_per_shard, std::filesystem::path directory,
           std::string stem)
      : ByteSource(input.name()),
        input_(input),
        games_per_shard_(games_per_shard),
        directory_(std::move(directory)),
        stem_(std::move(stem)) {}

  std::size_t read(char* out, std::size_t capacity) override {
    // Whole lines seen so far belong to the open shard (or precede the first game).
    const std::size_t last_newline = pending_.rfind('\n');
    if (last_newline != std::string::npos) emit(last_newline + 1);
    const std::size_t n = input_.read(out, capacity);
    if (n == 0) pass_on(input_);
    pending_.append(out, n);
    return n;
  }

  // Game `number` starts on `line`: a new shard begins there every games_per_shard games.
  void game_starts(std::size_t number, std::size_t line) {
    if ((number - 1) % games_per_shard_ != 0) return;
    // Everything before the game's line goes to the shard before.
    std::size_t offset = 0;
    for (std::size_t l = pending_line_; l < line && offset < pending_.size(); ++l) {
      const std::size_t nl = pending_.find('\n', offset);
      if (nl == std::string::npos) break;
      offset = nl + 1;
    }
    emit(offset);
    close_shard();
    if (!ok_) return;
    const std::string shard_name = stem_ + "-" + shard_number(shards_.size() + 1) + ".pgn.zst";
    if (!shard_.open((directory_ / shard_name).string())) {
      problem_ = shard_.problem();
      ok_ = false;
      return;
    }
    // The origin first, so that messages about the shard can name the original file.
    const std::string origin = io::split_origin_line({name(), number, line});
    if (!shard_.write(origin)) {
      problem_ = shard_.problem();
      ok_ = false;
      shard_.abandon();
    }
  }

  // Writes the rest and closes the last shard.
  bool finish() {
    emit(pending_.size());
    close_shard();
    return ok_;
  }

  const std::vector<std::string>& shards() const { return shards_; }
  const std::string& problem() const { return problem_; }

 private:
  static std::string shard_number(std::size_t n) {
    std::string digits = std::to_string(n);
    return std::string(digits.size() < 5 ? 5 - digits.size() : 0, '0') + digits;
  }

  // The first `bytes` pending bytes go to the open shard (bytes before the first game
  // go nowhere: there is no game to keep them with, and PGN readers ignore them).
  void emit(std::size_t bytes) {
    if (bytes == 0) return;
    const std::string_view head(pending_.data(), bytes);
    for (char c : head) pending_line_ += c == '\n';
    if (shard_.is_open() && ok_ && !shard_.write(head)) {
      problem_ = shard_.problem();
      ok_ = false;
      shard_.abandon();
    }
    pending_.erase(0, bytes);
  }

  // A shard is listed once it is whole under its own name.
  void close_shard() {
    if (!shard_.is_open()) return;
    if (!ok_) {
      shard_.abandon();
    } else if (shard_.close()) {
      shards_.push_back(shard_.path());
    } else {
      problem_ = shard_.problem();
      ok_ = false;
    }
  }

  io::ByteSource& input_;
  std::size_t games_per_shard_;
  std::filesystem::path directory_;
  std::string stem_;
  std::string pending_;           // read, not yet written
  std::size_t pending_line_ = 1;  // line number of pending_'s first byte
  ZstdFile shard_;
  std::vector<std::string> shards_;
  bool ok_ = true;
  std::string problem_;
};

// Announces each game's start to the splitter and skips the rest of the game (the
// bytes are copied whole; nothing needs parsing).
struct GameStarts : io::PgnVisitorBase {
  Splitter* splitter;
  Control begin_game(std::size_t number, std::size_t line) {
    splitter->game_starts(number, line);
    return Control::SkipGame;
  }
};

// "games" from "dir/games.pgn.zst".
std::string stem_of(std::string_view path) {
  std::string name = std::filesystem::path(path).filename().string();
  for (std::string_view suffix : {".zst", ".pgn"})
    if (name.size() > suffix.size() && name.ends_with(suffix))
      name.resize(name.size() - suffix.size());
  return name.empty() || name == "-" ? "games" : name;
}

// After `split --force`: the <stem>-NNNNN.pgn.zst files of an older split that this one
// did not write, so that `stats OUTDIR/*` counts each game once.
void remove_stale_shards(const std::filesystem::path& directory, const std::string& stem,
                         const std::vector<std::string>& written) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
    const std::string name = entry.path().filename().string();
    const std::string_view rest =
        std::string_view(name).substr(std::min(name.size(), stem.size() + 1));
    const bool shard_name = name.starts_with(stem + "-") && rest.ends_with(".pgn.zst") &&
                            rest.size() > 8 &&
                            rest.find_first_not_of("0123456789") == rest.size() - 8;
    if (!shard_name) continue;
    const std::string path = (directory / name).string();
    if (std::find(written.begin(), written.end(), path) == written.end())
      std::filesystem::remove(entry.path(), ec);
  }
}

}  // namespace

int run_split(const Args& args) {
  std::string games_text;
  bool force = false;
  Options options("split", "split --games N IN OUTDIR",
                  "Cuts the PGN database IN (.pgn, .pgn.zst, '-' for standard input) into\n"
                  "shards of N games each, written as OUTDIR/<name>-00001.pgn.zst, ... (OUTDIR\n"
                  "is created if needed). Games are cut at their boundaries and copied byte for\n"
                  "byte, bad games included, after a first line '% pawnkit split: game G line\n"
                  "L file IN' (a PGN escape line, which readers ignore) saying where the shard\n"
                  "starts in IN; memory stays constant however large IN is. The shards' paths\n"
                  "are printed, one a line. Then run 'stats' or pawnkit.dask on the shards: one\n"
                  "task per shard (pawnkit.dask's messages name IN's games and lines).\n"
                  "Each shard is written as OUTDIR/.<name>.partial and renamed when whole; a\n"
                  "non-empty OUTDIR is refused unless --force, which also removes the older\n"
                  "<name>-NNNNN.pgn.zst shards that this split did not write.");
  options.value("games", games_text, "games per shard (required)");
  options.flag("force", force, "write into a non-empty OUTDIR");
  std::vector<std::string_view> positionals;
  if (const auto status = options.parse(args, positionals)) return *status;
  const std::optional<int> games = parse_int_in_range(games_text, 1, 1'000'000'000);
  if (!games || positionals.size() != 2) {
    report_error("split", "usage: pawnkit split --games N IN OUTDIR (N from 1 to 1000000000)");
    return 2;
  }
  const std::string input(positionals[0]);
  const std::filesystem::path directory(positionals[1]);
  if (io::format_from_name(input) == io::InputFormat::Epd) {
    report(io::Diagnostic{.file = input, .message = "split cuts PGN games; this is FEN/EPD"});
    return 2;
  }
  io::OpenedSource opened = io::open_source(input);
  if (!opened.ok()) {
    report(io::Diagnostic{.message = opened.error});
    return 1;
  }
  std::error_code ec;
  if (!force && std::filesystem::is_directory(directory, ec) &&
      !std::filesystem::is_empty(directory, ec)) {
    report_error("split", "'" + directory.string() +
                              "' is not empty (older shards would mix with the new ones); "
                              "use --force to write into it");
    return 1;
  }
  std::filesystem::create_directories(directory, ec);
  if (ec) {
    report_error("split", "cannot create '" + directory.string() + "': " + ec.message());
    return 1;
  }
  Splitter splitter(*opened.source, std::size_t(*games), directory, stem_of(input));
  GameStarts starts;
  starts.splitter = &splitter;
  const io::PgnSummary summary = io::read_pgn(splitter, starts);
  const bool written = splitter.finish();
  std::string listing;
  for (const std::string& shard : splitter.shards()) listing += shard + "\n";
  std::fwrite(listing.data(), 1, listing.size(), stdout);
  std::fflush(stdout);
  if (!written) {
    report_error("split", splitter.problem());
    return 1;
  }
  if (force) remove_stale_shards(directory, stem_of(input), splitter.shards());
  if (splitter.failed()) {
    report(io::Diagnostic{.file = input, .message = splitter.error()});
    return 1;
  }
  std::fprintf(stderr, "pawnkit: split: %zu game%s in %zu shard%s\n", summary.games,
               summary.games == 1 ? "" : "s", splitter.shards().size(),
               splitter.shards().size() == 1 ? "" : "s");
  return 0;
}

}  // namespace pawnkit::cli
