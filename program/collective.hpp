// MPI's definition of the eight collectives of the program route (MPI 3.1 chapter 5), as the
// runtime needs it: the buffers each rank gets, the distinct input values, and the result each
// rank must end with. Independent of how the plugin computes it.
//
// Contract:
// - Every input element carries a distinct value (int and double: 1 + rank * n + index, n the
//   elements per rank; byte: a pattern that repeats every 251 elements), so a wrong element names
//   the rank and index it came from (origin()). Output buffers start with a poison value that no
//   input has (negative for int and double), so an element never written is told apart.
// - Reductions use 64-bit integers: MPI_SUM over pseudo-random values (exact modulo 2^64), or the
//   non-commutative op (op_compose): each value is an affine map x -> a x + b (a, b the high and
//   low 32 bits), composed in rank order; the expected result is v_0 o v_1 o ... o v_{p-1}.
// - A buffer MPI calls "significant only at root" is absent (null) on the other ranks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace collverify::program {

enum class Collective {
  bcast,
  reduce,
  allreduce,
  gather,
  scatter,
  allgather,
  alltoall,
  reduce_scatter_block
};
inline constexpr int kCollectives = 8;
const char* to_string(Collective c);
std::optional<Collective> parse_collective(const std::string& word);
// The plugin's symbol for c: "cv_bcast", ...
std::string symbol_of(Collective c);
bool is_reduction(Collective c);
bool has_root(Collective c);

// The element type of the data-movement collectives; reductions always use 64-bit integers.
enum class Elem { int32, float64, byte, int64 };
const char* to_string(Elem e);
std::optional<Elem> parse_elem(const std::string& word);  // "int", "double", "byte"
std::size_t elem_size(Elem e);

enum class ReduceOp { sum, compose };  // compose: associative, not commutative
const char* to_string(ReduceOp o);

struct Instance {
  Collective collective = Collective::bcast;
  int p = 1;
  std::int64_t count = 0;
  int root = 0;
  Elem elem = Elem::int32;     // int64 for reductions
  ReduceOp op = ReduceOp::sum;  // reductions only
};

// Elements of rank r's two buffers, kNoBuffer when the buffer is absent (null) on r. bcast has one
// buffer (in_out): its elements are given as input and compared as output.
inline constexpr std::int64_t kNoBuffer = -1;
struct Shape {
  std::int64_t send = kNoBuffer;
  std::int64_t recv = kNoBuffer;
};
Shape shape(const Instance& in, int rank);

// The initial contents of rank r's buffers (send, recv), as bytes.
void fill_send(const Instance& in, int rank, std::byte* send);
void fill_recv(const Instance& in, int rank, std::byte* recv);
// What rank r's output buffer (recv; bcast's single buffer) must hold at the end; empty when the
// buffer has no defined result on r (reduce, gather on a rank other than the root).
std::vector<std::byte> expected_output(const Instance& in, int rank);
bool output_defined(const Instance& in, int rank);

// One element of an output buffer read as text ("17", "2.5", "0x3f") and what it is: "rank 3's
// element 5", "the initial (never written) value", "no input's value".
std::string element_text(Elem e, const std::byte* at);
std::string origin(const Instance& in, const std::byte* at);

// The reduction operators on 64-bit values (inout = in op inout), shared with the runtime's
// MPI_Reduce_local for the user function that stands for ReduceOp::compose.
std::uint64_t compose(std::uint64_t in, std::uint64_t inout);

}  // namespace collverify::program
