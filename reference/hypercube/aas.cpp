#include "reference/hypercube/aas.hpp"

#include <algorithm>
#include <numeric>

#include "model/error.hpp"
#include "model/memory.hpp"
#include "reference/hypercube/hypercube_common.hpp"

namespace collverify::hypercube {

namespace {

int top_bit(std::int64_t z) {
  return 63 - __builtin_clzll(static_cast<unsigned long long>(z));
}

struct Timer {
  AasVariant variant;
  // phase2[e][w] = round (within a level-e call) of the Phase II hop of a packet whose
  // lower bits, relative to the counterpart, are w (0 <= w < 2^(e-1)).
  std::vector<std::vector<std::int64_t>> phase2;

  std::int64_t level_rounds(int e) const { return aas_rounds(variant, e); }
  // Where Phase II and Phase III start inside a level-e call.
  std::int64_t phase2_start(int e) const {
    return variant == AasVariant::optimal ? 0 : level_rounds(e - 1);
  }
  std::int64_t phase3_start(int e) const {
    return variant == AasVariant::optimal ? level_rounds(e - 1)
                                          : level_rounds(e - 1) + (std::int64_t{1} << (e - 1));
  }

  // Appends the hop rounds of relative destination z inside a level-e call starting at `at`.
  void hops(int e, std::int64_t z, std::int64_t at, std::vector<std::int64_t>& out) const {
    while (z != 0) {
      const int k = top_bit(z);
      // Phase I of every level above k + 1 starts at the same round: descend for free.
      e = k + 1;
      const std::int64_t w = z ^ (std::int64_t{1} << k);
      out.push_back(at + phase2_start(e) +
                    phase2[static_cast<std::size_t>(e)][static_cast<std::size_t>(w)]);
      at += phase3_start(e);
      z = w;
    }
  }

  // Phase II order of level e: by the round the counterpart first sends the packet in Phase III
  // (optimal) or by distance (three-phase); ties farthest first, then smaller label; w = 0 last.
  void build_level(int e) {
    const std::int64_t half = std::int64_t{1} << (e - 1);
    std::vector<std::int64_t> need(static_cast<std::size_t>(half), 0);
    std::vector<std::int64_t> hop;
    for (std::int64_t w = 1; w < half; ++w) {
      hop.clear();
      hops(e - 1, w, 0, hop);
      need[static_cast<std::size_t>(w)] = variant == AasVariant::optimal ? hop.front() : 0;
    }
    std::vector<std::int64_t> ws(static_cast<std::size_t>(half));
    std::iota(ws.begin(), ws.end(), 0);
    std::stable_sort(ws.begin(), ws.end(), [&](std::int64_t a, std::int64_t b) {
      if ((a == 0) != (b == 0)) return b == 0;
      const auto na = need[static_cast<std::size_t>(a)];
      const auto nb = need[static_cast<std::size_t>(b)];
      if (na != nb) return na < nb;
      return popcount(a) > popcount(b);
    });
    auto& pos = phase2[static_cast<std::size_t>(e)];
    pos.assign(static_cast<std::size_t>(half), 0);
    for (std::size_t i = 0; i < ws.size(); ++i)
      pos[static_cast<std::size_t>(ws[i])] = static_cast<std::int64_t>(i);
  }
};

}  // namespace

std::int64_t aas_rounds(AasVariant variant, int d) {
  if (d == 0) return 0;
  const std::int64_t half = std::int64_t{1} << (d - 1);
  return variant == AasVariant::optimal ? half : d * half;
}

AasTiming aas_timing(AasVariant variant, int d) {
  require_dimension(d, "aas");
  const std::int64_t nodes = std::int64_t{1} << d;
  require_memory(nodes * (48 + 8 * d), "aas hop table");
  Timer timer{variant, std::vector<std::vector<std::int64_t>>(static_cast<std::size_t>(d) + 1)};
  for (int e = 1; e <= d; ++e) timer.build_level(e);
  AasTiming out;
  out.d = d;
  out.variant = variant;
  out.hop_rounds.resize(static_cast<std::size_t>(nodes));
  for (std::int64_t z = 1; z < nodes; ++z)
    timer.hops(d, z, 0, out.hop_rounds[static_cast<std::size_t>(z)]);
  return out;
}

void stream_aas_timing(const AasTiming& timing, network::RoutedSink& sink) {
  const std::int64_t nodes = std::int64_t{1} << timing.d;
  const std::int64_t rounds = aas_rounds(timing.variant, timing.d);
  // bucket[r] = the (z, hop) pairs that move in round r, with the holder's offset from the
  // origin (the bits of z already corrected) and the dimension.
  struct Move {
    std::int64_t z;
    std::int64_t offset;
    int dimension;
  };
  std::vector<std::vector<Move>> bucket(static_cast<std::size_t>(rounds));
  for (std::int64_t z = 1; z < nodes; ++z) {
    std::int64_t rest = z;
    std::int64_t offset = 0;
    for (const std::int64_t r : timing.hop_rounds[static_cast<std::size_t>(z)]) {
      const int k = top_bit(rest);
      CV_ASSERT(r >= 0 && r < rounds, "hop rounds lie inside the schedule");
      bucket[static_cast<std::size_t>(r)].push_back(Move{z, offset, k});
      offset |= std::int64_t{1} << k;
      rest ^= std::int64_t{1} << k;
    }
  }
  for (std::int64_t r = 0; r < rounds; ++r) {
    sink.begin_round(r);
    for (std::int64_t j = 0; j < nodes; ++j) {
      for (const Move& m : bucket[static_cast<std::size_t>(r)]) {
        const network::Direction dir = m.dimension;
        const network::Packet packet{j, j ^ m.z};
        sink.send(j ^ m.offset, {&dir, 1}, {&packet, 1});
      }
    }
    sink.end_round();
  }
}

void stream_aas(AasVariant variant, int d, network::RoutedSink& sink) {
  require_dimension(d, "aas");
  require_stream_size(aas_transmissions_estimate(d), "aas");
  stream_aas_timing(aas_timing(variant, d), sink);
}

network::RoutedSchedule aas_schedule_of_timing(const AasTiming& timing) {
  network::RoutedSchedule s;
  s.network = hypercube_spec(timing.d);
  s.collective = network::Collective::aas;
  CollectingSink sink(s);
  stream_aas_timing(timing, sink);
  return s;
}

network::RoutedSchedule aas_schedule(AasVariant variant, int d) {
  require_dimension(d, "aas");
  require_materialise(aas_transmissions_estimate(d), "aas");
  return aas_schedule_of_timing(aas_timing(variant, d));
}

}  // namespace collverify::hypercube
