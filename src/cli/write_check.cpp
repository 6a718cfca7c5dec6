#include "cli/write_check.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cli/output.hpp"

namespace pawnkit::cli {

namespace {
int stdout_error = 0;
}  // namespace

void note_stdout_error(int error) {
  if (stdout_error == 0) stdout_error = error ? error : EIO;
}

bool stdout_failed() { return stdout_error != 0; }

int finish_stdout(int status) {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) note_stdout_error(errno);
  errno = 0;
  if (std::fclose(stdout) != 0) note_stdout_error(errno);
  if (!stdout_failed()) return status;
  std::fprintf(stderr, "pawnkit: standard output: cannot write: %s\n", std::strerror(stdout_error));
  return status ? status : 1;
}

std::string partial_name(const std::string& path) {
  const std::filesystem::path p(path);
  std::string name = ".";
  name += p.filename().string();
  name += ".partial";
  return (p.parent_path() / name).string();
}

bool write_file_whole(const std::string& path, std::string_view content, std::string& error) {
  const std::string partial = partial_name(path);
  auto fail = [&](int code) {
    error = "cannot write '" + path + "': " + std::strerror(code ? code : EIO);
    std::remove(partial.c_str());
    return false;
  };
  errno = 0;
  std::FILE* file = std::fopen(partial.c_str(), "wb");
  if (!file) {
    error = "cannot write '" + path + "': " + std::strerror(errno ? errno : EIO);
    return false;
  }
  errno = 0;
  const bool written = std::fwrite(content.data(), 1, content.size(), file) == content.size() &&
                       std::fflush(file) == 0;
  const int write_error = errno;
  errno = 0;
  const bool closed = std::fclose(file) == 0;
  if (!written) return fail(write_error);
  if (!closed) return fail(errno);
  if (std::rename(partial.c_str(), path.c_str()) != 0) return fail(errno);
  return true;
}

}  // namespace pawnkit::cli
