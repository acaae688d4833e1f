// Instances run in a worker process that the plugin cannot take down (docs/DESIGN.md "The program
// route"): a plugin that crashes, aborts, calls exit(), loops without MPI calls, allocates without
// bound or floods stdout costs only the instance it was running.
//
// Contract:
// - run_isolated runs jobs[i] for every i in order in a worker process, collverify-program-worker
//   (worker_main.cpp), started with posix_spawn from beside libcollverify_program.so: a fresh
//   process, not a fork of this multi-threaded one, which could inherit a lock held by another
//   thread and hang. Its stdin, stdout and stderr are /dev/null, its address space is capped at
//   `memory_bytes`; it reads the jobs from a temporary file and reports each verdict over a pipe
//   as it finishes. run_isolated returns one verdict per job, in order.
// - A worker that dies before reporting job i gives job i the property `crash` (with the signal
//   or exit status); a worker that reports nothing for `timeout_seconds` is killed and job i gets
//   `step_budget`. A new worker continues with job i + 1. The timeout runs from the worker's
//   "ready" line (written once it has loaded the plugin), so its start-up (exec, the sanitizers'
//   initialisation, dlopen) costs no instance its run; a worker not ready within
//   kWorkerStartSeconds is killed and job i gets `crash`.
// - *stop (Ctrl-C) ends the run between jobs: the jobs not run come back with ran = false.
// - stop_at_failure: after the first failing job the rest are not run (ran = false).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "program/run_instance.hpp"

namespace collverify::program {

struct Job {
  Instance instance;
  Buffering buffering = Buffering::eager;
};

struct JobOutcome {
  bool ran = false;
  InstanceVerdict verdict;
};

// The worker's first line once it has started, and how long its start may take.
inline constexpr const char* kWorkerReady = "ready";
inline constexpr double kWorkerStartSeconds = 60;

struct IsolationOptions {
  InstanceLimits limits;
  double timeout_seconds = 20;
  std::int64_t memory_bytes = std::int64_t{4} << 30;
  bool stop_at_failure = false;
  const std::atomic<bool>* stop = nullptr;
};

std::vector<JobOutcome> run_isolated(const Plugin& plugin, const std::vector<Job>& jobs,
                                     const IsolationOptions& options);

// The verdict as one line of text and back (the pipe between child and parent).
std::string encode_verdict(const InstanceVerdict& v);
InstanceVerdict decode_verdict(const std::string& line);

}  // namespace collverify::program
