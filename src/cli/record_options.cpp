#include "cli/record_options.hpp"

#include "cli/game_output.hpp"
#include "cli/output.hpp"

namespace pawnkit::cli {

void RecordOptions::add_input(Options& options) {
  options.value("input", input, "input kind, default decided by name and content",
                {"auto", "epd", "pgn"});
}

void RecordOptions::add_threads(Options& options, std::string_view help) {
  options.value("threads", threads_text_, help);
}

void RecordOptions::add_min_plies(Options& options, int max, std::string default_text,
                                  std::string_view help) {
  max_min_plies_ = max;
  min_plies_text_ = std::move(default_text);
  options.value("min-plies", min_plies_text_, help);
}

void RecordOptions::add_strict(Options& options) {
  options.flag("strict", strict,
               "every repair of the input (a warning otherwise) is an error: the game is bad");
}

std::optional<int> RecordOptions::parse(Options& options, const Args& args,
                                        std::vector<std::string_view>& files) {
  if (const auto status = options.parse(args, files)) return status;
  if (files.empty()) files.push_back("-");
  const std::optional<int> thread_count = parse_thread_count(threads_text_);
  const std::optional<int> plies = max_min_plies_
                                       ? parse_int_in_range(min_plies_text_, 1, max_min_plies_)
                                       : std::optional<int>(1);
  if (!thread_count || !plies) {
    report_error(options.command(),
                 max_min_plies_
                     ? "--threads takes 0 (every core) to 256, --min-plies 1 to " +
                           std::to_string(max_min_plies_)
                     : std::string("--threads takes a number from 0 (every core) to 256"));
    return 2;
  }
  threads = *thread_count;
  min_plies = *plies;
  return std::nullopt;
}

}  // namespace pawnkit::cli
