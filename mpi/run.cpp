#include "mpi/run.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "model/run_summary.hpp"
#include "mpi/check.hpp"
#include "mpi/instance.hpp"
#include "mpi/svg_plot.hpp"
#include "mpi/timing.hpp"
#include "reports/report_dir.hpp"
#include "reports/summary_text.hpp"
#include "reports/writers.hpp"

namespace collverify::mpiexec {

namespace {

// Every rank says whether it refused the input; the lowest refusing rank prints its message.
// Returns true when any rank refused.
bool refused_anywhere(MPI_Comm comm, int me, const std::optional<std::string>& error) {
  int mine = error ? me : 1 << 30;
  int lowest = 0;
  MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, comm);
  if (lowest == me && error) std::fprintf(stderr, "collverify-mpi: %s\n", error->c_str());
  return lowest != 1 << 30;
}

// Refuses buffers that would not fit when every rank of the job shares this machine's memory
// (the ranks on one node: MPI_Comm_split_type).
void require_buffers(MPI_Comm comm, const Instance& in, int buffers) {
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int local = 1;
  MPI_Comm_size(node, &local);
  MPI_Comm_free(&node);
  const std::int64_t bytes = checked_mul(checked_mul(in.geometry.buffer_bytes(), buffers, "buffers"),
                                         local, "buffers");
  require_memory(bytes, fmt::format("{} ranks on this node with {} buffers of {} bytes each", local,
                                    buffers, in.geometry.buffer_bytes()));
}

ConstructionSummary summarise(const Options& o, const Instance& in, std::vector<Violation> vs,
                              double seconds) {
  ConstructionSummary c;
  c.name = std::string("mpi-") + to_string(in.collective);
  c.checked = 1;
  c.failed = vs.empty() ? 0 : 1;
  c.passed = 1 - c.failed;
  c.seconds = seconds;
  c.violations_total = static_cast<std::int64_t>(vs.size());
  c.violations_cap = 100;
  c.truncated = vs.size() > 100;
  if (vs.size() > 100) vs.resize(100);
  c.cases.push_back({in.p, vs.empty() ? Status::pass : Status::fail, seconds,
                     vs.empty() ? std::nullopt : std::optional<Violation>(vs.front())});
  c.violations = std::move(vs);
  c.coverage.p_range = std::to_string(in.p);
  c.coverage.parameters = in.parameters + (o.time ? fmt::format(", timing sizes {}", o.sizes) : "");
  c.coverage.properties = {"bytes_equal_native", "native_delivers_pattern", "gaps_untouched"};
  c.coverage.instances = 1;
  const std::int64_t rounds = in.plan.rounds;
  c.instances.push_back({in.p, in.geometry.n, c.failed ? Status::fail : Status::pass,
                         in.not_executed ? kNone : rounds, in.lower_bound});
  if (in.lower_bound != kNone && !in.not_executed) {
    c.coverage.lower_bound = in.collective == Collective::allgather ? "ceil(log2 p) rounds"
                                                                     : "n - 1 + ceil(log2 p) rounds";
    c.coverage.rounds_counted = 1;
    c.coverage.rounds_at_bound = rounds == in.lower_bound ? 1 : 0;
    c.coverage.rounds_max_excess = rounds - in.lower_bound;
  }
  return c;
}

void write_all(const RunSummary& summary, const Options& o, const std::string& timing_md,
               const std::string& timing_svg) {
  ReportFormats f = parse_report_formats(o.formats);
  const std::filesystem::path dir = o.report_dir;
  if (f.junit) write_file_atomically(dir / "junit.xml", junit_xml(summary, f.junit_chunk));
  if (f.markdown) {
    write_file_atomically(dir / "report.md", markdown_report(summary) +
                                                 (timing_md.empty() ? "" : "\n" + timing_md));
  }
  if (f.html) {
    std::string html = html_report(summary);
    if (!timing_md.empty()) {
      std::string section = "<h2>Timing</h2>\n<pre>";
      for (const char ch : timing_md) {
        if (ch == '<') section += "&lt;";
        else if (ch == '>') section += "&gt;";
        else if (ch == '&') section += "&amp;";
        else section += ch;
      }
      section += "</pre>\n" + timing_svg;
      const auto at = html.rfind("</body>");
      html.insert(at == std::string::npos ? html.size() : at, section);
    }
    write_file_atomically(dir / "report.html", html);
  }
  if (f.json) write_file_atomically(dir / "summary.json", summary_json(summary));
}

void print_result(const ConstructionSummary& c) {
  if (c.violations.empty()) {
    std::printf("%s p=%s: pass (%s)\n", c.name.c_str(), c.coverage.p_range.c_str(),
                c.coverage.parameters.c_str());
    return;
  }
  std::printf("%s p=%s: FAIL, %lld rank(s) with a wrong block (%s)\n", c.name.c_str(),
              c.coverage.p_range.c_str(), static_cast<long long>(c.violations_total),
              c.coverage.parameters.c_str());
  std::size_t shown = 0;
  for (const Violation& v : c.violations) {
    if (++shown > 10) break;
    std::printf("  %s: %s (%s)\n", v.property.c_str(), v.message.c_str(),
                reports::witness_text(v).c_str());
  }
}

// Every check before a rank communicates: the report directory and formats, the datatype, this
// rank's instance and its buffers. A refusal is left in `error` for refused_anywhere.
std::optional<Instance> prepare_instance(const Options& o, MPI_Comm comm, std::int64_t p, int me,
                                         std::optional<std::string>& error) {
  std::optional<Instance> instance;
  try {
    if (!o.report_dir.empty()) parse_report_formats(o.formats);
    const Element e{parse_datatype(o.datatype)};
    if (o.time) {
      parse_sizes(o.sizes);
      instance = make_instance(o, p, me, elements_of(parse_sizes(o.sizes).back(), e, "--sizes"));
    } else {
      instance = make_instance(o, p, me, elements_of(o.bytes, e, "--bytes"));
    }
    require_buffers(comm, *instance, 3);  // collective: every rank must reach it
    // Before any rank runs (issue 26): a --report that is a file, under a file, a link or otherwise
    // not writable was found only after the run, which had printed its verdict on stdout by then.
    if (!o.report_dir.empty() && me == 0) prepare_report_dir(o.report_dir, "collverify-mpi");
  } catch (const InputError& ex) {
    error = ex.what();
  } catch (const std::bad_alloc&) {
    error = "out of memory building the schedule; use fewer ranks or bytes";
  }
  return instance;
}

}  // namespace

