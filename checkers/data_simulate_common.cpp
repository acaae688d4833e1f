#include "checkers/data_simulate_common.hpp"

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::data_simulate {

Checks::Checks(const CollectiveSchedule& h, std::int64_t round)
    : h_(h),
      round_(round),
      sends_(static_cast<std::size_t>(h.p), 0),
      recvs_(static_cast<std::size_t>(h.p), 0) {}

void Checks::add(const char* property, std::int64_t rank, std::int64_t block, std::string message) {
  Violation v{property, h_.p, h_.n, rank, round_, block, std::move(message)};
  if (!best_ || v.rank < best_->rank) best_ = std::move(v);
}

bool Checks::ranks_and_ports(const Message& m) {
  const bool from_ok = m.from >= 0 && m.from < h_.p;
  const bool to_ok = m.to >= 0 && m.to < h_.p;
  if (!from_ok || !to_ok || m.from == m.to) {
    add("rank_range", from_ok ? m.from : kNone, kNone,
        fmt::format("a message from rank {} to rank {}; ranks are 0..{} and distinct", m.from, m.to,
                    h_.p - 1));
    return false;
  }
  bool ok = true;
  if (++sends_[static_cast<std::size_t>(m.from)] > 1) {
    add("one_port_send", m.from, kNone,
        fmt::format("rank {} sends {} messages in one round; the model allows 1", m.from,
                    sends_[static_cast<std::size_t>(m.from)]));
    ok = false;
  }
  if (++recvs_[static_cast<std::size_t>(m.to)] > 1) {
    add("one_port_receive", m.to, kNone,
        fmt::format("rank {} receives {} messages in one round; the model allows 1", m.to,
                    recvs_[static_cast<std::size_t>(m.to)]));
    ok = false;
  }
  return ok;
}

bool Checks::agreement(const Message& m) {
  const std::size_t slots = std::min(m.items.size(), m.stored_as.size());
  for (std::size_t i = 0; i < slots; ++i) {
    const Item& a = m.items[i];
    const Item& b = m.stored_as[i];
    if (a == b) continue;
    add("agreement", m.to, b.block,
        fmt::format("slot {}: rank {} packs block {} of origin {}, rank {} unpacks it as block {} "
                    "of origin {}",
                    i, m.from, a.block, a.origin, m.to, b.block, b.origin));
    return false;
  }
  if (m.items.size() != m.stored_as.size()) {
    add("agreement", m.to, kNone,
        fmt::format("rank {} packs {} slots, rank {} unpacks {}", m.from, m.items.size(), m.to,
                    m.stored_as.size()));
    return false;
  }
  return true;
}

bool Checks::item_in_range(const Message& m, const Item& it) {
  if (it.origin >= 0 && it.origin < h_.p && it.block >= 0 && it.block < h_.n) return true;
  add("block_range", m.from, it.block,
      fmt::format("rank {} packs block {} of origin {}; origins are 0..{}, blocks 0..{}", m.from,
                  it.block, it.origin, h_.p - 1, h_.n - 1));
  return false;
}

void Checks::one_block_per_origin(const Message& m, const Item& it) {
  add("one_block_per_origin", m.from, it.block,
      fmt::format("rank {} packs a second block of origin {} (block {}) into one message", m.from,
                  it.origin, it.block));
}

void Checks::send_before_receive(const Message& m, const Item& it) {
  add("send_before_receive", m.from, it.block,
      fmt::format("rank {} sends block {} of origin {} to rank {} before it has it", m.from,
                  it.block, it.origin, m.to));
}

void Checks::redundant(const Message& m, const Item& it) {
  add("no_redundant_receive", m.to, it.block,
      fmt::format("rank {} receives block {} of origin {} from rank {} but already has it", m.to,
                  it.block, it.origin, m.from));
}

void Checks::empty_partial_sum(const Message& m) {
  add("no_redundant_receive", m.to, kNone,
      fmt::format("rank {} receives an empty partial sum from rank {}", m.to, m.from));
}

void Checks::counted_twice(const Message& m, std::int64_t origin) {
  add("no_redundant_receive", m.to, 0,
      fmt::format("rank {} receives from rank {} a partial sum with the input of origin {}, "
                  "which it already counts",
                  m.to, m.from, origin));
}

void check_header(const CollectiveSchedule& h) {
  if (h.p < 1) throw InputError(fmt::format("p = {}: a collective needs p >= 1", h.p));
  if (h.n < 1) throw InputError(fmt::format("n = {}: a collective needs n >= 1 blocks", h.n));
  if (!h.sizes.empty() && static_cast<std::int64_t>(h.sizes.size()) != h.p) {
    throw InputError(
        fmt::format("{} sizes for p = {}: give one size per origin", h.sizes.size(), h.p));
  }
  for (std::int64_t s : h.sizes) {
    if (s < 0) throw InputError(fmt::format("size {}: sizes are >= 0", s));
  }
}

bool block_has_data(const CollectiveSchedule& h, std::int64_t origin, std::int64_t block) {
  if (h.sizes.empty()) return true;
  const auto [first, last] = block_extent(h.sizes[static_cast<std::size_t>(origin)], h.n, block);
  return last > first;
}

Violation lacks(const CollectiveSchedule& h, std::int64_t rounds, std::int64_t rank, Item it) {
  return {"completeness",
          h.p,
          h.n,
          rank,
          rounds,
          it.block,
          fmt::format("after {} rounds rank {} lacks block {} of origin {}", rounds, rank, it.block,
                      it.origin)};
}

Violation not_once(const CollectiveSchedule& h, std::int64_t rounds, std::int64_t rank,
                   std::int64_t origin, std::int64_t count) {
  return {"completeness",
          h.p,
          h.n,
          rank,
          rounds,
          0,
          fmt::format("after {} rounds the result of rank {} counts the input of origin {} {} "
                      "times, not once",
                      rounds, rank, origin, count)};
}

Verdict round_count_check(const CollectiveSchedule& h, std::int64_t rounds,
                          std::int64_t lower_bound) {
  if (rounds == lower_bound) return std::nullopt;
  return Violation{"round_optimal",
                   h.p,
                   h.n,
                   kNone,
                   rounds,
                   kNone,
                   fmt::format("{} rounds, but the lower bound is {}", rounds, lower_bound)};
}

}  // namespace collverify::data_simulate
