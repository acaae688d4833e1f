#include "checkers/trees/lemma1.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstddef>
#include <limits>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::trees {
namespace {

constexpr std::int64_t kMaxLemmaP = 12;
constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();

using Mask = std::uint32_t;

// Proposition 2 over subsets: a tree over Q rooted at r is r's local copy followed by subtrees
// over a partition of Q \ {r}, received one after the other.
class SubsetDp {
 public:
  SubsetDp(const TreeProblem<std::int64_t>& pr, LeafCopy leaf)
      : p_(static_cast<int>(pr.p())),
        pr_(pr),
        leaf_(leaf),
        size_(Mask{1} << p_, 0),
        gathered_(std::size_t{16} << p_, -1),
        best_(Mask{1} << p_, -1) {
    for (Mask s = 1; s < size_.size(); ++s) {
      const int low = __builtin_ctz(s);
      size_[s] = size_[s & (s - 1)] + pr.m[static_cast<std::size_t>(low)];
    }
  }

  // The best tree over `q` rooted at r (r in q).
  std::int64_t tree(Mask q, int r) {
    if (q == bit(r)) return leaf_ == LeafCopy::free ? 0 : copy(r);
    return gathered(q, r);
  }

  // r has copied its block, then received subtrees covering `s` \ {r} (r in s).
  std::int64_t gathered(Mask s, int r) {
    if (s == bit(r)) return copy(r);
    std::int64_t& memo =
        gathered_[(static_cast<std::size_t>(s) << 4) | static_cast<std::size_t>(r)];
    if (memo >= 0) return memo;
    const Mask rest = s & ~bit(r);
    std::int64_t out = kNone;
    for (Mask q = rest; q != 0; q = (q - 1) & rest) {
      out = std::min(out, receive(gathered(s & ~q, r), q));
    }
    return memo = out;
  }

  // The best time with at most `limit` children at r over `s` (r in s); kNone if there is none.
  std::int64_t limited(Mask s, int r, std::int64_t limit) {
    if (s == bit(r)) return tree(s, r);
    limit = std::clamp<std::int64_t>(limit, 0, p_ - 1);
    std::vector<std::int64_t> memo((static_cast<std::size_t>(limit) + 1) << p_, -1);
    return chain(s, r, limit, memo);
  }

  std::int64_t size(Mask s) const { return size_[s]; }

 private:
  static Mask bit(int r) { return Mask{1} << r; }
  std::int64_t copy(int r) const { return pr_.cost.gamma * pr_.m[static_cast<std::size_t>(r)]; }

  // r's copy, then at most `limit` subtrees covering s \ {r}, memoised per (s, limit).
  std::int64_t chain(Mask s, int r, std::int64_t limit, std::vector<std::int64_t>& memo) {
    if (s == bit(r)) return copy(r);
    if (limit <= 0) return kNone;
    std::int64_t& out = memo[(static_cast<std::size_t>(limit) << p_) | s];
    if (out >= 0) return out;
    out = kNone;
    const Mask rest = s & ~bit(r);
    for (Mask q = rest; q != 0; q = (q - 1) & rest) {
      const std::int64_t t = chain(s & ~q, r, limit - 1, memo);
      if (t != kNone) out = std::min(out, receive(t, q));
    }
    return out;
  }

  // After time t, r receives the subtree over q (comm(0) = 0: no data, no message).
  std::int64_t receive(std::int64_t t, Mask q) {
    if (size_[q] == 0) return t;
    return std::max(t, best(q)) + pr_.cost.alpha + pr_.cost.beta * size_[q];
  }

  std::int64_t best(Mask q) {
    std::int64_t& memo = best_[q];
    if (memo >= 0) return memo;
    std::int64_t out = kNone;
    for (int v = 0; v < p_; ++v) {
      if (q & bit(v)) out = std::min(out, tree(q, v));
    }
    return memo = out;
  }