int run(const Options& o, MPI_Comm comm) {
  int me = 0;
  int size = 1;
  MPI_Comm_rank(comm, &me);
  MPI_Comm_size(comm, &size);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  const std::int64_t p = size;

  std::optional<std::string> error;
  std::optional<Instance> instance = prepare_instance(o, comm, p, me, error);
  if (refused_anywhere(comm, me, error)) return 2;

  const double t0 = MPI_Wtime();
  std::vector<Violation> violations;
  std::string timing_md;
  std::string timing_svg;
  if (o.time) {
    TimingResult t;
    try {
      t = run_timing(comm, o, p, me);
    } catch (const InputError& ex) {
      error = ex.what();  // every rank refuses the same size before any communication
    }
    if (refused_anywhere(comm, me, error)) return 2;
    violations = std::move(t.violations);
    if (me == 0) {
      timing_md = timing_markdown(t, o.collective, p);
      std::vector<Series> series{{"schedule", {}}, {std::string("native"), {}}};
      for (const TimingRow& r : t.rows) {
        series[0].points.emplace_back(static_cast<double>(r.bytes), r.schedule_seconds);
        series[1].points.emplace_back(static_cast<double>(r.bytes), r.native_seconds);
      }
      timing_svg = svg_plot(fmt::format("{} on p = {}: schedule vs native", o.collective, p), series);
    }
  } else if (instance->not_executed) {
    if (me == 0) violations.push_back(*instance->not_executed);
  } else {
    violations = execute_and_compare(comm, *instance).violations;
  }
  const double seconds = MPI_Wtime() - t0;
  int code = 0;
  if (me == 0) {
    RunSummary summary;
    summary.version = COLLVERIFY_VERSION;
    summary.command = o.command;
    // summary.json's contract (docs/DESIGN.md "summary.json"): a fresh run id, which the other
    // report files of the run carry too.
    summary.run_id = new_run_id();
    summary.constructions.push_back(summarise(o, *instance, violations, seconds));
    print_result(summary.constructions.back());
    if (!timing_md.empty()) std::printf("\n%s", timing_md.c_str());
    code = violations.empty() ? 0 : 1;
    if (!o.report_dir.empty()) {
      try {
        write_all(summary, o, timing_md, timing_svg);
      } catch (const InputError& ex) {
        std::fprintf(stderr, "collverify-mpi: %s\n", ex.what());
        code = 2;
      }
    }
    std::fflush(stdout);
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, comm);
  return code;
}

}  // namespace collverify::mpiexec
