// collverify: parses the command line, runs, maps errors to exit codes (docs/DESIGN.md). It holds no
// algorithm: constructions come from reference/, judgements from checkers/.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <atomic>
#include <unistd.h>

#include <csignal>
#include <ctime>
#include <cstdio>
#include <string>
#include <system_error>
#include <vector>

#include "cli/campaign.hpp"
#include "cli/cmd_bcast.hpp"
#include "cli/cmd_proofs.hpp"
#include "cli/cmd_routed.hpp"
#include "cli/cmd_hypercube.hpp"
#include "cli/cmd_collectives.hpp"
#include "cli/cmd_compare.hpp"
#include "cli/cmd_trees.hpp"
#include "cli/cmd_solve.hpp"
#include "cli/command.hpp"
#include "model/error.hpp"

namespace cv = collverify;

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<std::int64_t> g_first_sigint_ns{0};

std::int64_t monotonic_ns() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

// The first Ctrl-C asks the run to stop after the p in progress and write its reports. One
// Ctrl-C often arrives twice (to the process and to its process group, e.g. through timeout),
// so only a second one more than a second later ends the run at once.
extern "C" void on_sigint(int) {
  const std::int64_t now = monotonic_ns();
  if (!g_interrupted.exchange(true)) {
    g_first_sigint_ns = now;
  } else if (now - g_first_sigint_ns.load() > 1'000'000'000) {
    _exit(130);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"collverify: verification of collective communication schedules"};
  app.require_subcommand(1);
  app.set_version_flag("--version", COLLVERIFY_VERSION);
  auto* schedule = app.add_subcommand("schedule", "print a construction's schedule");
  schedule->require_subcommand(1);
  auto* verify = app.add_subcommand("verify", "verify a construction over a range of p");
  verify->require_subcommand(1);

  std::vector<cv::cli::Command> commands;
  const cv::cli::CommandTree tree{&app, schedule, verify, &commands};
  // One line per family (cli/cmd_<family>.cpp).
  cv::cli::register_bcast_commands(tree);
  cv::cli::register_proofs_commands(tree);
  cv::cli::register_collective_commands(tree);
  cv::cli::register_compare_commands(tree);
  cv::cli::register_trees_commands(tree);
  cv::cli::register_campaign_command(tree);
  cv::cli::register_solve_commands(tree);
  cv::cli::register_routed_commands(tree);
  cv::cli::register_hypercube_commands(tree);

  // CLI11 says only "a subcommand is required" for an unknown construction: name it.
  for (auto* parent : {schedule, verify}) {
    if (argc < 3 || argv[1] != parent->get_name() || argv[2][0] == '-') continue;
    std::string names;
    bool known = false;
    for (const auto* s : parent->get_subcommands({})) {
      names += (names.empty() ? "" : ", ") + s->get_name();
      known = known || s->get_name() == argv[2];
    }
    if (!known) {
      std::fprintf(stderr, "collverify: unknown construction '%s' for %s (accepted: %s)\n", argv[2],
                   argv[1], names.c_str());
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "collverify: %s (see collverify --help)\n", e.what());
    return 2;
  }
  std::signal(SIGINT, on_sigint);
  const cv::cli::CommandContext ctx{&g_interrupted, cv::cli::command_line(argc, argv)};
  try {
    for (const auto& c : commands) {
      if (*c.sub) return c.run(ctx);
    }
  } catch (const cv::InputError& e) {
    std::fprintf(stderr, "collverify: %s\n", e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "collverify: out of memory; run fewer --jobs or smaller p and n\n");
    return 2;
  } catch (const std::system_error& e) {
    std::fprintf(stderr, "collverify: the system refused: %s; run fewer --jobs\n", e.what());
    return 2;
  }
  return 2;
}
