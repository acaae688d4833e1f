// The worker process of the program route (isolation.hpp).
#include "program/isolation.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace collverify::program {
namespace {

constexpr std::size_t kMaxRecords = 4000;  // calls and messages kept for a witness

void write_all(int fd, const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(3);
    done += static_cast<std::size_t>(n);
  }
}

[[noreturn]] void child(const Plugin& plugin, const std::vector<Job>& jobs, std::size_t from,
                        const IsolationOptions& options, int out) {
  const int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) {
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
  }
#if !defined(__SANITIZE_ADDRESS__)
  // Not under AddressSanitizer, whose shadow memory reserves terabytes of address space.
  const rlimit limit{static_cast<rlim_t>(options.memory_bytes),
                     static_cast<rlim_t>(options.memory_bytes)};
  ::setrlimit(RLIMIT_AS, &limit);
#endif
  StackPool stacks;
  for (std::size_t i = from; i < jobs.size(); ++i) {
    const InstanceVerdict v =
        run_instance(plugin, jobs[i].instance, jobs[i].buffering, options.limits, stacks);
    write_all(out, encode_verdict(v) + "\n");
    if (options.stop_at_failure && v.status == InstanceStatus::fail) break;
  }
  ::_exit(0);
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
  j["c"] = {v.cost.messages, v.cost.busiest_bytes, v.cost.rounds, v.cost.round_bound};
  if (v.fault) {
    j["f"] = {v.fault->property, v.fault->rank, v.fault->call, v.fault->op, v.fault->message};
    nlohmann::json calls = nlohmann::json::array(), msgs = nlohmann::json::array();
    for (std::size_t k = 0; k < v.calls.size() && k < kMaxRecords; ++k) {
      const CallRecord& c = v.calls[k];
      calls.push_back({c.rank, c.index, c.op, c.peer, c.tag, c.bytes});
    }
    for (std::size_t k = 0; k < v.messages.size() && k < kMaxRecords; ++k) {
      const MessageRecord& m = v.messages[k];
      msgs.push_back({m.src, m.src_call, m.dst, m.dst_call, m.bytes, m.depth});
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
            c[3].get<std::int64_t>()};
  if (j.contains("f")) {
    const auto& f = j.at("f");
    v.fault = Fault{f[0].get<std::string>(), f[1].get<int>(), f[2].get<int>(),
                    f[3].get<std::string>(), f[4].get<std::string>()};
    // Op names point at static strings in the runtime; the decoded ones are interned here.
    static thread_local std::vector<std::string> names;
    for (const auto& k : j.at("calls")) {
      const std::string op = k[2].get<std::string>();
      auto it = std::find(names.begin(), names.end(), op);
      if (it == names.end()) it = names.insert(names.end(), op);
      v.calls.push_back({k[0].get<int>(), k[1].get<int>(), it->c_str(), k[3].get<int>(),
                         k[4].get<int>(), k[5].get<std::int64_t>()});
    }
    for (const auto& k : j.at("msgs")) {
      v.messages.push_back({k[0].get<int>(), k[1].get<int>(), k[2].get<int>(), k[3].get<int>(),
                            k[4].get<std::int64_t>(), k[5].get<std::int64_t>()});
    }
  }
  return v;
}

std::vector<JobOutcome> run_isolated(const Plugin& plugin, const std::vector<Job>& jobs,
                                     const IsolationOptions& options) {
  std::vector<JobOutcome> out(jobs.size());
  std::size_t next = 0;
  bool failed_once = false;
  while (next < jobs.size() && !(options.stop_at_failure && failed_once)) {
    if (options.stop && options.stop->load()) break;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw ProgramError("pipe failed");
    const pid_t pid = ::fork();
    if (pid < 0) throw ProgramError("fork failed");
    if (pid == 0) {
      ::close(fds[0]);
      child(plugin, jobs, next, options, fds[1]);
    }
    ::close(fds[1]);
    std::string buffer;
    bool killed = false;
    auto last = std::chrono::steady_clock::now();
    while (true) {
      pollfd pfd{fds[0], POLLIN, 0};
      const int ready = ::poll(&pfd, 1, 200);
      if (ready < 0 && errno == EINTR) continue;
      const bool stopping = options.stop && options.stop->load();
      const double waited =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - last).count();
      if (ready == 0) {
        if (stopping || waited > options.timeout_seconds) {
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
          killed ? failed("step_budget",
                          fmt::format("no result within {} s (a loop without MPI calls?)",
                                      options.timeout_seconds))
                 : failed("crash", death_text(status));
      failed_once = true;
      ++next;
    }
  }
  return out;
}

}  // namespace collverify::program
