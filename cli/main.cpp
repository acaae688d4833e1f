// collverify: parses the command line, runs, maps errors to exit codes (docs/DESIGN.md). It knows
// no family: each registers its own commands (families/registry.cpp).
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>
#include <unistd.h>

#include <csignal>
#include <ctime>
#include <cstdio>
#include <string>
#include <system_error>
#include <vector>

#include "cli/app.hpp"
#include "cli/completion.hpp"
#include "cli/suggest.hpp"
#include "cli/walk.hpp"
#include "families/common/command.hpp"
#include "families/common/spelling.hpp"
#include "engine/distribution.hpp"
#include "model/error.hpp"
#include "reports/escape.hpp"

namespace cv = collverify;

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<std::int64_t> g_first_signal_ns{0};
// True while a command that stops between items and writes the reports of what finished runs
// (verify, compare, campaign: Command::stops_gracefully); every other command ends at once.
std::atomic<bool> g_graceful{false};

std::int64_t monotonic_ns() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

void say(const char* text) {  // async-signal-safe
  std::size_t n = 0;
  while (text[n] != '\0') ++n;
  [[maybe_unused]] const auto w = ::write(2, text, n);
}

// SIGINT, SIGTERM (how CI runners stop a job) and SIGHUP are one request: stop (docs/RELIABILITY.md
// "Signals"). A command with reports (g_graceful) stops after the items in progress, writes the
// reports of what finished, marked incomplete, and exits 3. Any other command writes no report,
// so it ends at once with exit 3 (the output printed so far is a prefix of a complete run's). A
// second signal ends a graceful run at once with 128 + the signal number (130, 143, 129: the
// shell's convention for "killed", no reports written). One Ctrl-C often arrives twice (to the
// process and to its process group, e.g. through timeout), so a second signal within a second of
// the first counts as the same one.
extern "C" void on_stop_signal(int signo) {
  const std::int64_t now = monotonic_ns();
  if (!g_graceful.load()) {
    say("collverify: stopped by a signal; the run is incomplete (exit 3)\n");
    _exit(3);
  }
  if (!g_interrupted.exchange(true)) {
    g_first_signal_ns = now;
    say("collverify: stopping after the items in progress; a second signal ends the run at once\n");
  } else if (now - g_first_signal_ns.load() > 1'000'000'000) {
    say("collverify: second signal: ended at once, no reports written\n");
    _exit(128 + signo);
  }
}

void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (const int signo : {SIGINT, SIGTERM, SIGHUP}) sigaction(signo, &sa, nullptr);
}

// "(see collverify verify bcast --help)": the help of the command the refusal is about.
std::string see_help(const CLI::App& app) {
  return fmt::format("(see {} --help)", cv::cli::command_path(cv::cli::parsed_command(app)));
}

// Parses the command line: -1 when a command is to run, otherwise the exit code (0 after
// --help or --version, 2 for a refused flag or value, named on stderr with the help of the
// command it was given to).
int parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
    cv::cli::refuse_alias_with_spelling(app);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "collverify: %s %s\n", cv::reports::one_line(e.what()).c_str(),
                 see_help(app).c_str());
    return 2;
  } catch (const cv::InputError& e) {  // a flag's value refused by families/common/parse.hpp
    std::fprintf(stderr, "collverify: %s %s\n", e.what(), see_help(app).c_str());
    return 2;
  }
  return -1;
}

