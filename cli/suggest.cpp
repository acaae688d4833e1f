#include "cli/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cli/app.hpp"
#include "reports/escape.hpp"

namespace collverify::cli {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::optional<std::string> closest(const std::string& word, const std::vector<std::string>& accepted) {
  const std::size_t limit = std::max<std::size_t>(1, (word.size() + 2) / 3);  // ceil(size / 3)
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const auto& a : accepted) {
    const std::size_t d = edit_distance(word, a);
    if (d < best_distance) {
      best = a;
      best_distance = d;
    }
  }
  return best;
}

namespace {

std::string refusal(const CLI::App& parent, const std::string& word, bool construction) {
  std::vector<std::string> names;
  for (const CLI::App* s : parent.get_subcommands({})) names.push_back(s->get_name());
  std::string list;
  for (const auto& n : names) list.append(list.empty() ? "" : ", ").append(n);
  const std::string what = construction ? "construction" : "subcommand";
  const std::string where =
      parent.get_parent() == nullptr ? std::string() : " for " + command_path(parent).substr(11);
  std::string text = fmt::format("unknown {} '{}'{}", what, reports::one_line(word), where);
  if (const auto near = closest(word, names)) text += fmt::format("; did you mean '{}'?", *near);
  text += fmt::format(" (accepted: {}; see {} --help)", list, command_path(parent));
  return text;
}

}  // namespace

std::optional<std::string> unknown_subcommand(const CLI::App& app, int argc, const char* const* argv,
                                              const std::vector<const CLI::App*>& constructions) {
  const CLI::App* at = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    // Only the first words name commands: once a flag is met, the rest is the command's.
    if (word.empty() || word[0] == '-' || at->get_subcommands({}).empty()) return std::nullopt;
    const CLI::App* next = nullptr;
    for (const CLI::App* s : at->get_subcommands({})) {
      if (s->check_name(word)) next = s;
    }
    if (next == nullptr) {
      const bool construction =
          std::find(constructions.begin(), constructions.end(), at) != constructions.end();
      return refusal(*at, word, construction);
    }
    at = next;
  }
  return std::nullopt;
}

}  // namespace collverify::cli
