// A misspelt subcommand ("collverify verfy", "collverify verify bcst") is named with the closest
// accepted one when it is near enough (edit distance), before CLI11 would say only "a subcommand
// is required" or "unexpected argument".
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace collverify::cli {

// Levenshtein distance (insert, delete, substitute, each 1; an adjacent swap counts 2).
std::size_t edit_distance(const std::string& a, const std::string& b);

// The accepted word closest to `word`, if within max(1, ceil(|word| / 3)) edits; ties: the first.
std::optional<std::string> closest(const std::string& word, const std::vector<std::string>& accepted);

// The refusal of argv's first word that is not a subcommand where one is expected, e.g.
//   unknown subcommand 'verfy'; did you mean 'verify'? (see collverify --help)
//   unknown construction 'bcst' for verify; did you mean 'bcast'? (accepted: bcast, ...)
// or nullopt when every subcommand word is known. `constructions` names the commands whose
// subcommands are constructions (schedule, verify).
std::optional<std::string> unknown_subcommand(const CLI::App& app, int argc, const char* const* argv,
                                              const std::vector<const CLI::App*>& constructions);

}  // namespace collverify::cli
