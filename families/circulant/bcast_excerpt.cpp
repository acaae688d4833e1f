// The excerpt of a circulant schedule around a witness; see bcast_excerpt.hpp.
#include "families/circulant/bcast_excerpt.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::engine {
namespace {

// skips[k] of the circulant graph of p: ceil(p / 2^(q-k)), by repeated halving (no overflow).
std::int64_t skip_of(std::int64_t p, int q, int k) {
  return (p + (std::int64_t{1} << (q - k)) - 1) >> (q - k);
}

bool names_no_entry(const Violation& v) {
  return v.rank == kNone || v.round == kNone || v.property == "shape" || v.property == "skips" ||
         v.property == "completeness" || v.property == "round_optimal";
}

// The table of the one entry a non-agreement witness names.
const char* table_of(const Violation& v) {
  if (v.property == "send_before_receive" || v.property == "root_block_order" ||
      v.property == "one_port_send") {
    return "send";
  }
  // The fast checker's value_range names its table first: "send[r][k] = ..." or "recv[...".
  if (v.property == "value_range" && v.message.rfind("send[", 0) == 0) return "send";
  return "recv";
}

// The columns around the marked ranks (see the header), ascending, without repeats.
std::vector<std::int64_t> columns_around(std::int64_t p, const std::vector<ExcerptMark>& marks,
                                         std::int64_t fallback) {
  std::vector<std::int64_t> centres;
  for (const ExcerptMark& m : marks) centres.push_back(m.rank);
  if (centres.empty()) centres.push_back(fallback >= 0 && fallback < p ? fallback : 0);
  std::sort(centres.begin(), centres.end());
  centres.erase(std::unique(centres.begin(), centres.end()), centres.end());
  const std::int64_t radius = centres.size() == 1 ? 3 : 2;
  std::vector<std::int64_t> out;
  for (std::int64_t c : centres) {
    for (std::int64_t r = std::max<std::int64_t>(0, c - radius);
         r <= std::min(p - 1, c + radius); ++r) {
      out.push_back(r);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The excerpt's columns filled by rows(r, recv, send), and v's entries marked.
template <typename Rows>
ScheduleExcerpt excerpt_of(std::int64_t p, int q, const Violation& v, Rows rows) {
  ScheduleExcerpt e;
  e.p = p;
  e.q = q;
  e.marks = marks_of(p, q, v);
  e.ranks = columns_around(p, e.marks, v.rank);
  for (std::int64_t r : e.ranks) {
    std::vector<int> recv, send;
    rows(r, recv, send);
    if (r == 0) recv.clear();  // the root receives nothing
    e.recv.push_back(std::move(recv));
    e.send.push_back(std::move(send));
  }
  return e;
}

}  // namespace

std::vector<ExcerptMark> marks_of(std::int64_t p, int q, const Violation& v) {
  if (q <= 0 || p < 2 || names_no_entry(v) || v.rank < 0 || v.rank >= p) return {};
  // Fast witnesses give the round of a phase; generic ones an absolute round of the expansion.
  const std::int64_t k64 =
      v.n == kNone ? v.round : (v.round + circulant::dummy_rounds(q, v.n)) % q;
  if (k64 < 0 || k64 >= q) return {};
  const int k = static_cast<int>(k64);
  if (v.property != "agreement") return {ExcerptMark{v.rank, k, table_of(v)}};
  // v.rank receives in round k from (v.rank - skips[k]) mod p, which sent the other entry.
  const std::int64_t skip = skip_of(p, q, k) % p;
  const std::int64_t sender = (v.rank - skip + p) % p;
  return {ExcerptMark{sender, k, "send"}, ExcerptMark{v.rank, k, "recv"}};
}

ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v) {
  ScheduleExcerpt e = excerpt_of(s.p, s.q, v, [&](std::int64_t r, std::vector<int>& recv,
                                                  std::vector<int>& send) {
    for (int k = 0; k < s.q; ++k) {
      recv.push_back(s.recv_at(r, k));
      send.push_back(s.send_at(r, k));
    }
  });
  if (!s.baseblock.empty()) {
    for (std::int64_t r : e.ranks) e.baseblock.push_back(s.baseblock[static_cast<std::size_t>(r)]);
  }
  return e;
}

ScheduleExcerpt excerpt_around(const ScheduleSource& source, std::int64_t p, const Violation& v) {
  const int q = ceil_log2(p);
  return excerpt_of(p, q, v, [&](std::int64_t r, std::vector<int>& recv, std::vector<int>& send) {
    std::vector<std::int8_t> r8(static_cast<std::size_t>(q)), s8(static_cast<std::size_t>(q));
    source.rank_rows(p, r, r8, s8);
    recv.assign(r8.begin(), r8.end());
    send.assign(s8.begin(), s8.end());
  });
}

std::string marked_entries_text(const ScheduleExcerpt& e) {
  std::string out;
  for (const ExcerptMark& m : e.marks) {
    const auto column = std::find(e.ranks.begin(), e.ranks.end(), m.rank);
    std::string value = "?";
    if (column != e.ranks.end()) {
      const auto i = static_cast<std::size_t>(column - e.ranks.begin());
      const std::vector<int>& row = m.table == "send" ? e.send[i] : e.recv[i];
      if (m.round >= 0 && static_cast<std::size_t>(m.round) < row.size()) {
        value = fmt::format("{}", row[static_cast<std::size_t>(m.round)]);
      }
    }
    out += fmt::format("{}{}[{}][{}] = {}", out.empty() ? "" : ", ", m.table, m.rank, m.round,
                       value);
  }
  return out;
}

}  // namespace collverify::engine
