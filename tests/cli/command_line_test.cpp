// One command line (docs/DESIGN.md "Command line", "One spelling per concept"): the whole
// command tree, built as collverify builds it (cli/app.hpp) and walked (cli/walk.hpp), is held to
// the table in docs/DESIGN.md, typed value names, short flags, --p only where it applies, help
// in the user's words; the completion scripts and the man page list every command and flag and
// pass `bash -n` (`zsh -n` when zsh is installed) and groff without warnings; and the built
// program refuses misspelt commands with a suggestion, --format without --report, and points a
// refusal at the subcommand's help, while the older spellings keep working.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "cli/app.hpp"
#include "cli/completion.hpp"
#include "cli/suggest.hpp"
#include "cli/walk.hpp"
#include "cli_run.hpp"

namespace collverify::cli {
namespace {

using test_cli::CliRun;
using test_cli::expect_contains;
using test_cli::fresh_temp_dir;
using test_cli::run_collverify;
using test_cli::Stderr;

struct Tree {
  std::unique_ptr<CliApp> app = make_cli_app("test");
  std::vector<CommandInfo> commands = walk_commands(app->app);
};
const Tree& tree() {
  static const Tree t;
  return t;
}

const CommandInfo& command(const std::string& path) {
  for (const auto& c : tree().commands) {
    if (c.path == path) return c;
  }
  ADD_FAILURE() << "no command '" << path << "'";
  return tree().commands.front();
}

const FlagInfo* flag(const CommandInfo& c, const std::string& name) {
  for (const auto& f : c.flags) {
    for (const auto& n : f.names) {
      if (n == name) return &f;
    }
  }
  return nullptr;
}

// The commands that run (leaves of the tree).
std::vector<const CommandInfo*> leaves() {
  std::vector<const CommandInfo*> out;
  for (const auto& c : tree().commands) {
    if (c.subcommands.empty()) out.push_back(&c);
  }
  return out;
}

// ---- the table of docs/DESIGN.md "One spelling per concept" ----
struct Row {
  std::string concept_name;
  std::vector<std::string> spelling, aliases, commands;  // commands empty: every
};

std::vector<std::string> backticked(const std::string& cell) {
  std::vector<std::string> out;
  static const std::regex tick("`([^`]+)`");
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), tick); it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

std::vector<Row> design_table() {
  std::ifstream in(DESIGN_MD);
  std::string line;
  bool inside = false;
  std::vector<Row> rows;
  while (std::getline(in, line)) {
    if (line == "### One spelling per concept") inside = true;
    if (!inside || line.rfind("| ", 0) != 0 || line.rfind("| concept", 0) == 0) continue;
    std::vector<std::string> cells;
    std::stringstream ss(line.substr(1));
    for (std::string cell; std::getline(ss, cell, '|');) cells.push_back(cell);
    if (cells.size() < 4) continue;
    Row r{cells[0], backticked(cells[1]), backticked(cells[2]), backticked(cells[3])};
    rows.push_back(r);
    if (line.find("every") == std::string::npos && r.commands.empty()) ADD_FAILURE() << line;
  }
  return rows;
}

bool applies(const Row& r, const CommandInfo& c) {
  return r.commands.empty() ||
         std::find(r.commands.begin(), r.commands.end(), c.path) != r.commands.end();
}

TEST(CommandLine, InventoryOfEveryCommandAndFlag) {
  // The inventory the table was made from (run this test alone to read it).
  std::size_t flags = 0;
  for (const auto& c : tree().commands) {
    std::printf("collverify %s\n", c.path.c_str());
    for (const auto& f : c.flags) {
      std::string names, aliases;
      for (const auto& n : f.names) names.append(names.empty() ? "" : ",").append(n);
      for (const auto& a : f.aliases) aliases.append(" alias ").append(a);
      std::printf("    %-24s %-22s%s%s\n", names.c_str(), f.type.c_str(), aliases.c_str(),
                  f.hidden ? " (hidden)" : "");
      ++flags;
    }
  }
  EXPECT_GT(tree().commands.size(), 30U);
  EXPECT_GT(flags, 150U);
}

TEST(CommandLine, OneSpellingPerConceptAsDesignMdTabulates) {
  const std::vector<Row> rows = design_table();
  ASSERT_GE(rows.size(), 8U) << "the table of docs/DESIGN.md was not found";
  std::map<std::string, int> used;  // row concept -> commands matched
  for (const auto& c : tree().commands) {
    for (const auto& f : c.flags) {
      std::set<std::string> names(f.names.begin(), f.names.end());
      names.insert(f.aliases.begin(), f.aliases.end());
      for (const auto& r : rows) {
        if (r.spelling.empty() || r.spelling.front()[0] != '-' || !applies(r, c)) continue;
        bool named = false;
        for (const auto& n : r.spelling) named = named || names.count(n) > 0;
        for (const auto& n : r.aliases) named = named || names.count(n) > 0;
        if (!named) continue;
        ++used[r.concept_name];
        EXPECT_EQ(f.names, r.spelling) << c.path << ": " << r.concept_name;
        for (const auto& a : f.aliases) {
          EXPECT_NE(std::find(r.aliases.begin(), r.aliases.end(), a), r.aliases.end())
              << c.path << ": alias " << a << " is not in the table's row " << r.concept_name;
        }
      }
      // Every alias is documented by a row that applies to this command.
      for (const auto& a : f.aliases) {
        bool documented = false;
        for (const auto& r : rows) {
          documented = documented || (applies(r, c) && std::find(r.aliases.begin(), r.aliases.end(),
                                                                  a) != r.aliases.end());
        }
        EXPECT_TRUE(documented) << c.path << ": alias " << a << " is missing from docs/DESIGN.md";
      }
    }
  }
  for (const auto& r : rows) {
    if (!r.spelling.empty() && r.spelling.front()[0] == '-') {
      EXPECT_GT(used[r.concept_name], 0) << "no command has the row " << r.concept_name;
    }
  }
  // The plain-text format is `text` in every command; `table` only its alias.
  for (const auto& c : tree().commands) {
    if (const FlagInfo* f = flag(c, "--format")) {
      EXPECT_EQ(f->type.find("table"), std::string::npos) << c.path << ": " << f->type;
    }
  }
}

TEST(CommandLine, EveryValueIsTyped) {
  for (const auto& c : tree().commands) {
    for (const FlagInfo* f : visible_flags(c)) {
      if (f->names.back() == "--version") continue;
      EXPECT_NE(f->type, "TEXT") << c.path << " " << f->names.back();
      if (f->type.empty()) continue;  // a switch
      EXPECT_EQ(f->type.find("TEXT"), std::string::npos) << c.path << " " << f->names.back();
    }
  }
  // A few by name: what a user reads in help.
  EXPECT_EQ(flag(command("verify bcast"), "--p")->type, "RANGE");
  EXPECT_EQ(flag(command("verify bcast"), "--jobs")->type, "INT");
  EXPECT_EQ(flag(command("verify bcast"), "--report")->type, "DIR");
  EXPECT_EQ(flag(command("verify bcast"), "--schedule-file")->type, "PATH");
  EXPECT_EQ(flag(command("verify torus"), "--sides")->type, "SIDES");
  EXPECT_EQ(flag(command("schedule bcast"), "--format")->type, "text|json");
}

TEST(CommandLine, ShortFlagsMeanTheSameEverywhereAndNeverClash) {
  const std::map<std::string, std::string> shorts{
      {"-p", "--p"}, {"-j", "--jobs"}, {"-o", "--report"}, {"-f", "--format"}};
  for (const auto& c : tree().commands) {
    std::set<std::string> seen;
    for (const auto& f : c.flags) {
      for (const auto& n : f.names) {
        EXPECT_TRUE(seen.insert(n).second) << c.path << ": " << n << " twice";
        if (n.size() == 2 && n != "-h") {
          ASSERT_TRUE(shorts.count(n)) << c.path << ": undocumented short flag " << n;
          EXPECT_EQ(f.names.back(), shorts.at(n)) << c.path;
        }
      }
      for (const auto& a : f.aliases) EXPECT_TRUE(seen.insert(a).second) << c.path << ": " << a;
      // Where the long flag is offered, so is its short one.
      for (const auto& [s, l] : shorts) {
        if (f.names.back() == l) {
          EXPECT_EQ(f.names.front(), s) << c.path << ": " << l << " without " << s;
        }
      }
    }
  }
}

TEST(CommandLine, PIsListedOnlyWhereItApplies) {
  for (const char* path : {"verify hypercube", "verify torus", "verify routed"}) {
    const FlagInfo* p = flag(command(path), "--p");
    ASSERT_NE(p, nullptr) << path << ": --p is still read (older scripts)";
    EXPECT_TRUE(p->hidden) << path << " lists --p";
  }
  std::size_t shown = 0;
  for (const CommandInfo* c : leaves()) {
    if (c->path.rfind("verify ", 0) != 0) continue;
    if (c->path == "verify hypercube" || c->path == "verify torus" || c->path == "verify routed" ||
        c->path == "verify fractional-embed") {
      continue;
    }
    const FlagInfo* p = flag(*c, "--p");
    ASSERT_NE(p, nullptr) << c->path;
    EXPECT_FALSE(p->hidden) << c->path;
    ++shown;
  }
  EXPECT_GE(shown, 7U);
  // The help printed by CLI11 agrees with the walk.
  const std::string help = command("verify torus").app->help();
  EXPECT_EQ(help.find("--p "), std::string::npos) << help;
  EXPECT_NE(command("verify bcast").app->help().find("-p,--p RANGE"), std::string::npos)
      << command("verify bcast").app->help();
}

TEST(CommandLine, HelpSpeaksTheUsersWords) {
  const std::regex internal(R"(issue [0-9]|[Cc]hecker [A-Z]\b)");
  for (const auto& c : tree().commands) {
    EXPECT_FALSE(std::regex_search(c.help, internal)) << c.path << ": " << c.help;
    for (const auto& f : c.flags) {
      EXPECT_FALSE(std::regex_search(f.help, internal)) << c.path << " " << f.names.back() << ": " << f.help;
    }
    // The help CLI11 prints, whole.
    EXPECT_FALSE(std::regex_search(c.app->help(), internal)) << c.app->help();
  }
}

TEST(CommandLine, EditDistanceSuggestsTheClosestCommand) {
  EXPECT_EQ(edit_distance("verfy", "verify"), 1U);
  EXPECT_EQ(edit_distance("bcst", "bcast"), 1U);
  EXPECT_EQ(edit_distance("", "abc"), 3U);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
  EXPECT_EQ(closest("verfy", {"schedule", "verify", "trees"}), "verify");
  EXPECT_EQ(closest("torsu", {"bcast", "torus"}), "torus");
  EXPECT_FALSE(closest("zzzzzz", {"bcast", "torus"}).has_value());
  const std::vector<const CLI::App*> constructions{tree().app->schedule, tree().app->verify};
  const char* top[] = {"collverify", "verfy", "bcast"};
  EXPECT_EQ(unknown_subcommand(tree().app->app, 3, top, constructions).value_or("").find(
                "unknown subcommand 'verfy'; did you mean 'verify'?"),
            0U);
  const char* down[] = {"collverify", "verify", "bcst", "--p", "2"};
  expect_contains(unknown_subcommand(tree().app->app, 5, down, constructions).value_or(""),
                  "unknown construction 'bcst' for verify; did you mean 'bcast'?");
  const char* ok[] = {"collverify", "verify", "bcast", "--p", "2"};
  EXPECT_FALSE(unknown_subcommand(tree().app->app, 5, ok, constructions).has_value());
}

// ---- completion and man page ----
std::string slurp_command(const std::string& cmd, int& code) {
  std::string out;
  FILE* f = popen(cmd.c_str(), "r");
  if (f == nullptr) return out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, f)) out.append(buf, n);
  const int status = pclose(f);
  code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = fresh_temp_dir("command_line", "gen") / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(CommandLine, CompletionAndManPageListEveryCommandAndFlag) {
  const std::string bash = bash_completion(tree().commands);
  const std::string zsh = zsh_completion(tree().commands);
  const std::string man = man_page(tree().commands, "test");
  for (const auto& c : tree().commands) {
    if (c.path.empty()) continue;
    for (const std::string* text : {&bash, &zsh}) {
      expect_contains(*text, "'" + c.path + "'");
    }
    // The man page escapes dashes: "fractional\-embed".
    expect_contains(man, ".SS \"collverify " + std::regex_replace(c.path, std::regex("-"), "\\-") + "\"");
    for (const FlagInfo* f : visible_flags(c)) {
      for (const auto& n : f->names) {
        for (const std::string* text : {&bash, &zsh}) expect_contains(*text, n);
        expect_contains(man, "\\fB" + std::regex_replace(n, std::regex("-"), "\\-") + "\\fR");
      }
      for (const auto& a : f->aliases) expect_contains(bash, a);
    }
  }
  int code = -1;
  const std::string bash_file = write_temp("collverify.bash", bash);
  const std::string bash_out = slurp_command("bash -n " + bash_file + " 2>&1", code);
  EXPECT_EQ(code, 0) << bash_out;
  // The bash script completes: a subcommand, a flag, a flag's words.
  const std::string probe = slurp_command(
      "bash -c 'source " + bash_file +
          "; COMP_WORDS=(collverify verify bc); COMP_CWORD=2; _collverify; echo \"${COMPREPLY[*]}\";"
          " COMP_WORDS=(collverify schedule bcast --format \"\"); COMP_CWORD=4; _collverify;"
          " echo \"${COMPREPLY[*]}\"; COMP_WORDS=(collverify campaign --gi); COMP_CWORD=2;"
          " _collverify; echo \"${COMPREPLY[*]}\"' 2>&1",
      code);
  EXPECT_EQ(probe, "bcast\ntext json\n--github\n");
  if (std::system("command -v zsh > /dev/null 2>&1") == 0) {
    const std::string zsh_out =
        slurp_command("zsh -n " + write_temp("_collverify", zsh) + " 2>&1", code);
    EXPECT_EQ(code, 0) << zsh_out;
  } else {
    std::printf("zsh is not installed: zsh -n skipped\n");
  }
  const std::string man_file = write_temp("collverify.1", man);
  const std::string warnings =
      slurp_command("LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z " + man_file + " 2>&1", code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(warnings, "") << "groff warns on the man page";
  const std::string rendered = slurp_command("MANWIDTH=100 man -l " + man_file + " 2>&1", code);
  EXPECT_EQ(code, 0) << rendered;
  expect_contains(rendered, "collverify verify bcast");
}

// ---- the built program ----
CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

TEST(CommandLineCli, GeneratorsPrintWhatTheTreeSays) {
  const CliRun bash = run_collverify("--completion bash", Stderr::dropped);
  EXPECT_EQ(bash.code, 0);
  EXPECT_EQ(bash.out, bash_completion(tree().commands));
  const CliRun man = run_collverify("--man", Stderr::dropped);
  EXPECT_EQ(man.code, 0);
  expect_contains(man.out, ".TH COLLVERIFY 1");
  const CliRun bad = run("--completion fish");
  EXPECT_EQ(bad.code, 2);
  expect_contains(bad.out, "--completion 'fish'");
  const CliRun none = run("");
  EXPECT_EQ(none.code, 2);
  expect_contains(none.out, "a command is required");
}

TEST(CommandLineCli, MisspeltCommandsAreNamedWithASuggestion) {
  CliRun r = run("verfy bcast --p 2");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "unknown subcommand 'verfy'; did you mean 'verify'?");
  r = run("verify bcst --p 2");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "unknown construction 'bcst' for verify; did you mean 'bcast'?");
  r = run("solve nonorderd --sizes 1,2");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "did you mean 'nonordered'?");
  r = run("frobnicate");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "unknown subcommand 'frobnicate' (accepted: ");
}

