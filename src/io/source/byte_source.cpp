#include "io/source/byte_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <memory>
#include <vector>

namespace pawnkit::io {
namespace {

// A POSIX file descriptor read directly into the caller's buffer: no copy, no buffer of
// its own. Standard input is not closed at the end. A regular file that ends before the
// size it had when opened was cut short while being read: that is an error, not an end.
class FileSource final : public ByteSource {
 public:
  FileSource(int fd, std::string name, bool owns)
      : ByteSource(std::move(name)), fd_(fd), owns_(owns) {
    struct stat info {};
    if (::fstat(fd_, &info) == 0 && S_ISREG(info.st_mode)) {
      const off_t at = ::lseek(fd_, 0, SEEK_CUR);
      if (at >= 0 && at <= info.st_size) expected_ = static_cast<std::size_t>(info.st_size - at);
    }
  }
  ~FileSource() override {
    if (owns_) ::close(fd_);
  }

  // Retries on EINTR; any other failure ends the input with a message.
  std::size_t read(char* out, std::size_t capacity) override {
    if (done_) return 0;
    for (;;) {
      const ssize_t n = ::read(fd_, out, capacity);
      if (n > 0) {
        read_ += static_cast<std::size_t>(n);
        return static_cast<std::size_t>(n);
      }
      if (n < 0 && errno == EINTR) continue;
      done_ = true;
      if (n < 0) fail("read error on " + quoted(name()) + ": " + std::strerror(errno));
      if (n == 0 && read_ < expected_) {
        fail(quoted(name()) + " shrank while being read: it had " + std::to_string(expected_) +
             " bytes, the input ended after " + std::to_string(read_));
      }
      return 0;
    }
  }

 private:
  int fd_;
  bool owns_;
  bool done_ = false;
  std::size_t read_ = 0;
  std::size_t expected_ = 0;  // a regular file's size when opened (less the offset)
};

// Why an opened file descriptor is refused before anything is read, or "": a character
// device that is not a terminal (/dev/zero, /dev/urandom never end; /dev/null is the
// empty input and allowed), and the file that standard output writes to (the output would
// feed the input without end).
std::string refused_input(int fd, const std::string& name) {
  struct stat info {
  }, out{};
  if (::fstat(fd, &info) != 0) return {};
  if (S_ISCHR(info.st_mode) && !::isatty(fd)) {
    struct stat null {};
    if (::stat("/dev/null", &null) != 0 || null.st_rdev != info.st_rdev)
      return "cannot read " + quoted(name) +
             ": a character device that is not a terminal (its input may never end)";
  }
  if (fd != STDOUT_FILENO && S_ISREG(info.st_mode) && ::fstat(STDOUT_FILENO, &out) == 0 &&
      S_ISREG(out.st_mode) && out.st_dev == info.st_dev && out.st_ino == info.st_ino)
    return "cannot read " + quoted(name) +
           ": it is also the standard output (the output would feed the input without end)";
  return {};
}

// Hands out the peeked bytes first, then the rest of the inner source.
class PrefixedSource final : public ByteSource {
 public:
  PrefixedSource(std::string prefix, std::unique_ptr<ByteSource> inner)
      : ByteSource(inner->name()), prefix_(std::move(prefix)), inner_(std::move(inner)) {}

  std::size_t read(char* out, std::size_t capacity) override {
    if (sent_ < prefix_.size()) {
      const std::size_t n = std::min(capacity, prefix_.size() - sent_);
      std::memcpy(out, prefix_.data() + sent_, n);
      sent_ += n;
      return n;
    }
    const std::size_t n = inner_->read(out, capacity);
    if (n == 0) pass_on(*inner_);
    return n;
  }

