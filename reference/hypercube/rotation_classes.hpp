// Steps I-III of the lecture's all-to-all broadcast construction (seed 004, slides 27-31), shared
// with the one-to-all scatter tree (slide 47, "Steps I-II as in A-A-Broadcast").
//   Step I   N_k = nodes with k ones; its equivalence classes R_{k,1}, R_{k,2}, ... under left
//            rotation of the d bits; R_{k,1} is the class of 0...01...1.
//   Step II  n(t) = 1, 2, ..., 2^d - 1 over the classes in order (k ascending, then class by
//            class), so m(t) = ((n(t) - 1) mod d) + 1 runs 1, 2, ..., d, 1, 2, ...
//   Step III inside a class, the first element t has bit m(t) = 1 and bit m(t) - 1 (bit d when
//            m(t) = 1) = 0; the others follow by left rotation, so every element keeps the rule.
// Gaps the slides leave, resolved here (docs/ERRATA.md E40; docs/READINGS.md R5):
//   - class order inside N_k: by the smallest label of the class (R_{k,1} first, as required);
//   - several elements may satisfy the Step III rule: the smallest label is taken first;
//   - classes with fewer than d members (periodic labels, e.g. 0101 for d = 4) are numbered
//     like the others: their s < d elements take s consecutive numbers;
//   - 0...0 gets no number (it is the root); 1...1 is its own class and cannot have a 0 at bit
//     m - 1, so Step III's second rule is waived for it.
// Bits are numbered from the right starting at 1 as in the slides: "bit m" is label bit m - 1,
// hence hypercube direction m - 1. Cost O(d 2^d) time, O(2^d) memory.
// Example, d = 4 (slide 34): m(0001) = 1, m(0011) = 1, m(1101) = 3, m(0111) = 1, m(1111) = 3.
#pragma once

#include <cstdint>
#include <vector>

namespace collverify::hypercube {

struct RotationClass {
  int ones = 0;            // k
  std::int64_t first = 0;  // index into RotationNumbering::order of its first element
  std::int64_t size = 0;   // number of elements (divides d)
};

struct RotationNumbering {
  int d = 0;
  std::vector<std::int64_t> order;     // order[n - 1] = the node t with n(t) = n
  std::vector<std::int64_t> number;    // number[t] = n(t); number[0] = 0
  std::vector<RotationClass> classes;  // in numbering order
  int m(std::int64_t t) const {
    return static_cast<int>((number[static_cast<std::size_t>(t)] - 1) % d) + 1;
  }
};

// Left rotation of the d-bit label t by one position.
std::int64_t rotate_left(std::int64_t t, int d);

// Which Step III rule orders a class: both rules of slide 31 (the default), or only the first
// (bit m(t) = 1), a reading that slide 32's remark suggests suffices; it does not (docs/READINGS.md R5: d = 4).
enum class StepThreeRule { both, first_only };

// Steps I-III. Precondition 1 <= d <= kMaxDimension (callers check the input).
RotationNumbering rotation_numbering(int d, StepThreeRule rule = StepThreeRule::both);

}  // namespace collverify::hypercube
