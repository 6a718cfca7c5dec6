// A small command-line option parser shared by every command: `--name value`,
// `--name=value`, flags, repeatable options and positional arguments, with one-line
// errors and a generated --help.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"

namespace pawnkit::cli {

// A whole decimal number from min to max, nothing else; nullopt otherwise.
std::optional<int> parse_int_in_range(std::string_view text, int min, int max);

class Options {
 public:
  // `synopsis` is the usage line after "pawnkit", `description` a paragraph for --help.
  Options(std::string_view command, std::string_view synopsis, std::string_view description);

  // A flag: present or not.
  Options& flag(std::string_view name, bool& out, std::string_view help);
  // An option with one value; `choices` (if not empty) lists the allowed values.
  Options& value(std::string_view name, std::string& out, std::string_view help,
                 std::vector<std::string_view> choices = {});
  // A whole number from min to max; `out` keeps its value when the option is absent.
  Options& integer(std::string_view name, int& out, int min, int max, std::string_view help);
  // An option with a value that may be given several times; values may also be
  // comma-separated, and the arguments after it are taken too while `accepts` says yes.
  Options& values(std::string_view name, std::vector<std::string>& out, std::string_view help,
                  std::function<bool(std::string_view)> accepts = {});

  // The option added last must be given (a value option).
  Options& required();
  // At least one positional argument must be given; `what` names it in the error.
  Options& needs_operand(std::string_view what);

  // Parses args. nullopt: run the command. Otherwise the exit status to end with: 0 after
  // --help (printed), 2 after an error (one line and the usage line on stderr).
  //   if (const auto status = options.parse(args, files)) return *status;
  std::optional<int> parse(const Args& args, std::vector<std::string_view>& positionals);
  // The same for a command that takes no positional arguments: one is an error.
  std::optional<int> parse(const Args& args);

  std::string help() const;
  std::string_view command() const { return command_; }

 private:
  struct Spec {
    std::string_view name, help;
    bool* flag = nullptr;
    std::string* value = nullptr;
    std::vector<std::string>* values = nullptr;
    std::vector<std::string_view> choices = {};
    std::function<bool(std::string_view)> accepts = {};
    int* integer = nullptr;
    int min = 0, max = 0;
    bool required = false;
  };
  // Prints "pawnkit: COMMAND: message" and the usage line; returns the exit status 2.
  int fail(std::string_view message) const;

  std::string_view command_, synopsis_;
  std::string description_;  // owned: commands may build it at run time
  std::vector<Spec> specs_;
  std::string_view operand_;  // the positional argument that must be given, if any
};

}  // namespace pawnkit::cli