 private:
  std::string prefix_;
  std::size_t sent_ = 0;
  std::unique_ptr<ByteSource> inner_;
};

// Bytes from memory, in chunks of at most max_chunk. Owns a copy unless given a view.
class MemorySource final : public ByteSource {
 public:
  MemorySource(std::string owned, std::string_view view, std::string name, std::size_t max_chunk)
      : ByteSource(std::move(name)),
        owned_(std::move(owned)),
        data_(owned_.empty() ? view : std::string_view(owned_)),
        max_chunk_(std::max<std::size_t>(max_chunk, 1)) {}

  std::size_t read(char* out, std::size_t capacity) override {
    const std::size_t n = std::min({capacity, max_chunk_, data_.size() - pos_});
    if (n == 0) return 0;
    std::memcpy(out, data_.data() + pos_, n);
    pos_ += n;
    return n;
  }

 private:
  std::string owned_;
  std::string_view data_;
  std::size_t max_chunk_;
  std::size_t pos_ = 0;
};

}  // namespace

std::string quoted(std::string_view name) {
  std::string text = "'";  // appended, not "'" + std::string: GCC 12 warns falsely on that
  return text.append(name).append("'");
}

bool is_zstd_name(std::string_view path) { return path.ends_with(".zst"); }

Container container_from_name(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) {
    if (path.size() < suffix.size()) return false;
    return std::equal(suffix.begin(), suffix.end(), path.end() - suffix.size(),
                      [](char lower, char c) {
                        return (c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c) == lower;
                      });
  };
  if (ends_with(".zst")) return Container::Zstd;
  if (ends_with(".gz")) return Container::Gzip;
  if (ends_with(".bz2")) return Container::Bzip2;
  return Container::Plain;
}

Container container_from_magic(std::string_view head) {
  if (head.starts_with("\x28\xB5\x2F\xFD")) return Container::Zstd;
  if (head.starts_with("\x1F\x8B")) return Container::Gzip;
  if (head.size() >= 4 && head.starts_with("BZh") && head[3] >= '1' && head[3] <= '9')
    return Container::Bzip2;
  return Container::Plain;
}

std::string unreadable_text(std::string_view head, std::string_view name) {
  const std::string file = quoted(std::string(name));
  if (head.starts_with("PK\x03\x04") || head.starts_with("PK\x05\x06")) {
    return file +
           " is a ZIP archive, not PGN or FEN/EPD text: unzip it first "
           "(pawnkit reads text, .gz, .bz2 and .zst files directly)";
  }
  const auto utf16 = [&](std::string_view order) {
    return file + " is UTF-16 text (" + std::string(order) +
           "): convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8";
  };
  if (head.starts_with("\xFF\xFE")) return utf16("byte order mark FF FE");
  if (head.starts_with("\xFE\xFF")) return utf16("byte order mark FE FF");
  // Without a mark: ASCII text in UTF-16 has a NUL in every other byte, and text never
  // does. Eight bytes (four characters) are enough to tell.
  const std::size_t n = std::min<std::size_t>(head.size(), 64) & ~std::size_t{1};
  if (n >= 8) {
    bool low_nul = true, high_nul = true;  // NUL at odd (little-endian) / even offsets
    for (std::size_t i = 0; i < n; i += 2) {
      low_nul &= head[i] != '\0' && head[i + 1] == '\0';
      high_nul &= head[i] == '\0' && head[i + 1] != '\0';
    }
    if (low_nul) return utf16("little-endian, no byte order mark");
    if (high_nul) return utf16("big-endian, no byte order mark");
  }
  return {};
}

std::string read_prefix(ByteSource& source, std::size_t size) {
  std::string head(size, '\0');
  std::size_t have = 0;
  while (have < size) {
    const std::size_t n = source.read(head.data() + have, size - have);
    if (n == 0) break;
    have += n;
  }
  head.resize(have);
  return head;
}

