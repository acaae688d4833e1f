// `verify program --plugin LIB.so [--collective ...] [--counts ...] [--roots ...] [--datatype ...]
// [--buffering ...] [--max-interleavings N] [--step-budget N] [--instance-timeout S]` and the
// campaign part, which runs the example programs of examples/programs (program_module.hpp).
#include "families/program/program_module.hpp"

#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "families/common/data_dir.hpp"
#include "families/common/parse.hpp"
#include "families/program/program_family.hpp"
#include "model/error.hpp"

namespace collverify::families::program {
namespace {

namespace cvp = collverify::program;

// Where the example programs are: lib/collverify/programs of an installed tree, else
// examples/programs' build folder (data_dir.hpp).
std::filesystem::path programs_dir() {
  return cli::campaign_data_dir(COLLVERIFY_INSTALLED_PROGRAMS, COLLVERIFY_PROGRAMS_DIR);
}

// The example programs the campaign proves: every library of the programs folder (the mutants
// are built into its mutants/ subfolder, which is not read, and are not installed).
std::vector<std::filesystem::path> example_programs() {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(programs_dir(), ec)) {
    if (e.is_regular_file() && e.path().extension() == ".so") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class ProgramModule final : public Module {
 public:
  std::string name() const override { return "program"; }
  std::string help() const override {
    return "a collective's own C code (a plugin built against collverify's mpi.h), for every p, "
           "count and root";
  }

  void add_flags(CLI::App& sub) override {
    sub.add_option("--plugin", plugin_, "the shared library exporting cv_bcast, cv_reduce, ...")
        ->required()
        ->type_name("PATH");
    sub.add_option("--collective", collectives_, "comma list (default: every cv_* it exports)")
        ->type_name("LIST");
    sub.add_option("--counts", counts_, fmt::format("count terms (default {})", kDefaultCounts))
        ->type_name("TERMS");
    sub.add_option("--roots", roots_, "all, or root terms (default: all up to p = 64, then "
                                      "0,1,p/2,p-1)")
        ->type_name("TERMS");
    sub.add_option("--datatype", datatypes_, "int,double,byte (default int; reductions use "
                                             "64-bit integers)")
        ->type_name("LIST");
    sub.add_option("--buffering", buffering_, "eager,rendezvous (default both)")->type_name("LIST");
    // Through the common parsers (issue 26): CLI::Range said "Value  not in range" for '' and
    // let 'nan' through as a timeout (every comparison with nan is false).
    cli::add_int_flag(&sub, "--max-interleavings", limits_.max_interleavings, 1, 1'000'000'000,
                      "matching orders of wildcard receives run per instance (default 1000)")
        ->type_name("INT");
    cli::add_int_flag(&sub, "--step-budget", limits_.step_budget, 1,
                      std::numeric_limits<std::int64_t>::max() / 2,
                      "MPI calls per run before step_budget (default 10000000)")
        ->type_name("INT");
    sub.add_option_function<std::string>(
           "--instance-timeout", [this](const std::string& text) { timeout_ = timeout(text); },
           "seconds without a finished instance before the worker is killed (0.01..86400, "
           "default 20)")
        ->type_name("SECONDS");
  }

  Plan plan(const std::string& p) const override {
    Plan plan;
    plan.family = std::make_unique<ProgramFamily>(settings(plugin_));
    plan.range = p.empty() ? "2..16" : p;
    plan.banner = fmt::format("program: {} for p = {}", plugin_, plan.range);
    return plan;
  }

  std::vector<cli::CampaignPart> campaign() const override {
    const std::vector<std::filesystem::path> programs = example_programs();
    if (programs.empty()) {
      throw InputError(fmt::format("the example programs are not built (no *.so in {})",
                                   programs_dir().string()));
    }
    std::vector<cli::CampaignPart> parts;
    for (const auto& path : programs) {
      parts.push_back(campaign_part("program:" + path.stem().string(), [path](bool quick) {
        ProgramModule m;
        m.counts_ = quick ? "0,1,p-1,p+1,2p+1" : kDefaultCounts;
        m.roots_ = quick ? "0,1,p/2,p-1" : "";
        Plan plan;
        plan.family = std::make_unique<ProgramFamily>(m.settings(path.string()));
        // A gather whose root receives with MPI_ANY_SOURCE has (p - 1)! matching orders: up to
        // p = 6 (120 orders) they are all run within the default bound of 1000.
        const bool wildcard = path.stem().string().find("anysource") != std::string::npos;
        plan.range = wildcard ? "1..6" : quick ? "1..12" : "1..32";
        plan.banner =
            fmt::format("campaign: program {} for p = {}", path.stem().string(), plan.range);
        return plan;
      }));
    }
    return parts;
  }

  Examples examples() const override {
    return {example("cv_program_bcast_binomial.so"),
            example("mutants/cv_program_bcast_binomial_extra_send.so")};
  }

 private:
  static Plan example(const std::string& library) {
    ProgramModule m;
    m.plugin_ = std::string(COLLVERIFY_PROGRAMS_DIR) + "/" + library;
    return m.plan("1..9");
  }

  static double timeout(const std::string& text) {
    const double v = cli::parse_nonnegative_real("--instance-timeout", text);
    if (v < 0.01 || v > 86400.0) {
      throw InputError(fmt::format("--instance-timeout '{}' is not in 0.01..86400 seconds", text));
    }
    return v;
  }

  Settings settings(const std::string& path) const {
    Settings s;
    s.plugin_path = path;
    s.label = "program:" + std::filesystem::path(path).stem().string();
    if (!collectives_.empty()) s.collectives = parse_collectives(collectives_);
    s.counts = parse_terms("--counts", counts_.empty() ? kDefaultCounts : counts_, false);
    if (!roots_.empty()) s.roots = parse_terms("--roots", roots_, true);
    s.datatypes = parse_datatypes(datatypes_);
    s.buffering = parse_buffering(buffering_);
    s.limits = limits_;
    s.timeout_seconds = timeout_;
    return s;
  }

  std::string plugin_;
  std::string collectives_;
  std::string counts_;
  std::string roots_;
  std::string datatypes_ = "int";
  std::string buffering_ = "eager,rendezvous";
  cvp::InstanceLimits limits_;
  double timeout_ = 20;
};

}  // namespace

std::unique_ptr<Module> make_module() { return std::make_unique<ProgramModule>(); }

}  // namespace collverify::families::program
