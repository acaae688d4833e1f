#include "families/circulant/schedule_table.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace collverify::cli {

std::string schedule_table(const CirculantSchedule& s) {
  std::string out = fmt::format("p = {}, q = {}, skips =", s.p, s.q);
  for (auto k : s.skips) out += fmt::format(" {}", k);
  out += "\n";
  const int w = std::max(3, static_cast<int>(std::to_string(s.p - 1).size()) + 1);
  auto row = [&](const std::string& label, auto cell) {
    out += fmt::format("{:<10}", label);
    for (std::int64_t r = 0; r < s.p; ++r) out += fmt::format("{:>{}}", cell(r), w);
    out += "\n";
  };
  row("r", [](std::int64_t r) { return std::to_string(r); });
  if (!s.baseblock.empty()) {
    row("baseblock", [&](std::int64_t r) {
      return r == 0 ? std::string("-") : std::to_string(s.baseblock[static_cast<std::size_t>(r)]);
    });
  }
  for (int k = 0; k < s.q; ++k) {
    row(fmt::format("recv[{}]", k), [&](std::int64_t r) {
      return r == 0 ? std::string("-") : std::to_string(s.recv_at(r, k));
    });
  }
  for (int k = 0; k < s.q; ++k) {
    row(fmt::format("send[{}]", k), [&](std::int64_t r) { return std::to_string(s.send_at(r, k)); });
  }
  return out;
}

}  // namespace collverify::cli