OpenedSource open_source(const std::string& path) {
  OpenedSource opened;
  std::unique_ptr<ByteSource> raw;
  if (path == "-") {
    if (std::string why = refused_input(STDIN_FILENO, "<stdin>"); !why.empty()) {
      opened.error = std::move(why);
      return opened;
    }
    raw = std::make_unique<FileSource>(STDIN_FILENO, "<stdin>", false);
  } else {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      opened.error = "cannot open " + quoted(path) + ": " + std::strerror(errno);
      return opened;
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0 || S_ISDIR(info.st_mode)) {
      const int saved = S_ISDIR(info.st_mode) ? EISDIR : errno;
      ::close(fd);
      opened.error = "cannot open " + quoted(path) + ": " + std::strerror(saved);
      return opened;
    }
    if (std::string why = refused_input(fd, path); !why.empty()) {
      ::close(fd);
      opened.error = std::move(why);
      return opened;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    raw = std::make_unique<FileSource>(fd, path, true);
  }
  return decode_source(std::move(raw), path);
}

OpenedSource decode_source(std::unique_ptr<ByteSource> raw, std::string_view path) {
  OpenedSource opened;
  // The magic bytes say how the data is packed; a name that says compressed but data
  // that does not is left to that decoder, which reports what is wrong.
  std::string head = read_prefix(*raw, 64);
  Container container = container_from_magic(head);
  if (const int order = utf16_byte_order(head); order != 0 && !raw->failed()) {
    opened.source = make_line_bound_source(
        make_utf16_source(make_prefixed_source(std::move(head), std::move(raw)), order == 2),
        max_bytes_without_line_end);
    return opened;
  }
  if (container == Container::Plain && !raw->failed()) {
    if (std::string why = unreadable_text(head, raw->name()); !why.empty()) {
      opened.error = std::move(why);
      return opened;
    }
    container = container_from_name(path);
  }
  std::unique_ptr<ByteSource> source = make_prefixed_source(std::move(head), std::move(raw));
  switch (container) {
    case Container::Plain:
      opened.source = make_line_bound_source(std::move(source), max_bytes_without_line_end);
      return opened;
    case Container::Zstd:
      source = make_zstd_source(std::move(source));
      break;
    case Container::Gzip:
      source = make_gzip_source(std::move(source));
      break;
    case Container::Bzip2:
      source = make_bzip2_source(std::move(source));
      break;
  }
  // What the decompressed bytes are: a zipped or UTF-16 file inside the compression.
  head = read_prefix(*source, 64);
  if (const int order = utf16_byte_order(head); order != 0 && !source->failed()) {
    opened.source = make_line_bound_source(
        make_utf16_source(make_prefixed_source(std::move(head), std::move(source)), order == 2),
        max_bytes_without_line_end);
    return opened;
  }
  if (!source->failed()) {
    if (std::string why = unreadable_text(head, source->name()); !why.empty()) {
      opened.error = std::move(why);
      return opened;
    }
  }
  opened.source = make_line_bound_source(make_prefixed_source(std::move(head), std::move(source)),
                                         max_bytes_without_line_end);
  return opened;
}

std::unique_ptr<ByteSource> make_prefixed_source(std::string prefix,
                                                 std::unique_ptr<ByteSource> inner) {
  return std::make_unique<PrefixedSource>(std::move(prefix), std::move(inner));
}

std::unique_ptr<ByteSource> make_memory_source(std::string data, std::string name,
                                               std::size_t max_chunk) {
  return std::make_unique<MemorySource>(std::move(data), std::string_view(), std::move(name),
                                        max_chunk);
}

std::unique_ptr<ByteSource> make_view_source(std::string_view data, std::string name,
                                             std::size_t max_chunk) {
  return std::make_unique<MemorySource>(std::string(), data, std::move(name), max_chunk);
}

bool read_all(ByteSource& source, std::string& out, std::string& error) {
  char chunk[1 << 16];
  while (const std::size_t n = source.read(chunk, sizeof chunk)) out.append(chunk, n);
  error = source.error();
  return !source.failed();
}

}  // namespace pawnkit::io
