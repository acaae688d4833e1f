// MPI's definition of the collectives (collective.hpp).
#include "program/collective.hpp"

#include <cstring>

#include <fmt/format.h>

namespace collverify::program {
namespace {

constexpr const char* kNames[kCollectives] = {"bcast",  "reduce",    "allreduce", "gather",
                                             "scatter", "allgather", "alltoall",
                                             "reduce_scatter_block"};

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The value of element i of rank r's input, n elements per rank.
std::int64_t input_value(std::int64_t r, std::int64_t n, std::int64_t i) { return 1 + r * n + i; }

std::uint64_t reduction_value(const Instance& in, std::int64_t r, std::int64_t i) {
  return splitmix64((static_cast<std::uint64_t>(in.p) << 48) ^
                    (static_cast<std::uint64_t>(r) << 32) ^ static_cast<std::uint64_t>(i));
}

void store(Elem e, std::byte* at, std::int64_t v) {
  switch (e) {
    case Elem::int32: {
      const auto x = static_cast<std::int32_t>(v);
      std::memcpy(at, &x, sizeof x);
      return;
    }
    case Elem::float64: {
      const auto x = static_cast<double>(v);
      std::memcpy(at, &x, sizeof x);
      return;
    }
    case Elem::byte: {
      // Inputs 1..251, the poison 0.
      const auto x = static_cast<unsigned char>(v > 0 ? 1 + (v - 1) % 251 : 0);
      std::memcpy(at, &x, 1);
      return;
    }
    case Elem::int64: {
      const auto x = static_cast<std::uint64_t>(v);
      std::memcpy(at, &x, sizeof x);
      return;
    }
  }
}

std::uint64_t load64(const std::byte* at) {
  std::uint64_t x = 0;
  std::memcpy(&x, at, sizeof x);
  return x;
}

// The elements every rank contributes (count of the reduction or block of the data movement).
std::int64_t per_rank_input(const Instance& in) {
  switch (in.collective) {
    case Collective::alltoall:
    case Collective::reduce_scatter_block:
      return in.count * in.p;
    case Collective::scatter:
      return in.count * in.p;  // the root's send buffer
    default:
      return in.count;
  }
}

}  // namespace

const char* to_string(Collective c) { return kNames[static_cast<int>(c)]; }

std::optional<Collective> parse_collective(const std::string& word) {
  for (int i = 0; i < kCollectives; ++i) {
    if (word == kNames[i]) return static_cast<Collective>(i);
  }
  return std::nullopt;
}

std::string symbol_of(Collective c) { return std::string("cv_") + to_string(c); }

bool is_reduction(Collective c) {
  return c == Collective::reduce || c == Collective::allreduce ||
         c == Collective::reduce_scatter_block;
}

bool has_root(Collective c) {
  return c == Collective::bcast || c == Collective::reduce || c == Collective::gather ||
         c == Collective::scatter;
}

const char* to_string(Elem e) {
  switch (e) {
    case Elem::int32: return "int";
    case Elem::float64: return "double";
    case Elem::byte: return "byte";
    case Elem::int64: return "int64";
  }
  return "?";
}

std::optional<Elem> parse_elem(const std::string& word) {
  if (word == "int") return Elem::int32;
  if (word == "double") return Elem::float64;
  if (word == "byte") return Elem::byte;
  return std::nullopt;
}

std::size_t elem_size(Elem e) {
  switch (e) {
    case Elem::int32: return 4;
    case Elem::float64: return 8;
    case Elem::byte: return 1;
    case Elem::int64: return 8;
  }
  return 1;
}

const char* to_string(ReduceOp o) { return o == ReduceOp::sum ? "sum" : "compose"; }

std::uint64_t compose(std::uint64_t in, std::uint64_t inout) {
  // (a1, b1) o (a2, b2) = (a1 a2, a1 b2 + b1) modulo 2^32: x -> a1 (a2 x + b2) + b1.
  const std::uint64_t a1 = in >> 32, b1 = in & 0xffffffffULL;
  const std::uint64_t a2 = inout >> 32, b2 = inout & 0xffffffffULL;
  const std::uint64_t a = (a1 * a2) & 0xffffffffULL, b = (a1 * b2 + b1) & 0xffffffffULL;
  return (a << 32) | b;
}

Shape shape(const Instance& in, int rank) {
  const bool root = rank == in.root;
  const std::int64_t n = in.count, all = in.count * in.p;
  switch (in.collective) {
    case Collective::bcast: return {kNoBuffer, n};
    case Collective::reduce: return {n, root ? n : kNoBuffer};
    case Collective::allreduce: return {n, n};
    case Collective::gather: return {n, root ? all : kNoBuffer};
    case Collective::scatter: return {root ? all : kNoBuffer, n};
    case Collective::allgather: return {n, all};
    case Collective::alltoall: return {all, all};
    case Collective::reduce_scatter_block: return {all, n};
  }
  return {};
}

void fill_send(const Instance& in, int rank, std::byte* send) {
  const Shape s = shape(in, rank);
  const std::size_t w = elem_size(in.elem);
  const std::int64_t n = per_rank_input(in);
  for (std::int64_t i = 0; i < s.send; ++i) {
    const std::int64_t v = is_reduction(in.collective)
                               ? static_cast<std::int64_t>(reduction_value(in, rank, i))
                               : input_value(rank, n, i);
    store(in.elem, send + static_cast<std::size_t>(i) * w, v);
  }
}

void fill_recv(const Instance& in, int rank, std::byte* recv) {
  const Shape s = shape(in, rank);
  const std::size_t w = elem_size(in.elem);
  const bool bcast_root = in.collective == Collective::bcast && rank == in.root;
  for (std::int64_t i = 0; i < s.recv; ++i) {
    std::int64_t v = 0;
    if (bcast_root) {
      v = input_value(rank, in.count, i);
    } else if (in.elem == Elem::int64) {
      v = static_cast<std::int64_t>(0xbadbadbadbadbad0ULL ^ static_cast<std::uint64_t>(i));
    } else {
      v = -input_value(rank, s.recv, i);  // the poison: negative, or 0 for bytes
    }
    store(in.elem, recv + static_cast<std::size_t>(i) * w, v);
  }
}

bool output_defined(const Instance& in, int rank) { return shape(in, rank).recv != kNoBuffer; }

std::vector<std::byte> expected_output(const Instance& in, int rank) {
  const Shape s = shape(in, rank);
  if (s.recv == kNoBuffer) return {};
  const std::size_t w = elem_size(in.elem);
  std::vector<std::byte> out(static_cast<std::size_t>(s.recv) * w);
  const std::int64_t n = in.count, p = in.p;
  auto put = [&](std::int64_t at, std::int64_t v) {
    store(in.elem, out.data() + static_cast<std::size_t>(at) * w, v);
  };
  auto reduce_at = [&](std::int64_t index) {
    // Rank order: v_0 op (v_1 op (... op v_{p-1})), which for an associative op is MPI's.
    std::uint64_t acc = reduction_value(in, p - 1, index);
    for (std::int64_t r = p - 2; r >= 0; --r) {
      const std::uint64_t v = reduction_value(in, r, index);
      acc = in.op == ReduceOp::sum ? v + acc : compose(v, acc);
    }
    return static_cast<std::int64_t>(acc);
  };
  switch (in.collective) {
    case Collective::bcast:
      for (std::int64_t i = 0; i < n; ++i) put(i, input_value(in.root, n, i));
      break;
    case Collective::reduce:
    case Collective::allreduce:
      for (std::int64_t i = 0; i < n; ++i) put(i, reduce_at(i));
      break;
    case Collective::reduce_scatter_block:
      for (std::int64_t i = 0; i < n; ++i) put(i, reduce_at(rank * n + i));
      break;
    case Collective::gather:
    case Collective::allgather:
      for (std::int64_t r = 0; r < p; ++r) {
        for (std::int64_t i = 0; i < n; ++i) put(r * n + i, input_value(r, n, i));
      }
      break;
    case Collective::scatter:
      for (std::int64_t i = 0; i < n; ++i) put(i, input_value(in.root, n * p, rank * n + i));
      break;
    case Collective::alltoall:
      for (std::int64_t r = 0; r < p; ++r) {
        for (std::int64_t i = 0; i < n; ++i) put(r * n + i, input_value(r, n * p, rank * n + i));
      }
      break;
  }
  return out;
}

std::string element_text(Elem e, const std::byte* at) {
  switch (e) {
    case Elem::int32: {
      std::int32_t x = 0;
      std::memcpy(&x, at, sizeof x);
      return std::to_string(x);
    }
    case Elem::float64: {
      double x = 0;
      std::memcpy(&x, at, sizeof x);
      return fmt::format("{}", x);
    }
    case Elem::byte: return fmt::format("0x{:02x}", static_cast<unsigned>(*at));
    case Elem::int64: return fmt::format("0x{:016x}", load64(at));
  }
  return "?";
}

std::string origin(const Instance& in, const std::byte* at) {
  if (in.elem == Elem::int64) return "a 64-bit value";
  std::int64_t v = 0;
  if (in.elem == Elem::int32) {
    std::int32_t x = 0;
    std::memcpy(&x, at, sizeof x);
    v = x;
  } else if (in.elem == Elem::float64) {
    double x = 0;
    std::memcpy(&x, at, sizeof x);
    if (x != static_cast<double>(static_cast<std::int64_t>(x))) return "no input's value";
    v = static_cast<std::int64_t>(x);
  } else {
    return static_cast<unsigned>(*at) == 0 ? "the initial (never written) value"
                                           : "a byte value (bytes repeat every 251 elements)";
  }
  if (v < 0) return "the initial (never written) value";
  const std::int64_t n = per_rank_input(in);
  if (v == 0 || n == 0 || v > n * in.p) return "no input's value";
  return fmt::format("rank {}'s input element {}", (v - 1) / n, (v - 1) % n);
}

}  // namespace collverify::program
