// The compact form of a circulant n-block broadcast schedule (seed 000, Section 2): p ranks,
// q = ceil(log2 p) rounds per phase, skips[0..q] (skips[q] = p), baseblock[r], and p x q tables
// recv[r][k] and send[r][k] in the paper's numbering: b >= 0 is block b of the current phase,
// b - q (negative) is block b of the previous phase. In round k rank r sends send[r][k] to
// (r + skips[k]) mod p and receives recv[r][k] from (r - skips[k]) mod p. Rank 0 is the root;
// its recv row and baseblock carry no meaning (it never receives).
//
// Storage is one byte per entry (|entry| <= q <= 62), so p x q tables for p = 10^6 take 40 MB.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace collverify {

struct CirculantSchedule {
  std::int64_t p = 0;
  int q = 0;
  std::vector<std::int64_t> skips;      // q + 1 entries
  std::vector<std::int8_t> baseblock;   // p entries
  std::vector<std::int8_t> recv;        // p * q, row-major by rank
  std::vector<std::int8_t> send;        // p * q, row-major by rank

  // Allocates zeroed tables for p ranks after checking the memory estimate (InputError if the
  // tables would not fit in memory).
  static CirculantSchedule allocate(std::int64_t p);

  int recv_at(std::int64_t r, int k) const { return recv[index(r, k)]; }
  int send_at(std::int64_t r, int k) const { return send[index(r, k)]; }
  void set_recv(std::int64_t r, int k, int b) { recv[index(r, k)] = static_cast<std::int8_t>(b); }
  void set_send(std::int64_t r, int k, int b) { send[index(r, k)] = static_cast<std::int8_t>(b); }
  std::span<const std::int8_t> recv_row(std::int64_t r) const {
    return {recv.data() + index(r, 0), static_cast<std::size_t>(q)};
  }
  std::span<const std::int8_t> send_row(std::int64_t r) const {
    return {send.data() + index(r, 0), static_cast<std::size_t>(q)};
  }

  // Bytes the tables of p ranks take (what allocate() checks before allocating).
  static std::int64_t table_bytes(std::int64_t p);

 private:
  std::size_t index(std::int64_t r, int k) const {
    return static_cast<std::size_t>(r) * static_cast<std::size_t>(q) + static_cast<std::size_t>(k);
  }
};

}  // namespace collverify
