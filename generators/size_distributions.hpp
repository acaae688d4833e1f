// Per-rank data sizes (elements each origin contributes) for the irregular allgather, from a
// --sizes DIST text:
//   uniform:K              every rank K elements
//   random:MAX:SEED        each rank uniform in 0..MAX (splitmix64 of SEED and the rank, so
//                          the sizes of a rank do not depend on p)
//   list:A,B,C,...         rank r gets the (r mod length)-th entry
//   zeros-except-root:K    rank 0 has K elements, every other rank none
//   paper:M                Section 3.2 of seed 000: m_r = (r mod 3) floor(M / p) for r < p - 1
//                          and m_{p-1} = M - the others (a total of exactly M)
// Zero sizes are allowed everywhere (ranks with nothing). Sizes are at most 2^31 - 1 each.
// A bad DIST throws InputError naming it and the accepted forms.
// Example: SizeDistribution::parse("list:3,0,5").for_p(4) = {3, 0, 5, 3}.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collverify {

class SizeDistribution {
 public:
  static constexpr const char* kDefault = "random:8:1";
  static constexpr std::int64_t kMaxSize = (std::int64_t{1} << 31) - 1;
  static SizeDistribution parse(const std::string& text);
  std::vector<std::int64_t> for_p(std::int64_t p) const;
  const std::string& text() const { return text_; }
  // The number of entries of a list:A,B,...; 0 for every other distribution.
  std::size_t list_length() const { return kind_ == Kind::list ? values_.size() : 0; }

 private:
  enum class Kind { uniform, random, list, zeros_except_root, paper };
  Kind kind_ = Kind::uniform;
  std::vector<std::int64_t> values_;
  std::string text_;
};

}  // namespace collverify
