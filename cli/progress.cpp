#include "cli/progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>

namespace collverify::cli {

Progress::Progress(std::string what, std::int64_t total_items, double total_cost)
    : what_(std::move(what)),
      total_items_(total_items),
      total_cost_(total_cost),
      tty_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void Progress::advance(double cost) {
  ++done_items_;
  std::lock_guard lock(mutex_);
  done_cost_ += cost;
  const auto now = std::chrono::steady_clock::now();
  const auto interval = tty_ ? std::chrono::milliseconds(500) : std::chrono::milliseconds(60'000);
  if (now - last_ >= interval) {
    last_ = now;
    print(false);
  }
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (printed_) print(true);
}

void Progress::print(bool final_line) {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const std::int64_t done = done_items_.load();
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  const double left = done_cost_ > 0 ? elapsed * (total_cost_ - done_cost_) / done_cost_ : 0;
  const std::string line = fmt::format("{}: {}/{} p checked, {:.0f} p/s, {:.0f} s elapsed, ETA {:.0f} s",
                                       what_, done, total_items_, rate, elapsed, left);
  if (tty_) {
    std::fprintf(stderr, "\r%s\033[K%s", line.c_str(), final_line ? "\n" : "");
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
  printed_ = true;
}

}  // namespace collverify::cli
