#include "checkers/trees/binomial_shape.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstddef>

namespace collverify::trees {
namespace {

// The root of the level-k block that holds rank x.
std::int64_t block_root(std::int64_t p, std::int64_t r, std::int64_t k, std::int64_t x) {
  const std::int64_t lo = (x >> k) << k;
  const std::int64_t end = std::min(lo + (std::int64_t{1} << k), p);
  return (r >= lo && r < end) ? r : end - 1;
}

}  // namespace

std::vector<std::int64_t> standard_binomial_sequence(std::int64_t p, std::int64_t r,
                                                     std::int64_t v) {
  std::vector<std::int64_t> seq{v};
  for (std::int64_t k = 0; (std::int64_t{1} << k) < p; ++k) {
    if (block_root(p, r, k + 1, v) != v) break;  // v sent its segment in round k
    const std::int64_t sibling = v ^ (std::int64_t{1} << k);
    const std::int64_t sibling_lo = (sibling >> k) << k;
    if (sibling_lo >= p) continue;  // the sibling block is empty
    seq.push_back(block_root(p, r, k, sibling_lo));
  }
  return seq;
}

std::optional<TreeViolation> check_standard_binomial(const GatherTree& tree) {
  const std::int64_t p = tree.p();
  if (p < 1 || tree.root < 0 || tree.root >= p) {
    return TreeViolation{"binomial_size", tree.root,
                         fmt::format("root {} is not a processor of the {} given", tree.root, p)};
  }
  for (std::int64_t v = 0; v < p; ++v) {
    const auto want = standard_binomial_sequence(p, tree.root, v);
    const auto& have = tree.sequence[static_cast<std::size_t>(v)];
    if (have != want) {
      return TreeViolation{
          "binomial_children", v,
          fmt::format("processor {} has sequence {}; the standard binomial tree over p = {} "
                      "rooted at {} gives {}",
                      v, have, p, tree.root, want)};
    }
  }
  return std::nullopt;
}

}  // namespace collverify::trees
