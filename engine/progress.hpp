// Progress of a long run (docs/DESIGN.md): done/total, rate and ETA. The engine reports to a
// ProgressSink; StderrProgress draws it on stderr: redrawn in place twice a second when stderr is
// a terminal; otherwise (a CI log) one plain line "progress: bcast: 1234/5000 p checked, ..."
// every 10 s, from a ticker thread, so that a p that takes minutes still shows the run is alive.
// Silent for runs that end within the first interval. The interval for a non-terminal is
// COLLVERIFY_PROGRESS_INTERVAL seconds when that variable holds a positive number (tests use
// 0.2; docs/FORMATS.md), else 10. Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace collverify::engine {

class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  // A new stage: `total_items` items (p, or ranks of one streamed p) of `total_cost`.
  virtual void start(const std::string& what, const std::string& unit, std::int64_t total_items,
                     double total_cost) = 0;
  virtual void advance(std::int64_t items, double cost) = 0;
  virtual void finish() = 0;
};

// The interval between plain progress lines when stderr is not a terminal: the value of
// COLLVERIFY_PROGRESS_INTERVAL (seconds, a positive number up to one day) or 10 s when it is
// unset or not such a number.
std::chrono::milliseconds plain_progress_interval();

class StderrProgress final : public ProgressSink {
 public:
  StderrProgress() = default;
  StderrProgress(const StderrProgress&) = delete;
  StderrProgress& operator=(const StderrProgress&) = delete;
  ~StderrProgress() override;

  void start(const std::string& what, const std::string& unit, std::int64_t total_items,
             double total_cost) override;
  void advance(std::int64_t items, double cost) override;
  void finish() override;

 private:
  void print(bool final_line);  // mutex_ held
  void stop_ticker();
  void tick();  // the ticker thread (non-terminal stderr only)

  std::string what_, unit_;
  std::int64_t total_items_ = 0;
  double total_cost_ = 0;
  std::int64_t done_items_ = 0;
  double done_cost_ = 0;
  bool tty_ = false;
  bool printed_ = false;
  bool stopping_ = false;
  std::chrono::milliseconds interval_{10'000};
  std::chrono::steady_clock::time_point start_, last_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread ticker_;
};

}  // namespace collverify::engine
