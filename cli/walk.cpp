#include "cli/walk.hpp"

#include <map>

#include "families/common/spelling.hpp"

namespace collverify::cli {
namespace {

FlagInfo flag_info(const CLI::Option& o) {
  FlagInfo f;
  for (const auto& s : o.get_snames()) f.names.push_back("-" + s);
  for (const auto& l : o.get_lnames()) f.names.push_back("--" + l);
  if (o.get_type_size() != 0) f.type = o.get_type_name();  // a switch (--github) has none
  f.help = o.get_description();
  f.required = o.get_required();
  f.hidden = o.get_group().empty();
  return f;
}

void walk(const CLI::App& app, const std::string& path, std::vector<CommandInfo>& out) {
  CommandInfo c;
  c.path = path;
  c.help = app.get_description();
  c.app = &app;
  std::map<std::string, std::vector<std::string>> aliases;  // spelling -> its aliases
  for (const CLI::Option* o : app.get_options()) {
    const std::string of = alias_of(*o);
    if (!of.empty() && !o->get_lnames().empty()) {
      aliases[of].push_back("--" + o->get_lnames().front());
    }
  }
  for (const CLI::Option* o : app.get_options()) {
    if (o == app.get_help_ptr() || o == app.get_help_all_ptr() || !alias_of(*o).empty()) continue;
    if (o->get_lnames().empty() && o->get_snames().empty()) continue;  // a positional
    FlagInfo f = flag_info(*o);
    if (!o->get_lnames().empty()) f.aliases = aliases["--" + o->get_lnames().front()];
    c.flags.push_back(std::move(f));
  }
  for (const CLI::App* sub : app.get_subcommands({})) c.subcommands.push_back(sub->get_name());
  out.push_back(std::move(c));
  for (const CLI::App* sub : app.get_subcommands({})) {
    walk(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), out);
  }
}

}  // namespace

std::vector<CommandInfo> walk_commands(const CLI::App& app) {
  std::vector<CommandInfo> out;
  walk(app, "", out);
  return out;
}

std::vector<const FlagInfo*> visible_flags(const CommandInfo& c) {
  std::vector<const FlagInfo*> out;
  for (const auto& f : c.flags) {
    if (!f.hidden) out.push_back(&f);
  }
  return out;
}

}  // namespace collverify::cli
