#include "families/common/spelling.hpp"

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::cli {
namespace {
constexpr const char* kAliasPrefix = "alias of ";
// Aliases are listed in their own section of help, after the flags ("Aliases:"); an alias of a
// hidden flag is hidden too.
constexpr const char* kAliasGroup = "Aliases";

// "--P" (CLI11's get_name() is empty for a hidden option): the first long name, else the short.
std::string name_of(const CLI::Option& o) {
  if (!o.get_lnames().empty()) return "--" + o.get_lnames().front();
  if (!o.get_snames().empty()) return "-" + o.get_snames().front();
  return {};
}

std::string joined(const std::vector<std::string>& words, const char* sep) {
  std::string out;
  for (const auto& w : words) out.append(out.empty() ? "" : sep).append(w);
  return out;
}
}  // namespace

std::string long_name(const std::string& names) {
  std::size_t start = 0;
  while (start <= names.size()) {
    const std::size_t comma = names.find(',', start);
    const std::string item = names.substr(start, comma == std::string::npos ? std::string::npos
                                                                            : comma - start);
    if (item.rfind("--", 0) == 0) return item;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

CLI::Option* make_alias(CLI::Option* alias, CLI::Option* primary) {
  const std::string spelling = name_of(*primary);
  alias->group(primary->get_group().empty() ? "" : kAliasGroup);
  alias->description(std::string(kAliasPrefix).append(spelling));
  alias->type_name(primary->get_type_name());
  primary->description(fmt::format("{} (alias: {})", primary->get_description(), name_of(*alias)));
  return alias;
}

std::string alias_of(const CLI::Option& option) {
  const std::string& d = option.get_description();
  const bool group = option.get_group().empty() || option.get_group() == kAliasGroup;
  if (group && d.rfind(kAliasPrefix, 0) == 0) return d.substr(std::string(kAliasPrefix).size());
  return {};
}

void refuse_alias_with_spelling(const CLI::App& app) {
  for (const CLI::Option* o : app.get_options()) {
    const std::string spelling = alias_of(*o);
    if (spelling.empty() || o->count() == 0) continue;
    for (const CLI::Option* p : app.get_options()) {
      if (p != o && p->count() > 0 && name_of(*p) == spelling) {
        throw InputError(fmt::format("{} and {} are the same flag ({} is its older spelling); "
                                     "give it once",
                                     spelling, name_of(*o), name_of(*o)));
      }
    }
  }
  for (const CLI::App* sub : app.get_subcommands()) refuse_alias_with_spelling(*sub);
}

CLI::Option* add_text_option(CLI::App* sub, const std::string& names, std::string& target,
                             const std::string& help, const std::string& type,
                             const std::vector<std::string>& aliases, std::string* typed) {
  auto setter = [&target, typed](std::string name) {
    return [&target, typed, name](const std::string& text) {
      target = text;
      if (typed != nullptr) *typed = name;
    };
  };
  CLI::Option* primary =
      sub->add_option_function<std::string>(names, setter(long_name(names)), help)->type_name(type);
  for (const auto& a : aliases) {
    make_alias(sub->add_option_function<std::string>(a, setter(a)), primary);
  }
  return primary;
}

CLI::Option* add_range_option(CLI::App* sub, std::string& target, const std::string& help) {
  return add_text_option(sub, "-p,--p", target, help, value::kRange, {"--P"});
}

CLI::Option* add_report_option(CLI::App* sub, std::string& target, const std::string& help) {
  return sub->add_option("-o,--report", target, help)->type_name(value::kDir);
}

CLI::Option* add_format_option(CLI::App* sub, std::string& target,
                               const std::vector<std::string>& accepted, const std::string& help) {
  CLI::Option* o = sub->add_option("-f,--format", target, help)->type_name(joined(accepted, "|"));
  bool text = false;
  for (const auto& a : accepted) text = text || a == "text";
  if (text) {
    // `table` was the plain format's name in the schedule commands: read as `text`.
    o->transform(CLI::Validator(
        [](std::string& v) {
          if (v == "table") v = "text";
          return std::string();
        },
        "", "table is text"));
  }
  return o;
}

}  // namespace collverify::cli
