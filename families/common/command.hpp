// The pieces every `collverify` subcommand shares. Each family registers its subcommands in its
// own cmd_<family>.cpp (a `register_*` function called from main.cpp), so adding a construction
// never edits another family's command code. A command returns the process exit code
// (docs/DESIGN.md: 0 holds, 1 violation, 2 bad input, 3 inconclusive); InputError is mapped to 2 by
// main.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "families/common/run.hpp"
#include "engine/distribution.hpp"
#include "engine/family.hpp"
#include "generators/p_range.hpp"
#include "model/run_summary.hpp"

namespace collverify::cli {

struct CommandContext {
  const std::atomic<bool>* interrupted = nullptr;  // set by the first Ctrl-C
  std::string command_line;                        // for summary.json
};

struct Command {
  CLI::App* sub = nullptr;  // runs when this (sub)subcommand was given
  std::function<int(const CommandContext&)> run;
  // True for a command that polls CommandContext::interrupted between items and writes the
  // reports of what finished (verify, compare, campaign); any other command is ended at once
  // by a stop signal (cli/main.cpp).
  bool stops_gracefully = false;
};

// Where a family hangs its subcommands: top level (`trees`, `prove`, ...), under `schedule`, or
// under `verify`.
struct CommandTree {
  CLI::App* app = nullptr;
  CLI::App* schedule = nullptr;
  CLI::App* verify = nullptr;
  std::vector<Command>* commands = nullptr;
};

// --junit-chunk: at most 10^9 consecutive p per test case (more than any range has).
inline constexpr std::int64_t kMaxJunitChunk = 1'000'000'000;

// The flags every `verify <construction>` takes (docs/DESIGN.md "Command line").
struct CommonVerifyArgs {
  std::string p;
  int jobs = 1;
  std::string report;
  std::string format = "json,junit,md";
  bool format_given = false;  // --format typed: the formats are files, so --report is needed
  bool github = false;
  std::int64_t junit_chunk = 1;
  bool instances = false;
  std::int64_t max_violations = 100;  // violations listed per construction (the rest counted)
  std::string resume;  // --resume DIR: continue the run whose journal is in DIR (also --report)
  // The flag the range was given with (--d, --sides, --P), named with `p` when the engine
  // refuses a value of the range (a p the family cannot check, its memory estimate).
  std::string range_flag = "--p";
};

// The distribution of this process (engine/distribution.hpp), set once by main: null when it
// was not started by a launcher of several processes. Only rank 0 prepares and writes reports.
void set_process_distribution(engine::Distribution* d);
engine::Distribution* process_distribution();
int process_rank();

int default_jobs();

// Whether `verify <construction>` lists --p: `shown` where p is the range the command runs over;
// `hidden` where the command takes its range another way (--d, --sides, the schedule file):
// --p is then left out of help, completion and man page but still read, so that a script
// that passes it gets the command's own answer (an alias of --d, a refusal naming --sides).
enum class PFlag { shown, hidden };

// Adds -p/--p -j/--jobs -o/--report -f/--format --github --junit-chunk --instances
// --max-violations --resume to `sub` (docs/DESIGN.md "Command line").
void add_common_verify_flags(CLI::App* sub, CommonVerifyArgs& a, PFlag p = PFlag::shown);

// Validates --jobs and --junit-chunk, creates the report directory (a directory that cannot be
// written is bad input found before the run), and returns the output settings.
RunOutput prepare_run_output(const CommonVerifyArgs& a);

// Wraps construction summaries into a RunSummary and finishes the run (reports, exit code).
int finish_constructions(std::vector<ConstructionSummary> parts, bool complete,
                         const std::string& command, const RunOutput& out);

// Runs `family` over `range` through the engine with the common flags (jobs, instances for
// ranges of at most 64 p or with --instances, progress on stderr) and finishes the run. A
// non-empty `banner` is printed on stdout once the engine accepted the run, so that a refused
// run (a p the family cannot check, a memory estimate too large) leaves stdout empty.
int verify_family(const engine::Family& family, const PRange& range, const CommonVerifyArgs& a,
                  const RunOutput& out, const CommandContext& ctx,
                  const std::string& banner = std::string());

// One construction's share of `campaign`: runs with the campaign's p range and jobs and returns
// its summary. Families append theirs in campaign.cpp.
struct CampaignOptions {
  bool quick = false;
  int jobs = 1;
  const std::atomic<bool>* interrupted = nullptr;
};
// Runs `family` over `range` with the campaign's jobs; complete becomes false if interrupted.
ConstructionSummary run_campaign_family(const engine::Family& family, const PRange& range,
                                        const CampaignOptions& c, bool& complete);

struct CampaignPart {
  std::string name;
  std::function<ConstructionSummary(const CampaignOptions&, bool& complete)> run;
};

}  // namespace collverify::cli
