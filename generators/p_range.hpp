// Processor-count ranges for --p, as docs/DESIGN.md gives them:
//   2..4096        every p from 2 to 4096
//   2..4096:7      every 7th: 2, 9, 16, ...
//   1000,2000,4093 a list; items may themselves be ranges ("2..10,100,2^10..2^12")
//   2^10..2^17     numbers may be written as powers of two: every p from 1024 to 131072
// p is 64-bit, 1 <= p < 2^62. Bad syntax, a reversed range, a zero step or a p out of range
// throws InputError naming the offending token and the accepted forms. The range is not
// expanded: it is a list of segments, iterated in ascending order without duplicates.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace collverify {

struct PSegment {
  std::int64_t first = 0;
  std::int64_t last = 0;
  std::int64_t step = 1;
};

class PRange {
 public:
  // The most distinct p one run takes (a run keeps a result per p).
  static constexpr std::int64_t kMaxValues = 50'000'000;

  static PRange parse(const std::string& text);
  static PRange single(std::int64_t p);

  // Number of distinct p (segments may overlap; overlaps are counted once). A list of several
  // segments adding up to more than kMaxValues throws InputError.
  std::int64_t count() const;
  std::int64_t max() const;
  // Distinct p in ascending order; refuses (InputError) ranges of more than `limit` values.
  std::vector<std::int64_t> values(std::int64_t limit) const;
  const std::string& text() const { return text_; }

 private:
  std::vector<PSegment> segments_;
  std::string text_;
};

}  // namespace collverify
