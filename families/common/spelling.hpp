// The command line's vocabulary: one spelling per concept across every command, the short flags,
// the typed value names shown in help, and the older spellings kept as aliases (users' CI scripts
// call them). The table of concepts is docs/DESIGN.md "One spelling per concept"; the tests in
// tests/cli/command_line_test.cpp walk the whole command tree and hold it to this file.
//
// An alias is its own hidden CLI11 option writing to the same place as the spelling it stands
// for, so that a refused value names the flag the user typed ("--P '0' is not ..."); it excludes
// its spelling (both given: exit 2, refuse_alias_with_spelling), is listed in help's own section
// "Aliases" (hidden with its spelling when that is hidden), and its description is "alias of
// <spelling>" (how the walker, the completion and the man page find it).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace collverify::cli {

// Value names shown in help instead of CLI11's TEXT (docs/DESIGN.md "One spelling per concept").
namespace value {
inline constexpr const char* kInt = "INT";        // a whole number
inline constexpr const char* kFloat = "FLOAT";    // a real number
inline constexpr const char* kRange = "RANGE";    // 2..4096, 2..4096:7, 1000,2000, 2^10..2^17
inline constexpr const char* kSides = "SIDES";    // torus sides: 5x5, 3x3..41x41:2, lists
inline constexpr const char* kPath = "PATH";      // a file (or a directory of files)
inline constexpr const char* kDir = "DIR";        // a directory
inline constexpr const char* kList = "LIST";      // a comma-separated list
inline constexpr const char* kTerms = "TERMS";    // a comma list of terms in p or q (q+1, p/2)
inline constexpr const char* kName = "NAME";      // one word of the accepted ones in the help
inline constexpr const char* kNetwork = "NETWORK";  // mesh:AxB, crossbar:AxB, crossbar2g:AxB
inline constexpr const char* kDist = "DIST";      // a size distribution: uniform:K, random:MAX:SEED
inline constexpr const char* kEdges = "EDGES";    // a-b,c-d,...
inline constexpr const char* kSeconds = "SECONDS";
}  // namespace value

// The first long name of a CLI11 name list: "-p,--p" -> "--p".
std::string long_name(const std::string& names);

// Makes `alias` a hidden second spelling of `primary` (see the top of this file) and names the
// alias in the primary's help.
CLI::Option* make_alias(CLI::Option* alias, CLI::Option* primary);
// An alias made by make_alias: the spelling it stands for ("--p"), or "" for any other option.
std::string alias_of(const CLI::Option& option);
// After parsing: a spelling and its alias both given to the command that runs is bad input
// (InputError naming both), as two values for one flag.
void refuse_alias_with_spelling(const CLI::App& app);

// A string option under its one spelling with its aliases: "-p,--p" plus hidden "--P". When
// `typed` is given, it is set to the long name the user typed ("--method" for the alias), for
// the command's own refusals of the value.
CLI::Option* add_text_option(CLI::App* sub, const std::string& names, std::string& target,
                             const std::string& help, const std::string& type,
                             const std::vector<std::string>& aliases = {},
                             std::string* typed = nullptr);

// The shared flags, spelled the same in every command:
//   -p, --p RANGE (or INT)   processor counts; alias --P (seed 002 writes P for PUs)
//   -j, --jobs INT           worker threads
//   -o, --report DIR         report directory
//   -f, --format ...         output format; the plain one is `text` (alias `table`)
CLI::Option* add_range_option(CLI::App* sub, std::string& target, const std::string& help);
CLI::Option* add_report_option(CLI::App* sub, std::string& target, const std::string& help);
// --format of a command that prints one format of `accepted` (shown as "text|json"); `table` is
// read as `text` where `text` is accepted.
CLI::Option* add_format_option(CLI::App* sub, std::string& target,
                               const std::vector<std::string>& accepted, const std::string& help);

}  // namespace collverify::cli
