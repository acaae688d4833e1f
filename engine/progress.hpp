// Progress of a long run (docs/DESIGN.md): done/total, rate and ETA. The engine reports to a
// ProgressSink; StderrProgress draws it on stderr, redrawn twice a second when stderr is a
// terminal, one line a minute otherwise, silent for runs that end within the first interval.
// Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

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

class StderrProgress final : public ProgressSink {
 public:
  void start(const std::string& what, const std::string& unit, std::int64_t total_items,
             double total_cost) override;
  void advance(std::int64_t items, double cost) override;
  void finish() override;

 private:
  void print(bool final_line);

  std::string what_, unit_;
  std::int64_t total_items_ = 0;
  double total_cost_ = 0;
  std::int64_t done_items_ = 0;
  double done_cost_ = 0;
  bool tty_ = false;
  bool printed_ = false;
  std::chrono::steady_clock::time_point start_, last_;
  std::mutex mutex_;
};

}  // namespace collverify::engine