TEST(CommandLineCli, FormatWithoutReportIsRefused) {
  CliRun r = run("verify bcast --p 2..4 --format html");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "--format 'html' writes files and needs --report DIR");
  const auto dir = fresh_temp_dir("command_line", "format");
  r = run("verify bcast -p 2..4 -f html -o " + dir.string());
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(std::filesystem::exists(dir / "report.html"));
  EXPECT_FALSE(std::filesystem::exists(dir / "summary.json"));
  // Without --format, a run without --report prints its verdict only, as before.
  EXPECT_EQ(run("verify bcast --p 2..4").code, 0);
}

TEST(CommandLineCli, RefusalsPointAtTheSubcommandsHelp) {
  CliRun r = run("verify bcast --p 2..x");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "(see collverify verify bcast --help)");
  r = run("verify bcast --p ''");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "(see collverify verify bcast --help)");
  r = run("verify torus --algo tadt --sides 5x");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "(see collverify verify torus --help)");
  r = run("verify bcast --p 2 --no-such-flag");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "(see collverify verify bcast --help)");
  EXPECT_EQ(r.out.find("(see collverify --help)"), std::string::npos);
}

TEST(CommandLineCli, OlderSpellingsAndShortFlagsGiveTheSameOutput) {
  const struct {
    const char* now;
    const char* before;
  } pairs[] = {
      {"schedule bcast -p 6 -f text", "schedule bcast --p 6 --format table"},
      {"schedule bcast -p 6 --algo logp", "schedule bcast --p 6 --construction logp"},
      {"schedule fractional --layout chain -p 6 --s 3", "schedule fractional --layout chain --P 6 --s 3"},
      {"schedule hypercube --algo oab --d 2 -f text", "schedule hypercube --algo oab --d 2 --format table"},
      {"schedule torus --algo tadt --sides 3x3 -f text", "schedule torus --algo tadt --sides 3x3 --format table"},
      {"fractional -p 64 --k-over-t 100", "fractional --P 64 --k-over-t 100"},
      {"verify fractional -p 1..5 -j 1", "verify fractional --P 1..5 --jobs 1"},
      {"solve nonordered --sizes 3,1,2 --solver subset-dp", "solve nonordered --blocks 3,1,2 --solver subset-dp"},
      {"count-schedules -p 5 --solver backtracking -f json", "count-schedules --p 5 --method backtracking --format json"},
  };
  for (const auto& p : pairs) {
    const CliRun now = run_collverify(p.now, Stderr::dropped);
    const CliRun before = run_collverify(p.before, Stderr::dropped);
    EXPECT_EQ(now.code, 0) << p.now;
    EXPECT_EQ(now.code, before.code) << p.now;
    // JSON outputs carry timings; compare the first line, which names what was run.
    EXPECT_EQ(now.out.substr(0, now.out.find('\n')), before.out.substr(0, before.out.find('\n')))
        << p.now;
    EXPECT_FALSE(now.out.empty()) << p.now;
  }
  // A refusal names the spelling typed.
  expect_contains(run("schedule fractional --layout chain --P 0 --s 2").out, "--P '0'");
  expect_contains(run("solve nonordered --blocks 1,x").out, "--blocks entry 1 'x'");
  expect_contains(run("count-schedules --p 5 --method magic").out, "--method 'magic'");
  // A flag and its alias together: one value too many.
  const CliRun both = run("verify fractional --p 1..3 --P 1..3");
  EXPECT_EQ(both.code, 2);
  expect_contains(both.out, "--p and --P are the same flag");
  // --p on the hypercube is still the dimensions; on the torus still refused with advice.
  EXPECT_EQ(run("verify hypercube --p 1..3 --algo oab").code, 0);
  expect_contains(run("verify torus --algo tadt --sides 5x5 --p 3").out, "takes the tori with --sides");
}

TEST(CommandLineCli, CampaignTakesGithubFormatAndReport) {
  const auto dir = fresh_temp_dir("command_line", "campaign");
  const std::string step_summary = (dir / "step_summary.md").string();
  ::setenv("GITHUB_STEP_SUMMARY", step_summary.c_str(), 1);
  const CliRun r = run_collverify("campaign --quick -j 2 -f json,md --github -o " +
                                      (dir / "out").string(),
                                  Stderr::dropped);
  ::unsetenv("GITHUB_STEP_SUMMARY");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "summary.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "report.md"));
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "junit.xml"));
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "report.html"));
  std::ifstream in(step_summary);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  expect_contains(written, "### collverify: ");
}

}  // namespace
}  // namespace collverify::cli
