// The report writers (docs/DESIGN.md "Reports"): each turns a RunSummary into one file format, as a
// string, so that the CLI decides where it goes and tests can read it back. None of them reads
// anything but the summary, and each is deterministic: the same summary gives the same bytes
// (no timestamps, no host names). Violations are written in the order the summary holds them
// (the producer's smallest-witness-first order); the writers never re-sort.
//
// A witness field that does not apply (kNone) is null in JSON and "-" in every text format, so
// text witnesses always read "p=17, n=-, rank=3, round=2, block=5".
//
// Example: write_reports(summary, "out", parse_report_formats("json,md")) leaves exactly
// out/summary.json and out/report.md, each complete (written to a temporary name, then renamed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "model/run_summary.hpp"

namespace collverify {

// Which files write_reports() produces, and how many consecutive p one JUnit test case covers.
struct ReportFormats {
  bool json = true;
  bool junit = true;
  bool markdown = true;
  bool html = false;
  std::int64_t junit_chunk = 1;
};

// The verdict a report states: "fail" when a violation was found (even in an interrupted run),
// else "incomplete" when the run was interrupted before it checked every p (never "pass": the
// p not checked were not judged), else "inconclusive" when a check was inconclusive, else "pass".
// summary.json, junit.xml, report.md, report.html, the step summary and the CLI's result lines
// all use these words.
const char* run_verdict(const RunSummary& run);
const char* construction_verdict(const RunSummary& run, const ConstructionSummary& c);

// A fresh run id (32 hex digits from the system's random source): every report file of one run
// carries it, so a reader can tell whether the files of a directory belong together.
std::string new_run_id();

// Parses a comma-separated list of "json", "junit", "md" (or "markdown"), "html"; surrounding
// blanks are ignored and repeats are harmless. Exactly the listed formats are selected;
// junit_chunk keeps its default. Throws InputError naming the bad (or empty) token and the
// accepted ones.
ReportFormats parse_report_formats(const std::string& list);

// summary.json, schema 2, exactly the shape of docs/DESIGN.md; pretty-printed, ends in a newline.
// Schema 2 = schema 1 plus, per construction, violations_total, violations_cap, truncated and
// coverage {p_range, parameters, properties, lower_bound, instances, rounds_counted,
// rounds_at_bound, rounds_max_excess (null when none counted)}.
std::string summary_json(const RunSummary& summary);

// junit.xml: one <testsuite> per construction (named "bcast", or "bcast_plugin (libfoo.so)" after
// the user's input file, with classname "collverify.bcast_plugin.libfoo_so"), one <testcase> per
// chunk of junit_chunk consecutive CaseResults (named "p=17" or "p=17..32"); suite properties
// carry complete, command, version, input (when there is one) and
// violations_total/_listed/_cap/_truncated. A chunk fails if any of its cases
// fails (the <failure> carries the first failing case's witness), else is skipped if any is
// inconclusive. A construction without cases gets one test case "all" judged by its counts, so
// a failure never disappears from the XML. Throws InputError if junit_chunk < 1.
std::string junit_xml(const RunSummary& summary, std::int64_t junit_chunk);

// report.md: run status, one table row per construction, per construction its coverage (p
// range, parameters, properties, lower bound, instances, rounds against the bound), the count
// of violations found and listed (a capped list says so), the smallest witness, the violations
// grouped by cause (one row per property with its count and smallest witness, at most 20 rows;
// summary.json lists every violation) and the schedule excerpt around the first one, if any.
std::string markdown_report(const RunSummary& summary);

// report.html: the same content as report.md in one self-contained page (inline CSS and SVG,
// no scripts, no external resources).
std::string html_report(const RunSummary& summary);

// GitHub workflow commands: one "::error title=...::..." line per violation (with
// "file=F,line=L," first when the construction judged a user's file: ConstructionSummary::input
// and locations; line only where known), at most
// max_errors in all, taken round-robin (every construction's first violation before any
// construction's second), printed grouped by construction, each "p=17 <property>: <message>
// (n=.., rank=.., round=.., block=..)"; plus one "::warning" per construction whose violation
// list was cut, with the total and the cap, and one "::warning" per interrupted construction
// naming the p it did not check. Empty when nothing failed and the run is complete. Every piece
// of text is escaped per GitHub's workflow-command rules (% \r \n in data; also : , in
// properties), so no user text can end the line and start a command of its own.
std::string github_annotations(const RunSummary& summary, std::size_t max_errors = 10);

// A short Markdown summary for $GITHUB_STEP_SUMMARY: run status, a table of constructions
// with the violation count (found, listed, whether truncated), the rounds against the lower
// bound and the first witness of each.
std::string github_step_summary(const RunSummary& summary);

// Writes content to a fresh temporary file "<name>.tmp.<pid>.<random>" in path's directory
// (created if missing), opened with O_CREAT|O_EXCL|O_NOFOLLOW so that nothing planted at a
// predictable name (a symbolic link, a file) is ever written through, fsyncs it and renames it
// onto path: readers see the old file or the whole new one, never a part, and a symbolic link at
// path is replaced, not followed. Throws InputError naming the path (and the system's reason) if
// any step fails; the temporary file is removed then.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

// The report file names write_reports() owns in a directory: summary.json, junit.xml,
// report.md, report.html, <construction>_witness.dot, the pictures and data files
// (is_picture_file_name) and their temporaries ("<name>.tmp.*"). A picture or data file is
// removed or replaced only when it carries collverify's run marker on its first line: nothing a
// user put in a report directory is ever removed or overwritten.
bool is_report_file_name(const std::string& name);
// The names a family may give its pictures and data files (ConstructionSummary::pictures_svg,
// data_files): a plain file name (letters, digits, '_', '-', '.'; no "..", not starting with '.'
// or '-', at most 200 characters) ending in .svg or .csv. Every family names its own; the
// writers keep no list.
bool is_picture_file_name(const std::string& name);
bool is_report_temporary_name(const std::string& name);

// Writes dir/junit.xml, dir/report.md, dir/report.html (as selected), dir/<c>_witness.dot for
// every construction with a witness picture, every picture of pictures_svg (whatever the
// formats; each with the run id in an XML comment) and fractional_speedup.csv for Figure 3
// curves, and dir/summary.json, as one consistent set:
// 1. everything is rendered first (a bad junit_chunk throws InputError and writes nothing);
// 2. temporaries left by killed runs are removed, then the previous summary.json;
// 3. the other files are written (each with write_file_atomically), and every report file of
//    ours that this run did not write (a format not selected now, another construction's
//    witness) is removed;
// 4. summary.json is written last.
// So summary.json present means every report file beside it is this run's (they all carry its
// run_id); a run killed in steps 2-3 leaves no summary.json, and the next run cleans up. Callers
// hold the directory's lock (lock_report_dir) so that two runs never interleave.
void write_reports(const RunSummary& summary, const std::filesystem::path& dir,
                   const ReportFormats& formats);

// An exclusive lock on a report directory, held from before the run starts until the process
// ends (or the object is destroyed): flock() on dir/.collverify.lock, which records the holder's
// pid and run id. Released, the lock file is removed (while still locked, so that no run can
// lock a file that is about to vanish: a run that locked a file and then finds it unlinked or
// replaced starts over), so that no report directory, CI artifact included, keeps it. A run
// killed with SIGKILL leaves the file but no lock (the kernel releases flock with the process):
// the next run takes it and removes it when done.
class ReportDirLock {
 public:
  ReportDirLock() = default;
  ReportDirLock(ReportDirLock&& other) noexcept;
  ReportDirLock& operator=(ReportDirLock&& other) noexcept;
  ReportDirLock(const ReportDirLock&) = delete;
  ReportDirLock& operator=(const ReportDirLock&) = delete;
  ~ReportDirLock();

 private:
  friend ReportDirLock lock_report_dir(const std::filesystem::path&, const std::string&);
  void release() noexcept;
  int fd_ = -1;
  std::filesystem::path path_;
};

// Takes the lock without waiting. If another run holds it, throws InputError (exit 2): "--report
// 'DIR' is in use by another collverify run (pid 123, run id ...); wait for it or
// choose another directory". dir must exist.
ReportDirLock lock_report_dir(const std::filesystem::path& dir, const std::string& run_id);

}  // namespace collverify
