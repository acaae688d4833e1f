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

// comm of a left part (size q - L) and of a right part (size R - q); bL = beta * L is the same
// product the table holds for that prefix, so the differences are exact.
template <class T>
inline T comm_left(const Prefix<T>& q, std::int64_t x, T L, T bL) {
  return q.pq[x] == L ? T{} : q.bq[x] - bL + q.a;
}
template <class T>
inline T comm_right(const Prefix<T>& q, std::int64_t x, T R, T bR) {
  return q.pq[x] == R ? T{} : bR - q.bq[x] + q.a;
}

template <Sends W, class T>
std::int64_t split_impl(const T* u, const T* w, Prefix<T> q, T L, T R, std::int64_t n, T& best) {
  const T bL = q.b * L;
  const T bR = q.b * R;
  auto value = [&](std::int64_t x) {
    T c{};
    if constexpr (W == Sends::smaller) {
      c = mn(comm_left(q, x, L, bL), comm_right(q, x, R, bR));
    } else if constexpr (W == Sends::left) {
      c = comm_left(q, x, L, bL);
    } else {
      c = comm_right(q, x, R, bR);
    }
    return mx(u[x], w[x]) + c;
  };
  T low = std::numeric_limits<T>::max();
  for (std::int64_t x = 0; x < n; ++x) low = mn(low, value(x));
  best = low;
  for (std::int64_t x = 0; x < n; ++x) {
    if (value(x) == low) return x;
  }
  return -1;
}

template <class T>
std::int64_t split_any(Sends who, const T* u, const T* w, Prefix<T> q, T L, T R, std::int64_t n,
                       T& best) {
  switch (who) {
    case Sends::smaller: return split_impl<Sends::smaller>(u, w, q, L, R, n, best);
    case Sends::left: return split_impl<Sends::left>(u, w, q, L, R, n, best);
    case Sends::right: return split_impl<Sends::right>(u, w, q, L, R, n, best);
  }
  return -1;
}

template <class T>
std::int64_t two_impl(T g, const T* u, Prefix<T> q1, T L, const T* e, const T* w, Prefix<T> q2,
                      T R, std::int64_t n, T& best) {
  const T bL = q1.b * L;
  const T bR = q2.b * R;
  auto value = [&](std::int64_t x) {
    return mx(mx(g, u[x]) + comm_left(q1, x, L, bL) + e[x], w[x]) + comm_right(q2, x, R, bR);
  };
  T low = std::numeric_limits<T>::max();
  for (std::int64_t x = 0; x < n; ++x) low = mn(low, value(x));
  best = low;
  for (std::int64_t x = 0; x < n; ++x) {
    if (value(x) == low) return x;
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