  int p_;
  const TreeProblem<std::int64_t>& pr_;
  LeafCopy leaf_;
  std::vector<std::int64_t> size_;
  std::vector<std::int64_t> gathered_;  // [s << 4 | r]
  std::vector<std::int64_t> best_;
};

bool next_multiset(std::vector<std::int64_t>& m, std::int64_t top) {
  for (std::size_t i = m.size(); i-- > 0;) {
    if (m[i] < top) {
      ++m[i];
      std::fill(m.begin() + static_cast<std::ptrdiff_t>(i) + 1, m.end(), m[i]);
      return true;
    }
  }
  return false;
}

bool hypothesis(const std::vector<std::int64_t>& m, const Lemma1Statement& st) {
  std::int64_t total = 0;
  for (const auto x : m) total += x;
  for (const auto x : m) {
    if (st.strict_half ? x >= total / 2 : x > total / 2) return false;
  }
  return true;
}

std::optional<Lemma1Counterexample> judge(const std::vector<std::int64_t>& m, std::int64_t a,
                                          const Lemma1Range& range, const Lemma1Statement& st) {
  const std::int64_t d = range.alpha_denominator;
  const TreeProblem<std::int64_t> pr{m, CostModel<std::int64_t>::uniform(a, d, d)};
  SubsetDp dp(pr, range.leaf);
  const int p = static_cast<int>(m.size());
  const Mask all = (Mask{1} << p) - 1;
  std::vector<std::int64_t> at(static_cast<std::size_t>(p));
  for (int r = 0; r < p; ++r) at[static_cast<std::size_t>(r)] = dp.tree(all, r);
  const std::int64_t opt = *std::min_element(at.begin(), at.end());
  const auto first = static_cast<std::int64_t>(std::min_element(at.begin(), at.end()) - at.begin());
  const std::int64_t bound = d * dp.size(all) + st.latencies * a;
  const std::string where =
      fmt::format("p = {}, m = {{{}}}, alpha = {}/{}", p, fmt::join(m, ", "), a, d);
  if (opt < bound) {
    return Lemma1Counterexample{
        "cost_bound",
        m,
        a,
        first,
        opt,
        bound,
        fmt::format("{}: the optimal tree (root {}) costs {}/{} < m + {} alpha = {}/{}", where,
                    first, opt, d, st.latencies, bound, d)};
  }
  for (int r = 0; r < p; ++r) {
    if (at[static_cast<std::size_t>(r)] != opt) continue;
    const std::int64_t fewer = dp.limited(all, r, st.min_children - 1);
    if (fewer <= opt) {
      return Lemma1Counterexample{
          "root_children",
          m,
          a,
          r,
          opt,
          fewer,
          fmt::format("{}: rooted at {}, a tree with at most {} children costs {}/{}, no more "
                      "than the optimum {}/{}",
                      where, r, st.min_children - 1, fewer, d, opt, d)};
    }
  }
  return std::nullopt;
}

}  // namespace

RootedOptimum nonordered_optimum(const TreeProblem<std::int64_t>& problem, std::int64_t root,
                                 std::int64_t max_children, LeafCopy leaf) {
  CV_ASSERT(problem.p() >= 1 && problem.p() <= kMaxLemmaP, "p in [1, 12]");
  CV_ASSERT(problem.cost.homogeneous(), "homogeneous costs");
  CV_ASSERT(root >= 0 && root < problem.p(), "root in [0, p)");
  SubsetDp dp(problem, leaf);
  const Mask all = (Mask{1} << problem.p()) - 1;
  const int r = static_cast<int>(root);
  return {dp.tree(all, r), dp.limited(all, r, max_children)};
}

Lemma1Result check_lemma1(const Lemma1Range& range, const Lemma1Statement& statement) {
  if (range.max_p < 1 || range.max_p > kMaxLemmaP) {
    throw InputError(
        fmt::format("Lemma 1 check: max_p = {} (need 1..{})", range.max_p, kMaxLemmaP));
  }
  if (range.max_block < 1 || range.max_block > 1000) {
    throw InputError(fmt::format("Lemma 1 check: max_block = {} (need 1..1000)", range.max_block));
  }
  if (range.alpha_denominator < 2 || range.alpha_denominator > 1000000) {
    throw InputError(fmt::format("Lemma 1 check: alpha denominator {} (need 2..1000000)",
                                 range.alpha_denominator));
  }
  Lemma1Result out;
  for (std::int64_t p = std::max<std::int64_t>(statement.min_p, 1); p <= range.max_p; ++p) {
    std::vector<std::int64_t> m(static_cast<std::size_t>(p), 1);
    do {
      if (!hypothesis(m, statement)) continue;
      for (std::int64_t a = 1; a < range.alpha_denominator; ++a) {
        if (ceil_log2(p) * a >= range.alpha_denominator) break;
        ++out.instances;
        if (auto c = judge(m, a, range, statement)) {
          out.counterexample = std::move(c);
          return out;
        }
      }
    } while (next_multiset(m, range.max_block));
  }
  return out;
}

}  // namespace collverify::trees