// The hidden generators: `--completion bash|zsh` and `--man` print what cmake --install puts
// in place (cmake/Install.cmake), made from the same definitions the parser reads. -1 when
// neither was given.
int print_generated(const CLI::App& app, const std::string& shell, bool man) {
  const auto commands = cv::cli::walk_commands(app);
  if (man) {
    std::fputs(cv::cli::man_page(commands, COLLVERIFY_VERSION).c_str(), stdout);
    return 0;
  }
  if (shell.empty()) return -1;
  if (shell != "bash" && shell != "zsh") {
    std::fprintf(stderr, "collverify: --completion '%s' is not one of: bash, zsh\n",
                 cv::reports::one_line(shell).c_str());
    return 2;
  }
  const std::string text =
      shell == "bash" ? cv::cli::bash_completion(commands) : cv::cli::zsh_completion(commands);
  std::fputs(text.c_str(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const auto tree = cv::cli::make_cli_app(COLLVERIFY_VERSION);
  CLI::App& app = tree->app;
  std::string completion;
  bool man = false;
  app.add_option("--completion", completion, "print the shell completion script (bash or zsh)")
      ->group("");
  app.add_flag("--man", man, "print the man page (roff)")->group("");
  const std::vector<cv::cli::Command>& commands = tree->commands;
  const CLI::App* verify = tree->verify;

  if (const auto refusal =
          cv::cli::unknown_subcommand(app, argc, argv, {tree->schedule, tree->verify})) {
    std::fprintf(stderr, "collverify: %s\n", refusal->c_str());
    return 2;
  }
  if (const int code = parse_command_line(app, argc, argv); code >= 0) return code;
  if (const int code = print_generated(app, completion, man); code >= 0) return code;
  if (app.get_subcommands().empty()) {
    std::fprintf(stderr, "collverify: a command is required (see collverify --help)\n");
    return 2;
  }
  // Started by mpirun with several processes: the verify commands split their range over the
  // ranks (docs/DESIGN.md "Distributed verification"); without a launcher, nothing changes.
  std::unique_ptr<cv::engine::Distribution> distribution;
  try {
    distribution = cv::engine::open_distribution();
  } catch (const cv::InputError& e) {
    std::fprintf(stderr, "collverify: %s\n", cv::reports::one_line(e.what()).c_str());
    return 2;
  }
  cv::cli::set_process_distribution(distribution.get());
  const int rank = distribution ? distribution->rank() : 0;
  // An error leaves through here; in a job of several ranks, a rank that fails while the others
  // wait in a collective would hang the job: the job is aborted with the exit code instead.
  // Rank 0 prints the error (every rank meets the same bad input); another rank prints only
  // what is its own (the system refused, out of memory).
  auto fail = [&](int code, const std::string& message, bool own) {
    if (rank == 0 || own) {
      std::fprintf(stderr, "collverify%s: %s\n",
                   rank == 0 ? "" : fmt::format(" (rank {})", rank).c_str(),
                   cv::reports::one_line(message).c_str());
    }
    std::fflush(stderr);
    if (distribution) distribution->abort(code);
    return code;
  };
  install_stop_handlers();
  const cv::cli::CommandContext ctx{&g_interrupted, cv::cli::command_line(argc, argv)};
  try {
    for (const auto& c : commands) {
      if (!*c.sub) continue;
      if (distribution && c.sub->get_parent() != verify) {
        return fail(2,
                    fmt::format("'{}' does not run distributed: only the verify commands split "
                                "their work over the ranks of mpirun; run it without mpirun",
                                c.sub->get_name()),
                    false);
      }
      g_graceful = c.stops_gracefully;
      return c.run(ctx);
    }
  } catch (const cv::InputError& e) {
    // A refused value points at the help of the command it was given to (its flags, its forms).
    return fail(2, std::string(e.what()).append(" ").append(see_help(app)), false);
  } catch (const nlohmann::json::exception& e) {
    // A reader of user JSON that let a library error through (fuzz/findings/README.md): the
    // input is bad, the run must not end in std::terminate.
    return fail(2, std::string("malformed JSON input: ") + e.what(), false);
  } catch (const std::bad_alloc&) {
    return fail(2, "out of memory; run fewer --jobs or smaller p and n", true);
  } catch (const std::system_error& e) {
    return fail(2, std::string("the system refused: ") + e.what() + "; run fewer --jobs", true);
  }
  return 2;
}
