// Block counts n to verify for each p. A list such as "1,2,q,q+1,2q+1,3q+2" (the default) mixes
// whole numbers and terms a*q+b / a*q-b in q = ceil(log2 p), so one list serves every p.
// Values below 1 (e.g. q - 1 at p = 2) are dropped; the result is ascending and distinct.
// Bad terms throw InputError naming the term. Example: at p = 20 (q = 5) the default gives
// {1, 2, 5, 6, 11, 17}.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collverify {

class BlockCounts {
 public:
  static constexpr const char* kDefault = "1,2,q,q+1,2q+1,3q+2";
  static BlockCounts parse(const std::string& text);
  std::vector<std::int64_t> for_p(std::int64_t p) const;
  const std::string& text() const { return text_; }

 private:
  struct Term {
    std::int64_t a = 0;  // coefficient of q
    std::int64_t b = 0;  // constant
  };
  std::vector<Term> terms_;
  std::string text_;
};

}  // namespace collverify
