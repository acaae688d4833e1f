// StderrProgress; see progress.hpp. The ticker thread lives from start() to finish() and only
// when stderr is not a terminal: it wakes once per interval and prints a line unless advance()
// printed one within the interval, so a CI log gets a line every interval whether items finish
// quickly (advance prints) or one item takes minutes (the ticker prints).
#include "engine/progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace collverify::engine {

std::chrono::milliseconds plain_progress_interval() {
  constexpr std::chrono::milliseconds kDefault{10'000};
  const char* text = std::getenv("COLLVERIFY_PROGRESS_INTERVAL");
  if (text == nullptr || *text == '\0') return kDefault;
  char* end = nullptr;
  errno = 0;
  const double seconds = std::strtod(text, &end);
  if (errno != 0 || *end != '\0' || !std::isfinite(seconds) || seconds <= 0 ||
      seconds > 86'400) {
    return kDefault;
  }
  return std::chrono::milliseconds(std::max<std::int64_t>(1, std::llround(seconds * 1000)));
}

StderrProgress::~StderrProgress() { stop_ticker(); }

void StderrProgress::start(const std::string& what, const std::string& unit,
                           std::int64_t total_items, double total_cost) {
  stop_ticker();
  std::lock_guard lock(mutex_);
  what_ = what;
  unit_ = unit;
  total_items_ = total_items;
  total_cost_ = total_cost;
  done_items_ = 0;
  done_cost_ = 0;
  printed_ = false;
  stopping_ = false;
  tty_ = isatty(STDERR_FILENO) != 0;
  interval_ = tty_ ? std::chrono::milliseconds(500) : plain_progress_interval();
  start_ = last_ = std::chrono::steady_clock::now();
  if (!tty_) ticker_ = std::thread([this] { tick(); });
}

void StderrProgress::advance(std::int64_t items, double cost) {
  std::lock_guard lock(mutex_);
  done_items_ += items;
  done_cost_ += cost;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ >= interval_) {
    last_ = now;
    print(false);
  }
}

void StderrProgress::finish() {
  stop_ticker();
  std::lock_guard lock(mutex_);
  if (printed_) print(true);
}

void StderrProgress::stop_ticker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
}

void StderrProgress::tick() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const auto due = last_ + interval_;
    if (wake_.wait_until(lock, due, [this] { return stopping_; })) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ >= interval_) {
      last_ = now;
      print(false);
    }
  }
}

void StderrProgress::print(bool final_line) {
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done_items_) / elapsed : 0;
  const double left = done_cost_ > 0 ? elapsed * (total_cost_ - done_cost_) / done_cost_ : 0;
  if (tty_) {
    const std::string line =
        fmt::format("{}: {}/{} {} checked, {:.0f} {}/s, {:.0f} s elapsed, ETA {:.0f} s", what_,
                    done_items_, total_items_, unit_, rate, unit_, elapsed, left);
    std::fprintf(stderr, "\r%s\033[K%s", line.c_str(), final_line ? "\n" : "");
  } else {
    // One plain line, no carriage return or escape: what a CI log shows as it comes.
    const std::string eta = done_cost_ > 0 ? fmt::format(", ETA {:.0f} s", left) : std::string();
    const std::string line =
        fmt::format("progress: {}: {}/{} {} checked, {:.0f} s{}", what_, done_items_,
                    total_items_, unit_, elapsed, eta);
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
  printed_ = true;
}

}  // namespace collverify::engine
