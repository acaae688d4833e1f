#include "reference/circulant/allgatherv.hpp"

#include <utility>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::circulant {

AllgathervPlan::AllgathervPlan(CirculantSchedule tables, std::int64_t n,
                               std::vector<std::int64_t> sizes, AllgathervReadings readings)
    : tables_(std::move(tables)), n_(n), sizes_(std::move(sizes)), readings_(readings) {
  CV_ASSERT(n_ >= 1, "n >= 1");
  CV_ASSERT(sizes_.empty() || static_cast<std::int64_t>(sizes_.size()) == tables_.p,
            "one size per origin");
  if (tables_.q > 0) x_ = dummy_rounds(tables_.q, n_);
}

std::int64_t AllgathervPlan::round_count() const {
  return tables_.q == 0 ? 0 : n_ - 1 + tables_.q;
}

std::int64_t AllgathervPlan::block_of(int v, std::int64_t i) const {
  const int q = tables_.q;
  const int k = static_cast<int>(i % q);
  std::int64_t a = 0;
  if (readings_.alg9_dummy_rounds == Transcription::corrected) {
    a = v + (i / q) * q - x_;  // Algorithm 6, lines 5-13, then + q per use
  } else {
    // Lines 11-30 as printed: the entry starts unadjusted at its first use (round k, or q + k
    // when k < x falls into the skipped dummy rounds) and grows by q per use.
    a = v + (i / q - (k < x_ ? 1 : 0)) * q;
  }
  if (a < 0) return -1;
  return a > n_ - 1 ? n_ - 1 : a;
}

void AllgathervPlan::pack(std::int64_t r, std::int64_t i, Message& m) const {
  const std::int64_t p = tables_.p;
  const int k = static_cast<int>(i % tables_.q);
  const bool skip_root = readings_.alg9_root_slot == Transcription::corrected;
  m.from = r;
  m.to = mod_p(r + tables_.skips[static_cast<std::size_t>(k)], p);
  m.items.reserve(static_cast<std::size_t>(p));
  m.stored_as.reserve(static_cast<std::size_t>(p));
  for (std::int64_t j = 0; j < p; ++j) {  // lines 18-22, pack
    if (skip_root && j == m.to) continue;
    const std::int64_t b = block_of(tables_.send_at(mod_p(r - j, p), k), i);
    if (b >= 0) m.items.push_back({j, b});
  }
  for (std::int64_t j = 0; j < p; ++j) {  // lines 24-28, unpack (the receiver's own rows)
    if (skip_root && j == m.to) continue;
    const std::int64_t b = block_of(tables_.recv_at(mod_p(m.to - j, p), k), i);
    if (b >= 0) m.stored_as.push_back({j, b});
  }
}

Round AllgathervPlan::round(std::int64_t t) const {
  CV_ASSERT(t >= 0 && t < round_count(), "round in range");
  const std::int64_t i = x_ + t;
  Round out;
  out.reserve(static_cast<std::size_t>(tables_.p));
  for (std::int64_t r = 0; r < tables_.p; ++r) {
    Message m;
    pack(r, i, m);
    if (!m.items.empty() || !m.stored_as.empty()) out.push_back(std::move(m));
  }
  return out;
}

CollectiveSchedule AllgathervPlan::header() const {
  CollectiveSchedule s;
  s.kind = CollectiveKind::allgather;
  s.p = tables_.p;
  s.n = n_;
  s.sizes = sizes_;
  return s;
}

CollectiveSchedule AllgathervPlan::materialize() const {
  CollectiveSchedule s = header();
  for (std::int64_t t = 0; t < round_count(); ++t) s.rounds.push_back(round(t));
  return s;
}

AllgathervPlan plan_allgatherv(std::int64_t p, std::int64_t n, std::vector<std::int64_t> sizes,
                               const Transcriptions& bcast, AllgathervReadings readings) {
  return AllgathervPlan(build_circulant_bcast(p, {bcast}), n, std::move(sizes), readings);
}

}  // namespace collverify::circulant
