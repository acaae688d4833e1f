#include "engine/progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>

namespace collverify::engine {

void StderrProgress::start(const std::string& what, const std::string& unit,
                           std::int64_t total_items, double total_cost) {
  std::lock_guard lock(mutex_);
  what_ = what;
  unit_ = unit;
  total_items_ = total_items;
  total_cost_ = total_cost;
  done_items_ = 0;
  done_cost_ = 0;
  printed_ = false;
  tty_ = isatty(STDERR_FILENO) != 0;
  start_ = last_ = std::chrono::steady_clock::now();
}

void StderrProgress::advance(std::int64_t items, double cost) {
  std::lock_guard lock(mutex_);
  done_items_ += items;
  done_cost_ += cost;
  const auto now = std::chrono::steady_clock::now();
  const auto interval = tty_ ? std::chrono::milliseconds(500) : std::chrono::milliseconds(60'000);
  if (now - last_ >= interval) {
    last_ = now;
    print(false);
  }
}

void StderrProgress::finish() {
  std::lock_guard lock(mutex_);
  if (printed_) print(true);
}

void StderrProgress::print(bool final_line) {
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done_items_) / elapsed : 0;
  const double left = done_cost_ > 0 ? elapsed * (total_cost_ - done_cost_) / done_cost_ : 0;
  const std::string line =
      fmt::format("{}: {}/{} {} checked, {:.0f} {}/s, {:.0f} s elapsed, ETA {:.0f} s", what_,
                  done_items_, total_items_, unit_, rate, unit_, elapsed, left);
  if (tty_) {
    std::fprintf(stderr, "\r%s\033[K%s", line.c_str(), final_line ? "\n" : "");
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
  printed_ = true;
}

}  // namespace collverify::engine
