// collverify-program-worker PLUGIN JOBS_FILE FROM MEMORY_BYTES STOP_AT_FAILURE: the worker process
// of the program route (isolation.hpp). Runs the jobs of JOBS_FILE from line FROM on, writing one
// verdict line per job to descriptor 3 as it finishes; stdin, stdout and stderr are /dev/null
// (the plugin may print what it likes). Started by run_isolated, never by a user.
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "program/isolation.hpp"

namespace {

namespace cvp = collverify::program;

void write_all(int fd, const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) std::_Exit(3);
    done += static_cast<std::size_t>(n);
  }
}

bool parse_job(const std::string& line, cvp::Job& job, cvp::InstanceLimits& limits) {
  std::istringstream in(line);
  int collective = 0, elem = 0, op = 0, buffering = 0;
  cvp::Instance& i = job.instance;
  if (!(in >> collective >> i.p >> i.count >> i.root >> elem >> op >> buffering >>
        limits.max_interleavings >> limits.step_budget)) {
    return false;
  }
  i.collective = static_cast<cvp::Collective>(collective);
  i.elem = static_cast<cvp::Elem>(elem);
  i.op = static_cast<cvp::ReduceOp>(op);
  job.buffering = static_cast<cvp::Buffering>(buffering);
  return true;
}

}  // namespace

// Under LeakSanitizer: a rank unwound after a fault never reaches the plugin's free(), so what any
// plugin allocated in a failing run stays allocated by design; the worker reports none of it.
extern "C" const char* __lsan_default_suppressions() { return "leak:cv_\n"; }

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
// Under AddressSanitizer the worker must end the way it ends in the Release build, or a plugin's
// fault is misnamed (CI of stop 30: a segfault and exit(7) both read "exit status 1"): a SIGSEGV,
// SIGBUS or SIGFPE kills it with the signal (not ASan's report and exit 1), and the leak check
// runs when the jobs are done (main, below), not at exit: a plugin that calls exit() mid-run
// leaves the ranks' fibers allocated by design, and LeakSanitizer's exit code replaced its
// status. The sanitizers still check every instance's memory accesses.
extern "C" const char* __asan_default_options() {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:leak_check_at_exit=0";
}
// GCC links UBSan's runtime apart from ASan's, with flags of its own and its own signal handlers.
extern "C" const char* __ubsan_default_options() {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0";
}
#endif

int main(int argc, char** argv) {
  if (argc != 6) return 2;
  const long long memory = std::atoll(argv[4]);
#if !defined(__SANITIZE_ADDRESS__)
  // Not under AddressSanitizer, whose shadow memory reserves terabytes of address space.
  if (memory > 0) {
    const rlimit limit{static_cast<rlim_t>(memory), static_cast<rlim_t>(memory)};
    ::setrlimit(RLIMIT_AS, &limit);
  }
#else
  (void)memory;
#endif
  const cvp::Plugin plugin = cvp::load_plugin(argv[1]);
  // Started: the parent's instance timeout counts from here, not from the spawn (start-up under
  // the sanitizers on a loaded machine took over a second and cost a correct instance its run).
  write_all(3, std::string(cvp::kWorkerReady) + "\n");
  const long long from = std::atoll(argv[3]);
  const bool stop_at_failure = std::string(argv[5]) == "1";
  std::ifstream jobs(argv[2]);
  cvp::StackPool stacks;
  std::string line;
  for (long long k = 0; std::getline(jobs, line); ++k) {
    if (k < from) continue;
    cvp::Job job;
    cvp::InstanceLimits limits;
    if (!parse_job(line, job, limits)) return 2;
    const cvp::InstanceVerdict v = cvp::run_instance(plugin, job.instance, job.buffering, limits,
                                                     stacks);
    write_all(3, cvp::encode_verdict(v) + "\n");
    if (stop_at_failure && v.status == cvp::InstanceStatus::fail) break;
  }
#if defined(__SANITIZE_ADDRESS__)
  __lsan_do_leak_check();  // the check leak_check_at_exit=0 leaves out, for a normal end
#endif
  return 0;
}
