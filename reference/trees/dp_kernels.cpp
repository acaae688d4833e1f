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
[[gnu::always_inline]] inline std::int64_t split_impl(const T* u, const T* w, Prefix<T> q, T L, T R,
                                                      std::int64_t n, T& best) {
  const T* pq = q.pq;
  const T* bq = q.bq;
  const T a = q.a;
  const T bL = q.b * L;
  const T bR = q.b * R;
  T low = std::numeric_limits<T>::max();
  for (std::int64_t x = 0; x < n; ++x) {
    low = mn(low, split_value<W>(u, w, pq, bq, a, L, bL, R, bR, x));
  }
  best = low;
  for (std::int64_t x = 0; x < n; ++x) {
    if (split_value<W>(u, w, pq, bq, a, L, bL, R, bR, x) == low) return x;
  }
  return -1;
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

template <class T>
inline T two_value(T g, const T* u, const T* pq1, const T* bq1, T a1, T L, T bL, const T* e,
                   const T* w, const T* pq2, const T* bq2, T a2, T R, T bR, std::int64_t x) {
  return mx(mx(g, u[x]) + comm_left(pq1[x], bq1[x], a1, L, bL) + e[x], w[x]) +
         comm_right(pq2[x], bq2[x], a2, R, bR);
}

template <class T>
[[gnu::always_inline]] inline std::int64_t two_impl(T g, const T* u, Prefix<T> q1, T L, const T* e,
                                                    const T* w, Prefix<T> q2, T R, std::int64_t n,
                                                    T& best) {
  const T* pq1 = q1.pq;
  const T* bq1 = q1.bq;
  const T* pq2 = q2.pq;
  const T* bq2 = q2.bq;
  const T a1 = q1.a;
  const T a2 = q2.a;
  const T bL = q1.b * L;
  const T bR = q2.b * R;
  T low = std::numeric_limits<T>::max();
  for (std::int64_t x = 0; x < n; ++x) {
    low = mn(low, two_value(g, u, pq1, bq1, a1, L, bL, e, w, pq2, bq2, a2, R, bR, x));
  }
  best = low;
  for (std::int64_t x = 0; x < n; ++x) {
    if (two_value(g, u, pq1, bq1, a1, L, bL, e, w, pq2, bq2, a2, R, bR, x) == low) return x;
  }
  return -1;
}

}  // namespace

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

__attribute__((target_clones("avx2", "default"))) std::int64_t first_min_two(
    std::int64_t g, const std::int64_t* u, Prefix<std::int64_t> q1, std::int64_t L,
    const std::int64_t* e, const std::int64_t* w, Prefix<std::int64_t> q2, std::int64_t R,
    std::int64_t n, std::int64_t& best) {
  return two_impl(g, u, q1, L, e, w, q2, R, n, best);
}

__attribute__((target_clones("avx2", "default"))) std::int64_t first_min_two(
    double g, const double* u, Prefix<double> q1, double L, const double* e, const double* w,
    Prefix<double> q2, double R, std::int64_t n, double& best) {
  return two_impl(g, u, q1, L, e, w, q2, R, n, best);
}

}  // namespace collverify::trees::detail
