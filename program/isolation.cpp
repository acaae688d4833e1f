// The worker process of the program route (isolation.hpp).
#include "program/isolation.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <chrono>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace collverify::program {
namespace {

constexpr std::size_t kMaxRecords = 4000;  // calls and messages kept for a witness


// One job as a line of the jobs file the worker reads (worker_main.cpp parses it back).
std::string job_line(const Job& j, const IsolationOptions& o) {
  const Instance& in = j.instance;
  return fmt::format("{} {} {} {} {} {} {} {} {}\n", static_cast<int>(in.collective), in.p, in.count,
                     in.root, static_cast<int>(in.elem), static_cast<int>(in.op),
                     static_cast<int>(j.buffering), o.limits.max_interleavings,
                     o.limits.step_budget);
}

// The worker executable, built beside libcollverify_program.so.
std::string worker_path() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&worker_path), &info) == 0 || !info.dli_fname) {
    throw ProgramError("cannot locate libcollverify_program.so");
  }
  std::string dir = info.dli_fname;
  return dir.substr(0, dir.find_last_of('/') + 1) + "collverify-program-worker";
}

// A fresh process (posix_spawn, not fork: a forked copy of this multi-threaded process could
// inherit a lock another thread held, and hang) that runs jobs[from..] from `jobs_file` and
// writes one verdict line per job to `out` (its descriptor 3).
pid_t spawn_worker(const Plugin& plugin, const std::string& jobs_file, std::size_t from,
                   const IsolationOptions& options, int out) {
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  ::posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  ::posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  ::posix_spawn_file_actions_adddup2(&actions, out, 3);
  const std::string exe = worker_path();
  const std::string from_text = std::to_string(from);
  const std::string memory = std::to_string(options.memory_bytes);
  const std::string stop_at_failure = options.stop_at_failure ? "1" : "0";
  std::vector<char*> argv = {const_cast<char*>(exe.c_str()),
                             const_cast<char*>(plugin.path.c_str()),
                             const_cast<char*>(jobs_file.c_str()),
                             const_cast<char*>(from_text.c_str()),
                             const_cast<char*>(memory.c_str()),
                             const_cast<char*>(stop_at_failure.c_str()), nullptr};
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ);
  ::posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw ProgramError(fmt::format("cannot start {}: {}", exe, std::strerror(rc)));
  return pid;
}

std::string death_text(int status) {
  if (WIFSIGNALED(status)) {
    return fmt::format("the plugin crashed (signal {}, {})", WTERMSIG(status),
                       ::strsignal(WTERMSIG(status)));
  }
  return fmt::format("the plugin ended the process (exit status {})", WEXITSTATUS(status));
}

InstanceVerdict failed(const char* property, std::string message) {
  InstanceVerdict v;
  v.status = InstanceStatus::fail;
  v.fault = Fault{property, -1, -1, "", std::move(message)};
  return v;
}

}  // namespace

