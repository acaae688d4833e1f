// The inner loops of the homogeneous tree DPs (Figures 6 and 7), over contiguous rows so that
// the compiler can vectorise them (an AVX2 clone is chosen at run time where the CPU has it).
// Sizes come from prefix sums: with q = prefix[k + 1] (or prefix[k]) the size of a left part is
// q - L and of a right part R - q, and comm(s) = alpha + beta s = beta q + const, so the loops
// read beta * prefix (`bq`) and prefix (`pq`, to test s = 0: comm(0) = 0) instead of multiplying.
// Each returns the smallest value over x in [0, n) and the first x attaining it (-1 when n <= 0);
// the minimum is found in one branch-free pass over chunks of 64 (vectorised), remembering the
// first chunk holding it, and its first position by a scan of that chunk.
// Internal to reference/trees; the slow twins in optimal.cpp and binary.cpp and the brute force
// in checkers/trees are what these are tested against.
#pragma once

#include <cstdint>

namespace collverify::trees::detail {

template <class T>
struct Prefix {
  const T* pq;  // prefix sums as T
  const T* bq;  // beta * prefix
  T a;          // alpha
  T b;          // beta
};

// Which part's size the message carries: both (the smaller one sends, Figure 6), the left part
// [.., k] (size q - L) or the right part [k + 1, ..] (size R - q).
enum class Sends { smaller, left, right };

// v(x) = max(u[x], w[x]) + comm(size of the sending part), with q = pq[x] / bq[x] at offset x.
std::int64_t first_min_split(Sends who, const std::int64_t* u, const std::int64_t* w,
                             Prefix<std::int64_t> q, std::int64_t L, std::int64_t R, std::int64_t n,
                             std::int64_t& best);
std::int64_t first_min_split(Sends who, const double* u, const double* w, Prefix<double> q,
                             double L, double R, std::int64_t n, double& best);

// Figure 7's three split cases of one range [i..j] in one pass, sharing the loads the cases have
// in common (binary.cpp). With x = 0 .. n-1 (n = j - i - 1), A = prefix at offset x (that is
// q = prefix[i + 1 + x]) and B = A + 1:
//   case 1: max(max(g, u1[x]) + commL(B, L1) + 0,     w12[x]) + commR(B, R)
//   case 2: max(max(0, u23[x]) + commL(A, L) + e2[x], w12[x]) + commR(B, R)
//   case 3: max(max(0, u23[x]) + commL(A, L) + 0,     w3[x])  + commR(A, Rj)
// best[c] is the smallest value of case c + 1 and at[c] its first position (-1 when n <= 0).
template <class T>
struct BinaryRange {
  T g;
  const T* u1;
  const T* u23;
  const T* e2;
  const T* w12;
  const T* w3;
  Prefix<T> a;  // prefix tables at offset i + 1 (B reads a.pq + 1)
  T L, L1, R, Rj;
};
void first_min_binary(const BinaryRange<std::int64_t>& r, std::int64_t n, std::int64_t (&at)[3],
                      std::int64_t (&best)[3]);
void first_min_binary(const BinaryRange<double>& r, std::int64_t n, std::int64_t (&at)[3],
                      double (&best)[3]);

}  // namespace collverify::trees::detail
