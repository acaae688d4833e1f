// Progress of a long run on stderr (DESIGN.md): done/total, rate and ETA, redrawn twice a second
// when stderr is a terminal, one line a minute otherwise. Thread-safe; silent for runs that end
// within the first interval.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace collverify::cli {

class Progress {
 public:
  Progress(std::string what, std::int64_t total_items, double total_cost);
  void advance(double cost);
  void finish();

 private:
  void print(bool final_line);

  std::string what_;
  std::int64_t total_items_;
  double total_cost_;
  std::atomic<std::int64_t> done_items_{0};
  double done_cost_ = 0;
  bool tty_;
  bool printed_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  std::mutex mutex_;
};

}  // namespace collverify::cli
