// pawnkit: the command-line program. One file per command; this one only dispatches.
#include <csignal>
#include <cstdio>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/write_check.hpp"

namespace {

void print_usage(std::FILE* out) {
  std::fputs("usage: pawnkit <command> [options] [args]\n\ncommands:\n", out);
  for (const pawnkit::cli::Command& c : pawnkit::cli::commands())
    std::fprintf(out, "  %-9.*s %.*s\n", int(c.name.size()), c.name.data(), int(c.summary.size()),
                 c.summary.data());
  std::fputs(
      "\nRun 'pawnkit <command> --help' for a command's options; 'pawnkit --version' for the "
      "version.\n",
      out);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pawnkit::cli;
  if (argc < 2) {
    print_usage(stderr);
    return 2;
  }
  // A file grown past RLIMIT_FSIZE is a write error to report, not a silent death.
  std::signal(SIGXFSZ, SIG_IGN);
  const std::string_view command = argv[1];
  const Args args(argv + 2, argv + argc);
  if (command == "--help" || command == "-h" || command == "help") {
    print_usage(stdout);
    return 0;
  }
  if (command == "--version") {
    std::printf("pawnkit %s\n", PAWNKIT_VERSION);
    return 0;
  }
  for (const Command& c : commands()) {
    if (c.name != command) continue;
    // Memory or a thread the system refuses ends the command with one line and status 1;
    // the output written so far was flushed as the command's Output unwound.
    try {
      return finish_stdout(c.run(args));
    } catch (const std::bad_alloc&) {
      report_error(command, "out of memory: stopped (the output before this point is written)");
    } catch (const std::system_error& e) {
      report_error(command, std::string("the system refused a resource (") + e.what() +
                                "): stopped (the output before this point is written)");
    }
    return finish_stdout(1);
  }
  report_error({}, "unknown command '" + std::string(command) + "'");
  print_usage(stderr);
  return 2;
}
