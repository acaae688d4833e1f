// The one set of flag-value parsers every `collverify` subcommand uses: integers and lists of
// integers with an accepted range, non-negative reals, the reading of Algorithms 4-5
// (--transcription) and the worker-thread count (--jobs). Every refusal is an InputError (exit
// 2) that names the flag, quotes the text the user typed and states the accepted range, e.g.
//   --rlimit '0' is not in the accepted range 1..4000000000
//   --blocks entry 1 'x' is not an integer (accepted: 0 or more)
//   --transcription 'loose' is not one of: corrected, literal
// Registration goes through add_int_flag / add_real_flag, so that CLI11 keeps the text and these
// parsers judge it (CLI11's own conversion wraps -1 to 2^64-1, clamps 10^20 to 2^63-1 and reads
// '' as 0); refuse_empty_values() then makes every flag given an empty value (an unset CI
// variable) exit 2, whatever its type.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "reference/circulant/transcription.hpp"

namespace collverify::cli {

inline constexpr std::int64_t kNoMin = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kNoMax = std::numeric_limits<std::int64_t>::max();

// "1..1024", "0 or more", "at most 9", "any 64-bit integer".
std::string accepted_range(std::int64_t min, std::int64_t max);

// A whole decimal integer in [min, max] (no sign other than a leading '-', no spaces, no
// fraction). `label` names the flag ("--rlimit") or the list entry ("--blocks entry 2").
std::int64_t parse_int(const std::string& label, const std::string& text, std::int64_t min = kNoMin,
                       std::int64_t max = kNoMax);

// A comma-separated list of such integers, at least one: "3,0,7". An empty text is refused as
// empty (p = 0); entries are named "<flag> entry <index>".
std::vector<std::int64_t> parse_int_list(const std::string& flag, const std::string& text,
                                         std::int64_t min = kNoMin, std::int64_t max = kNoMax);

// A finite real number >= 0 ("2.5", "1e3").
double parse_nonnegative_real(const std::string& flag, const std::string& text);

// --transcription of Algorithms 4-5 (docs/ERRATA.md): corrected or literal.
circulant::Transcriptions parse_transcription(const std::string& text);

// --jobs: 1..kMaxJobs worker threads. 256 is a fixed bound (not a multiple of the machine's
// threads, so that a command line means the same on every machine): far above any useful
// parallelism of the engine (its items are p values) and low enough that the threads' stacks
// (8 MiB of address space each) fit a 4 GB address-space limit.
inline constexpr int kMaxJobs = 256;
void require_jobs(int jobs);

// Registers `name` on `sub` as an integer flag in [min, max] (parse_int judges the text typed).
CLI::Option* add_int_flag(CLI::App* sub, const std::string& name,
                          std::function<void(std::int64_t)> set, std::int64_t min,
                          std::int64_t max, const std::string& help);
template <class Int>
CLI::Option* add_int_flag(CLI::App* sub, const std::string& name, Int& target, std::int64_t min,
                          std::int64_t max, const std::string& help) {
  return add_int_flag(
      sub, name, [&target](std::int64_t v) { target = static_cast<Int>(v); }, min, max, help);
}
CLI::Option* add_int_flag(CLI::App* sub, const std::string& name,
                          std::optional<std::int64_t>& target, std::int64_t min, std::int64_t max,
                          const std::string& help);

// Every option of `app` and of its subcommands (recursively) that takes a value refuses an
// empty one: "--report is empty (an unset variable?); give a value". Call after registration.
void refuse_empty_values(CLI::App& app);

// --format when a command prints one format only, or a few: "'xml' is not one of: json".
void require_one_of(const std::string& flag, const std::string& text,
                    const std::vector<std::string>& accepted);

}  // namespace collverify::cli
