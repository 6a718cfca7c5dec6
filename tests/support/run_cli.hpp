// Runs the built pawnkit binary with arguments and standard input, capturing standard
// output, standard error and the exit status.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace pawnkit::testing {

struct CliResult {
  int status = -1;
  std::string out, err;
};

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::filesystem::path& path, const std::string& data) {
  std::ofstream(path, std::ios::binary) << data;
}

// `args` is pasted into a shell command line: quote what needs quoting.
inline CliResult run_cli(const std::string& args, const std::string& input = {}) {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() / ("pawnkit_cli_" + std::to_string(::getpid()) +
                                                    "_" + std::to_string(counter++));
  fs::create_directories(dir);
  write_file(dir / "in", input);
  const std::string command = std::string("'") + PAWNKIT_CLI_PATH + "' " + args + " <'" +
                              (dir / "in").string() + "' >'" + (dir / "out").string() + "' 2>'" +
                              (dir / "err").string() + "'";
  const int raw = std::system(command.c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = read_file(dir / "out");
  r.err = read_file(dir / "err");
  fs::remove_all(dir);
  return r;
}

}  // namespace pawnkit::testing
