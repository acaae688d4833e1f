#include "generators/mutants.hpp"

#include <fmt/format.h>

#include <random>
#include <utility>

#include "model/error.hpp"

namespace collverify {
namespace {

const char* name(CirculantMutation k) {
  switch (k) {
    case CirculantMutation::swap_recv: return "swap_recv";
    case CirculantMutation::swap_send: return "swap_send";
    case CirculantMutation::off_by_one_recv: return "off_by_one_recv";
    case CirculantMutation::off_by_one_send: return "off_by_one_send";
    case CirculantMutation::swap_ranks: return "swap_ranks";
    case CirculantMutation::wrong_skip: return "wrong_skip";
    case CirculantMutation::relabel_blocks: return "relabel_blocks";
  }
  return "?";
}

const char* name(ScheduleMutation k) {
  switch (k) {
    case ScheduleMutation::drop_round: return "drop_round";
    case ScheduleMutation::off_by_one_block: return "off_by_one_block";
    case ScheduleMutation::retarget: return "retarget";
    case ScheduleMutation::duplicate_transfer: return "duplicate_transfer";
  }
  return "?";
}

std::int64_t pick(std::mt19937_64& g, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(g);
}

bool changes(const CirculantSchedule& s, const CirculantMutant& m) {
  const int q = s.q;
  switch (m.kind) {
    case CirculantMutation::swap_recv: return s.recv_at(m.rank, m.k1) != s.recv_at(m.rank, m.k2);
    case CirculantMutation::swap_send: return s.send_at(m.rank, m.k1) != s.send_at(m.rank, m.k2);
    case CirculantMutation::off_by_one_recv: {
      const int v = s.recv_at(m.rank, m.k1) + m.delta;
      return v >= -q && v < q;
    }
    case CirculantMutation::off_by_one_send: {
      const int v = s.send_at(m.rank, m.k1) + m.delta;
      return v >= -q && v < q;
    }
    case CirculantMutation::swap_ranks: return m.rank != m.other;
    case CirculantMutation::relabel_blocks: return m.k1 != m.k2;
    case CirculantMutation::wrong_skip: {
      const std::int64_t v = s.skips[static_cast<std::size_t>(m.k1)] + m.delta;
      return v >= 1 && v <= s.p;
    }
  }
  return false;
}

}  // namespace

std::string CirculantMutant::describe() const {
  switch (kind) {
    case CirculantMutation::swap_ranks: return fmt::format("swap_ranks {} {}", rank, other);
    case CirculantMutation::wrong_skip: return fmt::format("wrong_skip k={} {:+}", k1, delta);
    case CirculantMutation::relabel_blocks: return fmt::format("relabel_blocks {}<->{}", k1, k2);
    case CirculantMutation::swap_recv:
    case CirculantMutation::swap_send:
      return fmt::format("{} rank={} k={},{}", name(kind), rank, k1, k2);
    default: return fmt::format("{} rank={} k={} {:+}", name(kind), rank, k1, delta);
  }
}

std::string ScheduleMutant::describe() const {
  return fmt::format("{} round={} transfer={} {:+}", name(kind), round, transfer, delta);
}

std::vector<CirculantMutant> circulant_mutants(const CirculantSchedule& s, std::uint64_t seed,
                                               int count) {
  CV_ASSERT(s.q >= 1, "mutants need at least one round per phase");
  std::mt19937_64 g(seed);
  std::vector<CirculantMutant> out;
  for (int tries = 0; static_cast<int>(out.size()) < count && tries < count * 50; ++tries) {
    CirculantMutant m;
    m.kind = static_cast<CirculantMutation>(pick(g, 0, 6));
    m.rank = pick(g, 0, s.p - 1);
    m.other = pick(g, 0, s.p - 1);
    m.k1 = static_cast<int>(pick(g, 0, s.q - 1));
    m.k2 = static_cast<int>(pick(g, 0, s.q - 1));
    m.delta = pick(g, 0, 1) == 0 ? -1 : 1;
    if (m.kind == CirculantMutation::wrong_skip) m.k1 = static_cast<int>(pick(g, 0, s.q - 1));
    if (changes(s, m)) out.push_back(m);
  }
  return out;
}

CirculantSchedule apply(const CirculantSchedule& s, const CirculantMutant& m) {
  CirculantSchedule out = s;
  switch (m.kind) {
    case CirculantMutation::swap_recv: {
      const int a = out.recv_at(m.rank, m.k1);
      out.set_recv(m.rank, m.k1, out.recv_at(m.rank, m.k2));
      out.set_recv(m.rank, m.k2, a);
      break;
    }
    case CirculantMutation::swap_send: {
      const int a = out.send_at(m.rank, m.k1);
      out.set_send(m.rank, m.k1, out.send_at(m.rank, m.k2));
      out.set_send(m.rank, m.k2, a);
      break;
    }
    case CirculantMutation::off_by_one_recv:
      out.set_recv(m.rank, m.k1, out.recv_at(m.rank, m.k1) + m.delta);
      break;
    case CirculantMutation::off_by_one_send:
      out.set_send(m.rank, m.k1, out.send_at(m.rank, m.k1) + m.delta);
      break;
    case CirculantMutation::swap_ranks:
      for (int k = 0; k < out.q; ++k) {
        out.set_recv(m.rank, k, s.recv_at(m.other, k));
        out.set_recv(m.other, k, s.recv_at(m.rank, k));
        out.set_send(m.rank, k, s.send_at(m.other, k));
        out.set_send(m.other, k, s.send_at(m.rank, k));
      }
      if (!out.baseblock.empty()) {
        std::swap(out.baseblock[static_cast<std::size_t>(m.rank)],
                  out.baseblock[static_cast<std::size_t>(m.other)]);
      }
      break;
    case CirculantMutation::wrong_skip:
      out.skips[static_cast<std::size_t>(m.k1)] += m.delta;
      break;
    case CirculantMutation::relabel_blocks: {
      const int q = s.q;
      auto swap_label = [&](int v) {
        if (v == m.k1 || v == m.k1 - q) return v + (m.k2 - m.k1);
        if (v == m.k2 || v == m.k2 - q) return v + (m.k1 - m.k2);
        return v;
      };
      for (std::int64_t r = 0; r < s.p; ++r) {
        for (int k = 0; k < q; ++k) {
          out.set_recv(r, k, swap_label(s.recv_at(r, k)));
          out.set_send(r, k, swap_label(s.send_at(r, k)));
        }
        if (r > 0 && !out.baseblock.empty()) {
          auto& b = out.baseblock[static_cast<std::size_t>(r)];
          b = static_cast<std::int8_t>(swap_label(b));
        }
      }
      break;
    }
  }
  return out;
}

std::vector<ScheduleMutant> schedule_mutants(const Schedule& s, std::uint64_t seed, int count) {
  std::mt19937_64 g(seed);
  std::vector<ScheduleMutant> out;
  if (s.rounds.empty()) return out;
  for (int tries = 0; static_cast<int>(out.size()) < count && tries < count * 50; ++tries) {
    ScheduleMutant m;
    m.kind = static_cast<ScheduleMutation>(pick(g, 0, 3));
    m.round = static_cast<std::size_t>(pick(g, 0, static_cast<std::int64_t>(s.rounds.size()) - 1));
    const auto& round = s.rounds[m.round];
    if (m.kind != ScheduleMutation::drop_round && round.empty()) continue;
    m.transfer = round.empty() ? 0
                               : static_cast<std::size_t>(
                                     pick(g, 0, static_cast<std::int64_t>(round.size()) - 1));
    m.delta = pick(g, 0, 1) == 0 ? -1 : 1;
    out.push_back(m);
  }
  return out;
}

Schedule apply(const Schedule& s, const ScheduleMutant& m) {
  Schedule out = s;
  auto& round = out.rounds[m.round];
  switch (m.kind) {
    case ScheduleMutation::drop_round:
      out.rounds.erase(out.rounds.begin() + static_cast<std::ptrdiff_t>(m.round));
      break;
    case ScheduleMutation::off_by_one_block:
      round[m.transfer].block += m.delta;
      round[m.transfer].stored_as += m.delta;
      break;
    case ScheduleMutation::retarget: {
      auto& x = round[m.transfer];
      x.to = (x.to + (m.delta > 0 ? 1 : s.p - 1)) % s.p;
      break;
    }
    case ScheduleMutation::duplicate_transfer:
      round.push_back(round[m.transfer]);
      break;
  }
  return out;
}

}  // namespace collverify
