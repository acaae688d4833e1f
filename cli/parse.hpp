// The one set of flag-value parsers every `collverify` subcommand uses: integers and lists of
// integers with an accepted range, non-negative reals, the reading of Algorithms 4-5
// (--transcription) and the worker-thread count (--jobs). Every refusal is an InputError (exit
// 2) that names the flag, quotes the text the user typed and states the accepted range, e.g.
//   --rlimit '0' is not in the accepted range 1..4000000000
//   --blocks entry 1 'x' is not an integer (accepted: 0 or more)
//   --transcription 'loose' is not one of: corrected, literal
#pragma once

#include <cstdint>
#include <limits>
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

inline constexpr int kMaxJobs = 1024;
// --jobs (already an int by CLI11): 1..kMaxJobs worker threads.
void require_jobs(int jobs);

// --format when a command prints one format only, or a few: "'xml' is not one of: json".
void require_one_of(const std::string& flag, const std::string& text,
                    const std::vector<std::string>& accepted);

}  // namespace collverify::cli