std::string encode_verdict(const InstanceVerdict& v) {
  nlohmann::json j;
  j["s"] = static_cast<int>(v.status);
  j["i"] = v.interleavings;
  j["c"] = {v.cost.messages,    v.cost.busiest_bytes, v.cost.rounds,       v.cost.round_bound,
            v.cost.time_ns,     v.cost.busiest_bound, v.cost.time_bound_ns};
  if (v.fault) {
    j["f"] = {v.fault->property, v.fault->rank, v.fault->call, v.fault->op, v.fault->message};
    nlohmann::json calls = nlohmann::json::array(), msgs = nlohmann::json::array();
    for (std::size_t k = 0; k < v.calls.size() && k < kMaxRecords; ++k) {
      const CallRecord& c = v.calls[k];
      calls.push_back({c.rank, c.index, c.op, c.peer, c.tag, c.bytes});
    }
    for (std::size_t k = 0; k < v.messages.size() && k < kMaxRecords; ++k) {
      const MessageRecord& m = v.messages[k];
      msgs.push_back({m.src, m.src_call, m.dst, m.dst_call, m.bytes, m.depth, m.dst_release_call});
    }
    j["calls"] = std::move(calls);
    j["msgs"] = std::move(msgs);
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

InstanceVerdict decode_verdict(const std::string& line) {
  const nlohmann::json j = nlohmann::json::parse(line);
  InstanceVerdict v;
  v.status = static_cast<InstanceStatus>(j.at("s").get<int>());
  v.interleavings = j.at("i").get<std::int64_t>();
  const auto& c = j.at("c");
  v.cost = {c[0].get<std::int64_t>(), c[1].get<std::int64_t>(), c[2].get<std::int64_t>(),
            c[3].get<std::int64_t>(), c[4].get<std::int64_t>(), c[5].get<std::int64_t>(),
            c[6].get<std::int64_t>()};
  if (j.contains("f")) {
    const auto& f = j.at("f");
    v.fault = Fault{f[0].get<std::string>(), f[1].get<int>(), f[2].get<int>(),
                    f[3].get<std::string>(), f[4].get<std::string>()};
    // Op names point at static strings in the runtime; the decoded ones are interned for the
    // life of the process (set nodes never move; any thread may read them later, in finish()).
    static std::mutex names_mutex;
    static auto* names = new std::set<std::string>;
    for (const auto& k : j.at("calls")) {
      const char* op = nullptr;
      {
        std::lock_guard<std::mutex> lock(names_mutex);
        op = names->insert(k[2].get<std::string>()).first->c_str();
      }
      v.calls.push_back({k[0].get<int>(), k[1].get<int>(), op, k[3].get<int>(), k[4].get<int>(),
                         k[5].get<std::int64_t>()});
    }
    for (const auto& k : j.at("msgs")) {
      v.messages.push_back({k[0].get<int>(), k[1].get<int>(), k[2].get<int>(), k[3].get<int>(),
                            k[4].get<std::int64_t>(), k[5].get<std::int64_t>(), k[6].get<int>()});
    }
  }
  return v;
}

// The jobs of one run_isolated, in a temporary file the workers read; removed at the end.
struct JobsFile {
  std::string path;
  JobsFile(const std::vector<Job>& jobs, const IsolationOptions& options) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/collverify-jobs-XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw ProgramError(fmt::format("cannot create {}", pattern));
    path = pattern;
    std::string text;
    for (const Job& j : jobs) text += job_line(j, options);
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ::close(fd);
        throw ProgramError(fmt::format("cannot write {}", path));
      }
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
  }
  ~JobsFile() { ::unlink(path.c_str()); }
  JobsFile(const JobsFile&) = delete;
  JobsFile& operator=(const JobsFile&) = delete;
};

std::vector<JobOutcome> run_isolated(const Plugin& plugin, const std::vector<Job>& jobs,
                                     const IsolationOptions& options) {
  std::vector<JobOutcome> out(jobs.size());
  if (jobs.empty()) return out;
  const JobsFile jobs_file(jobs, options);
  std::size_t next = 0;
  bool failed_once = false;
  while (next < jobs.size() && !(options.stop_at_failure && failed_once)) {
    if (options.stop && options.stop->load()) break;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw ProgramError("pipe failed");
    const pid_t pid = spawn_worker(plugin, jobs_file.path, next, options, fds[1]);
    ::close(fds[1]);
    std::string buffer;
    bool killed = false;
    bool started = false;  // the worker said it started: the instance timeout runs from then
    auto last = std::chrono::steady_clock::now();
    while (true) {
      pollfd pfd{fds[0], POLLIN, 0};
      const int ready = ::poll(&pfd, 1, 200);
      if (ready < 0 && errno == EINTR) continue;
      const bool stopping = options.stop && options.stop->load();
      const double waited =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - last).count();
      if (ready == 0) {
        if (stopping || waited > (started ? options.timeout_seconds : kWorkerStartSeconds)) {
          ::kill(pid, SIGKILL);
          killed = !stopping;
          break;
        }
        continue;
      }
      char chunk[65536];
      const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      buffer.append(chunk, static_cast<std::size_t>(n));
      std::size_t eol;
      while ((eol = buffer.find('\n')) != std::string::npos) {
        if (!started && buffer.compare(0, eol, kWorkerReady) == 0) {
          started = true;
          buffer.erase(0, eol + 1);
          last = std::chrono::steady_clock::now();
          continue;
        }
        out[next].ran = true;
        out[next].verdict = decode_verdict(buffer.substr(0, eol));
        failed_once = failed_once || out[next].verdict.status == InstanceStatus::fail;
        buffer.erase(0, eol + 1);
        ++next;
        last = std::chrono::steady_clock::now();
      }
      if (stopping) {
        ::kill(pid, SIGKILL);
        break;
      }
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (options.stop && options.stop->load()) break;
    if (next < jobs.size() && !(options.stop_at_failure && failed_once)) {
      // The child ended (or was killed) before reporting job `next`: that job is its cause.
      out[next].ran = true;
      out[next].verdict =
          killed ? (started ? failed("step_budget",
                                     fmt::format("no result within {} s (a loop without MPI calls?)",
                                                 options.timeout_seconds))
                            : failed("crash", fmt::format("the worker did not start within {} s",
                                                          kWorkerStartSeconds)))
                 : failed("crash", death_text(status));
      failed_once = true;
      ++next;
    }
  }
  return out;
}

}  // namespace collverify::program
