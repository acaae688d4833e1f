#include "reference/trees/dp_kernels.hpp"

#include <limits>

namespace collverify::trees::detail {
namespace {

template <class T>
inline T mx(T a, T b) {
  return a > b ? a : b;
}
template <class T>
inline T mn(T a, T b) {
  return a < b ? a : b;
}

// comm of a left part (size q - L) and of a right part (size R - q), from the prefix value
// pq = prefix[x] and bq = beta * prefix[x]; bL = beta * L is the same product the table holds
// for that prefix, so the differences are exact. Plain values, not the Prefix struct, and no
// lambdas in the loops, and everything inlined into the target_clones entry points: a helper
// compiled once for the default target would run the SSE2 code (no 64-bit compare: scalar).
template <class T>
inline T comm_left(T pq, T bq, T a, T L, T bL) {
  return pq == L ? T{} : bq - bL + a;
}
template <class T>
inline T comm_right(T pq, T bq, T a, T R, T bR) {
  return pq == R ? T{} : bR - bq + a;
}

// The smallest value(x) over x in [0, n) and its first position, in one vectorised pass over
// chunks of kChunk (each chunk's minimum branch-free; a chunk is remembered only when strictly
// smaller, so it is the first chunk holding the minimum) and a scan of that one chunk. Before,
// a second full pass with an early exit (scalar) looked for the first position.
inline constexpr std::int64_t kChunk = 64;

template <class T, class F>
[[gnu::always_inline]] inline std::int64_t first_min(const F& value, std::int64_t n, T& best) {
  T low = std::numeric_limits<T>::max();
  std::int64_t from = 0;
  std::int64_t x0 = 0;
  for (; x0 + kChunk <= n; x0 += kChunk) {
    T cm = std::numeric_limits<T>::max();
    for (std::int64_t x = x0; x < x0 + kChunk; ++x) cm = mn(cm, value(x));
    if (cm < low) {
      low = cm;
      from = x0;
    }
  }
  T cm = std::numeric_limits<T>::max();
  for (std::int64_t x = x0; x < n; ++x) cm = mn(cm, value(x));
  if (cm < low) {
    low = cm;
    from = x0;
  }
  best = low;
  for (std::int64_t x = from; x < n; ++x) {
    if (value(x) == low) return x;
  }
  return -1;
}

template <Sends W, class T>
inline T split_value(const T* u, const T* w, const T* pq, const T* bq, T a, T L, T bL, T R, T bR,
                     std::int64_t x) {
  T c{};
  if constexpr (W == Sends::smaller) {
    c = mn(comm_left(pq[x], bq[x], a, L, bL), comm_right(pq[x], bq[x], a, R, bR));
  } else if constexpr (W == Sends::left) {
    c = comm_left(pq[x], bq[x], a, L, bL);
  } else {
    c = comm_right(pq[x], bq[x], a, R, bR);
  }
  return mx(u[x], w[x]) + c;
}

template <Sends W, class T>
struct SplitValue {
  const T *u, *w, *pq, *bq;
  T a, L, bL, R, bR;
  [[gnu::always_inline]] T operator()(std::int64_t x) const {
    return split_value<W>(u, w, pq, bq, a, L, bL, R, bR, x);
  }
};

template <Sends W, class T>
[[gnu::always_inline]] inline std::int64_t split_impl(const T* u, const T* w, Prefix<T> q, T L, T R,
                                                      std::int64_t n, T& best) {
  const T* pq = q.pq;
  const T* bq = q.bq;
  const T a = q.a;
  const T bL = q.b * L;
  const T bR = q.b * R;
  const SplitValue<W, T> value{u, w, pq, bq, a, L, bL, R, bR};
  return first_min(value, n, best);
}

template <class T>
[[gnu::always_inline]] inline std::int64_t split_any(Sends who, const T* u, const T* w, Prefix<T> q,
                                                     T L, T R, std::int64_t n, T& best) {
  switch (who) {
    case Sends::smaller:
      return split_impl<Sends::smaller>(u, w, q, L, R, n, best);
    case Sends::left:
      return split_impl<Sends::left>(u, w, q, L, R, n, best);
    case Sends::right:
      return split_impl<Sends::right>(u, w, q, L, R, n, best);
  }
  return -1;
}

// The three chunk minima of first_min_binary at once: per chunk three branch-free minima over
// shared loads, then for each case a scan of its first minimal chunk (as first_min).
template <class T>
struct BinaryValues {
  const BinaryRange<T>& r;
  const T *pqa, *bqa, *pqb, *bqb;
  T bL, bL1, bR, bRj;
  [[gnu::always_inline]] void operator()(std::int64_t x, T& v1, T& v2, T& v3) const {
    const T a = r.a.a;
    const T right_b = comm_right(pqb[x], bqb[x], a, r.R, bR);
    const T left_a = comm_left(pqa[x], bqa[x], a, r.L, bL);
    const T u23 = mx(T{}, r.u23[x]);
    v1 = mx(mx(r.g, r.u1[x]) + comm_left(pqb[x], bqb[x], a, r.L1, bL1) + T{}, r.w12[x]) + right_b;
    v2 = mx(u23 + left_a + r.e2[x], r.w12[x]) + right_b;
    v3 = mx(u23 + left_a + T{}, r.w3[x]) + comm_right(pqa[x], bqa[x], a, r.Rj, bRj);
  }
};

template <class T>
[[gnu::always_inline]] inline void binary_impl(const BinaryRange<T>& r, std::int64_t n,
                                               std::int64_t (&at)[3], T (&best)[3]) {
  const T b = r.a.b;
  const BinaryValues<T> value{r,       r.a.pq,   r.a.bq,  r.a.pq + 1, r.a.bq + 1,
                              b * r.L, b * r.L1, b * r.R, b * r.Rj};
  T low[3];
  std::int64_t from[3] = {0, 0, 0};
  for (T& l : low) l = std::numeric_limits<T>::max();
  // No lambda here: it would be compiled once for the default target, not in the AVX2 clone.
  for (std::int64_t x0 = 0; x0 < n; x0 += kChunk) {
    const std::int64_t x1 = x0 + kChunk < n ? x0 + kChunk : n;
    T m1 = std::numeric_limits<T>::max();
    T m2 = m1;
    T m3 = m1;
    for (std::int64_t x = x0; x < x1; ++x) {
      T v1{}, v2{}, v3{};
      value(x, v1, v2, v3);
      m1 = mn(m1, v1);
      m2 = mn(m2, v2);
      m3 = mn(m3, v3);
    }
    const T m[3] = {m1, m2, m3};
    for (int c = 0; c < 3; ++c) {
      if (m[c] < low[c]) {
        low[c] = m[c];
        from[c] = x0;
      }
    }
  }
  for (int c = 0; c < 3; ++c) {
    best[c] = low[c];
    at[c] = -1;
    for (std::int64_t x = from[c]; x < n; ++x) {
      T v[3];
      value(x, v[0], v[1], v[2]);
      if (v[c] == low[c]) {
        at[c] = x;
        break;
      }
    }
  }
}

}  // namespace

__attribute__((target_clones("avx2", "default"))) void first_min_binary(
    const BinaryRange<std::int64_t>& r, std::int64_t n, std::int64_t (&at)[3],
    std::int64_t (&best)[3]) {
  binary_impl(r, n, at, best);
}

__attribute__((target_clones("avx2", "default"))) void first_min_binary(
    const BinaryRange<double>& r, std::int64_t n, std::int64_t (&at)[3], double (&best)[3]) {
  binary_impl(r, n, at, best);
}

__attribute__((target_clones("avx2", "default"))) std::int64_t first_min_split(
    Sends who, const std::int64_t* u, const std::int64_t* w, Prefix<std::int64_t> q, std::int64_t L,
    std::int64_t R, std::int64_t n, std::int64_t& best) {
  return split_any(who, u, w, q, L, R, n, best);
}

__attribute__((target_clones("avx2", "default"))) std::int64_t first_min_split(
    Sends who, const double* u, const double* w, Prefix<double> q, double L, double R,
    std::int64_t n, double& best) {
  return split_any(who, u, w, q, L, R, n, best);
}

}  // namespace collverify::trees::detail
