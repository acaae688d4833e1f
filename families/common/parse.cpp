#include "families/common/parse.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "families/common/spelling.hpp"
#include "model/error.hpp"

namespace collverify::cli {

std::string accepted_range(std::int64_t min, std::int64_t max) {
  if (min != kNoMin && max != kNoMax) return fmt::format("{}..{}", min, max);
  if (min != kNoMin) return fmt::format("{} or more", min);
  if (max != kNoMax) return fmt::format("at most {}", max);
  return "any 64-bit integer";
}

std::int64_t parse_int(const std::string& label, const std::string& text, std::int64_t min,
                       std::int64_t max) {
  const std::string range = accepted_range(min, max);
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (!text.empty() && ptr == end && ec == std::errc::result_out_of_range) {
    throw InputError(fmt::format("{} '{}' does not fit 64 bits (accepted: {})", label, text, range));
  }
  if (text.empty() || ec != std::errc() || ptr != end) {
    throw InputError(fmt::format("{} '{}' is not an integer (accepted: {})", label, text, range));
  }
  if (v < min || v > max) {
    throw InputError(fmt::format("{} '{}' is not in the accepted range {}", label, text, range));
  }
  return v;
}

std::vector<std::int64_t> parse_int_list(const std::string& flag, const std::string& text,
                                         std::int64_t min, std::int64_t max) {
  if (text.empty()) {
    throw InputError(flag + " is empty (p = 0); give a comma-separated list of integers");
  }
  std::vector<std::int64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item =
        text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    out.push_back(parse_int(fmt::format("{} entry {}", flag, out.size()), item, min, max));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

double parse_nonnegative_real(const std::string& flag, const std::string& text) {
  // Decimal notation only: strtod also reads hexadecimal ('0x10' as 16, issue 26), leading
  // spaces and a leading '+'.
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string::npos ||
      text[0] == '+') {
    throw InputError(fmt::format("{} '{}' is not a number >= 0", flag, text));
  }
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v < 0) {
    throw InputError(fmt::format("{} '{}' is not a number >= 0", flag, text));
  }
  return v;
}

circulant::Transcriptions parse_transcription(const std::string& text) {
  if (text == "corrected") return circulant::Transcriptions::corrected();
  if (text == "literal") return circulant::Transcriptions::literal();
  throw InputError("--transcription '" + text + "' is not one of: corrected, literal");
}

void require_jobs(int jobs) {
  if (jobs < 1 || jobs > kMaxJobs) {
    throw InputError(fmt::format("--jobs {} is not in the accepted range 1..{} (worker threads)",
                                 jobs, kMaxJobs));
  }
}

CLI::Option* add_int_flag(CLI::App* sub, const std::string& name,
                          std::function<void(std::int64_t)> set, std::int64_t min,
                          std::int64_t max, const std::string& help) {
  // `name` may hold a short name too ("-j,--jobs"): a refusal names the long one.
  return sub
      ->add_option_function<std::string>(
          name,
          [label = long_name(name), set = std::move(set), min, max](const std::string& text) {
            set(parse_int(label, text, min, max));
          },
          fmt::format("{} ({})", help, accepted_range(min, max)))
      ->type_name(value::kInt);
}

CLI::Option* add_int_flag(CLI::App* sub, const std::string& name,
                          std::optional<std::int64_t>& target, std::int64_t min, std::int64_t max,
                          const std::string& help) {
  return add_int_flag(
      sub, name, [&target](std::int64_t v) { target = v; }, min, max, help);
}

void refuse_empty_values(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (opt->get_expected_min() < 1) continue;  // a flag without a value
    // CLI11 names the option before the message, but not a hidden one: named here instead.
    std::string hidden_name;
    if (opt->get_group().empty() && !opt->get_lnames().empty()) {
      hidden_name = "--" + opt->get_lnames().front() + " ";
    }
    opt->check(CLI::Validator(
        [hidden_name](std::string& text) -> std::string {
          return text.empty() ? hidden_name + "is empty (an unset variable?); give a value"
                              : std::string();
        },
        "", "not empty"));
  }
  for (CLI::App* sub : app.get_subcommands({})) refuse_empty_values(*sub);
}

void require_one_of(const std::string& flag, const std::string& text,
                    const std::vector<std::string>& accepted) {
  for (const auto& a : accepted) {
    if (a == text) return;
  }
  throw InputError(fmt::format("{} '{}' is not one of: {}", flag, text, fmt::join(accepted, ", ")));
}

}  // namespace collverify::cli
