// The memo of reference/trees/nonordered_bnb: an open-addressing hash table from a set's key to
// what is known of its value (a proved lower bound, the exact value once found, the choice that
// achieves it). Linear probing, capacity a power of two, grown at 3/4 load; a reference into it
// is valid until the next insertion. O(1) expected per access, 40 bytes per slot.
// Example: Memo m; m[7].lo = 3; m.find(7)->lo == 3, m.find(8) == nullptr, m.size() == 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace collverify::trees::bnb {

struct Entry {
  std::int64_t lo = 0;          // proved: the value is >= lo
  std::int64_t exact = -1;      // the value, once known
  std::uint64_t choice = 0;     // G: the root class; F: the key of the last subtree Q
  bool partition_done = false;  // F: the partition bound is already in lo
  bool chain_done = false;      // the chain bound (Lemma B4) is already in lo
};

class Memo {
 public:
  Memo() : slots_(std::size_t{1} << 12) {}
  std::size_t size() const { return used_; }

  Entry& operator[](std::uint64_t key) {
    if (4 * (used_ + 1) > 3 * slots_.size()) grow();
    Slot& s = slots_[probe(key)];
    if (s.key_plus_one == 0) {
      s.key_plus_one = key + 1;
      ++used_;
    }
    return s.entry;
  }

  const Entry* find(std::uint64_t key) const {
    const Slot& s = slots_[probe(key)];
    return s.key_plus_one == 0 ? nullptr : &s.entry;
  }

 private:
  struct Slot {
    std::uint64_t key_plus_one = 0;  // 0: empty
    Entry entry;
  };

  std::size_t probe(std::uint64_t key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
    while (slots_[i].key_plus_one != 0 && slots_[i].key_plus_one != key + 1) i = (i + 1) & mask;
    return i;
  }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old) {
      if (s.key_plus_one != 0) slots_[probe(s.key_plus_one - 1)] = s;
    }
  }

  std::vector<Slot> slots_;
  std::size_t used_ = 0;
};

}  // namespace collverify::trees::bnb
