#include "cli/options.hpp"

#include <charconv>
#include <cstdio>

#include "cli/output.hpp"

namespace pawnkit::cli {

std::optional<int> parse_int_in_range(std::string_view text, int min, int max) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < min || n > max)
    return std::nullopt;
  return n;
}

Options::Options(std::string_view command, std::string_view synopsis, std::string_view description)
    : command_(command), synopsis_(synopsis), description_(description) {}

Options& Options::flag(std::string_view name, bool& out, std::string_view help) {
  specs_.push_back({.name = name, .help = help, .flag = &out});
  return *this;
}

Options& Options::value(std::string_view name, std::string& out, std::string_view help,
                        std::vector<std::string_view> choices) {
  specs_.push_back({.name = name, .help = help, .value = &out, .choices = std::move(choices)});
  return *this;
}

Options& Options::integer(std::string_view name, int& out, int min, int max,
                          std::string_view help) {
  specs_.push_back({.name = name, .help = help, .integer = &out, .min = min, .max = max});
  return *this;
}

Options& Options::values(std::string_view name, std::vector<std::string>& out,
                         std::string_view help, std::function<bool(std::string_view)> accepts) {
  specs_.push_back({.name = name, .help = help, .values = &out, .accepts = std::move(accepts)});
  return *this;
}

Options& Options::required() {
  specs_.back().required = true;
  return *this;
}

Options& Options::needs_operand(std::string_view what) {
  operand_ = what;
  return *this;
}

std::string Options::help() const {
  std::string text = "usage: pawnkit ";
  text.append(synopsis_).append("\n\n").append(description_).append("\n\noptions:\n");
  for (const Spec& s : specs_) {
    std::string left = "  --";
    left.append(s.name);
    if (!s.flag) left += s.values ? " NAME..." : s.integer ? " N" : " VALUE";
    if (left.size() < 24)
      left.append(24 - left.size(), ' ');
    else
      left += "  ";
    text.append(left).append(s.help);
    if (!s.choices.empty()) {
      text += " (";
      for (std::size_t i = 0; i < s.choices.size(); ++i)
        text.append(i ? "|" : "").append(s.choices[i]);
      text += ')';
    }
    text += '\n';
  }
  text += "  --help                show this help\n";
  return text;
}

int Options::fail(std::string_view message) const {
  report_error(command_, message);
  std::fprintf(stderr, "usage: pawnkit %.*s\n", int(synopsis_.size()), synopsis_.data());
  return 2;
}

std::optional<int> Options::parse(const Args& args, std::vector<std::string_view>& positionals) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(help().c_str(), stdout);
      return 0;
    }
    if (arg == "-" || arg.substr(0, 2) != "--") {
      positionals.push_back(arg);
      continue;
    }
    if (arg == "--") {
      positionals.insert(positionals.end(), args.begin() + std::ptrdiff_t(i) + 1, args.end());
      break;
    }
    std::string_view name = arg.substr(2), inline_value;
    bool has_inline = false;
    if (auto eq = name.find('='); eq != std::string_view::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_inline = true;
    }
    const Spec* spec = nullptr;
    for (const Spec& s : specs_)
      if (s.name == name) spec = &s;
    if (!spec) return fail("unknown option '--" + std::string(name) + "' (see --help)");
    if (spec->flag) {
      if (has_inline) return fail("option '--" + std::string(name) + "' takes no value");
      *spec->flag = true;
      continue;
    }
    if (!has_inline) {
      if (i + 1 >= args.size()) return fail("option '--" + std::string(name) + "' needs a value");
      inline_value = args[++i];
    }
    if (spec->integer) {
      const std::optional<int> n = parse_int_in_range(inline_value, spec->min, spec->max);
      if (!n)
        return fail("option '--" + std::string(name) + "' takes a whole number from " +
                    std::to_string(spec->min) + " to " + std::to_string(spec->max));
      *spec->integer = *n;
      continue;
    }
    if (spec->value) {
      if (!spec->choices.empty()) {
        bool known = false;
        for (auto c : spec->choices) known |= c == inline_value;
        if (!known)
          return fail("option '--" + std::string(name) + "' does not take '" +
                      std::string(inline_value) + "' (see --help)");
      }
      *spec->value = std::string(inline_value);
      continue;
    }
    auto add = [&](std::string_view list) {
      while (!list.empty()) {
        const auto comma = list.find(',');
        if (std::string_view item = list.substr(0, comma); !item.empty())
          spec->values->emplace_back(item);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
    };
    add(inline_value);
    while (spec->accepts && i + 1 < args.size() && spec->accepts(args[i + 1])) add(args[++i]);
  }
  for (const Spec& s : specs_)
    if (s.required && s.value->empty()) return fail("--" + std::string(s.name) + " is needed");
  if (!operand_.empty() && positionals.empty()) return fail(std::string(operand_) + " is needed");
  return std::nullopt;
}

std::optional<int> Options::parse(const Args& args) {
  std::vector<std::string_view> positionals;
  if (const auto status = parse(args, positionals)) return status;
  if (!positionals.empty())
    return fail("unexpected argument '" + std::string(positionals[0]) + "'");
  return std::nullopt;
}

}  // namespace pawnkit::cli
