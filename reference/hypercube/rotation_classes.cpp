#include "reference/hypercube/rotation_classes.hpp"

#include <algorithm>

#include "model/error.hpp"

namespace collverify::hypercube {

namespace {

bool bit(std::int64_t t, int position_from_one) {
  return ((t >> (position_from_one - 1)) & 1) != 0;
}

// Step III: bit m is 1 and the bit to its right (cyclically) is 0.
bool starts_class(std::int64_t t, int m, int d, StepThreeRule rule) {
  const int right = m == 1 ? d : m - 1;
  return bit(t, m) && (rule == StepThreeRule::first_only || !bit(t, right));
}

}  // namespace

std::int64_t rotate_left(std::int64_t t, int d) {
  const std::int64_t mask = (std::int64_t{1} << d) - 1;
  return ((t << 1) | (t >> (d - 1))) & mask;
}

RotationNumbering rotation_numbering(int d, StepThreeRule rule) {
  CV_ASSERT(d >= 1, "rotation classes need d >= 1");
  const std::int64_t nodes = std::int64_t{1} << d;
  RotationNumbering out;
  out.d = d;
  out.number.assign(static_cast<std::size_t>(nodes), 0);
  out.order.reserve(static_cast<std::size_t>(nodes - 1));
  // Class representatives = smallest label of each rotation class, grouped by number of ones.
  std::vector<std::vector<std::int64_t>> reps(static_cast<std::size_t>(d) + 1);
  for (std::int64_t t = 1; t < nodes; ++t) {
    std::int64_t r = t;
    std::int64_t smallest = t;
    for (int i = 1; i < d; ++i) {
      r = rotate_left(r, d);
      smallest = std::min(smallest, r);
    }
    if (smallest == t)
      reps[static_cast<std::size_t>(__builtin_popcountll(static_cast<unsigned long long>(t)))]
          .push_back(t);
  }
  std::int64_t next = 1;  // n of the next node to number
  for (int k = 1; k <= d; ++k) {
    for (const std::int64_t rep : reps[static_cast<std::size_t>(k)]) {
      const int m = static_cast<int>((next - 1) % d) + 1;
      // Members in rotation order from the representative; the size is the period.
      std::vector<std::int64_t> members{rep};
      for (std::int64_t r = rotate_left(rep, d); r != rep; r = rotate_left(r, d)) {
        members.push_back(r);
      }
      std::int64_t first = -1;
      for (const std::int64_t t : members) {
        if (starts_class(t, m, d, rule) && (first < 0 || t < first)) first = t;
      }
      if (first < 0) first = rep;  // only 1...1 has no 0 bit (E40)
      out.classes.push_back(RotationClass{k, next - 1, static_cast<std::int64_t>(members.size())});
      std::int64_t t = first;
      for (std::size_t i = 0; i < members.size(); ++i) {
        out.order.push_back(t);
        out.number[static_cast<std::size_t>(t)] = next++;
        t = rotate_left(t, d);
      }
    }
  }
  CV_ASSERT(next == nodes, "every non-zero node numbered once");
  return out;
}

}  // namespace collverify::hypercube
