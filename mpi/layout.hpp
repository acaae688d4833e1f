// The data collverify-mpi moves, without MPI: where each (origin, block) lives in a rank's buffer,
// and the bytes that name it.
//
// Geometry: `origins` origins (1 for broadcast, p for allgather(v), gather and scatter), origin j
// contributes sizes[j] elements stored at element displs[j] (prefix sums: the layout of
// MPI_Allgatherv / MPI_Gatherv), cut into n blocks by model/collective_schedule.hpp's
// block_extent: block b of origin j is elements [floor(b s / n), floor((b + 1) s / n)) of it, so
// blocks differ by at most one element and, when s is not divisible by n, the remainder is spread
// over the blocks (the shorter ones come first); some blocks are empty when s < n.
//
// Element: the unit the datatype counts. Contiguous: one byte (MPI_BYTE). Vector: two data bytes
// at offsets 0 and 2 of a 4-byte extent (MPI_Type_vector(2, 1, 2, MPI_BYTE) resized to 4), so a
// buffer of e elements is 4 e bytes of which 2 e carry data and the rest are gaps that no
// collective may touch.
//
// Pattern: data byte d (0-based, counted over data bytes only) of block b of origin j is
// pattern_byte(j, b, d), a splitmix64 hash of (j, b, d). Receivers start with kPoison in every
// data byte, gaps hold kGap everywhere. identify() searches which (origin, block) a received
// span of data bytes came from, so a wrong delivery names the block that arrived.
// Cost: fill O(buffer bytes); identify O(origins n len) and is called only on a mismatch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/collective_schedule.hpp"

namespace collverify::mpiexec {

enum class DatatypeKind { contiguous, vector };

struct Element {
  DatatypeKind kind = DatatypeKind::contiguous;
  std::int64_t data_bytes() const { return kind == DatatypeKind::contiguous ? 1 : 2; }
  std::int64_t extent() const { return kind == DatatypeKind::contiguous ? 1 : 4; }
  // Byte offset of data byte s (0 <= s < data_bytes()) inside one element.
  std::int64_t offset(std::int64_t s) const { return kind == DatatypeKind::contiguous ? 0 : 2 * s; }
};

// Parses "contiguous" or "vector"; InputError naming the value otherwise.
DatatypeKind parse_datatype(const std::string& text);
const char* to_string(DatatypeKind k);

inline constexpr std::uint8_t kPoison = 0xEE;
inline constexpr std::uint8_t kGap = 0x5A;

std::uint8_t pattern_byte(std::int64_t origin, std::int64_t block, std::int64_t d);

struct ElementRange {
  std::int64_t first = 0;  // element index in the buffer
  std::int64_t count = 0;
};

struct Geometry {
  Element element;
  std::int64_t n = 1;
  std::vector<std::int64_t> sizes;   // elements per origin
  std::vector<std::int64_t> displs;  // element offset of each origin

  Geometry(Element e, std::int64_t blocks, std::vector<std::int64_t> origin_sizes);
  std::int64_t origins() const { return static_cast<std::int64_t>(sizes.size()); }
  std::int64_t total_elements() const;
  std::int64_t buffer_bytes() const { return total_elements() * element.extent(); }
  ElementRange block(std::int64_t origin, std::int64_t b) const;
  ElementRange origin(std::int64_t origin) const { return {displs[static_cast<std::size_t>(origin)], sizes[static_cast<std::size_t>(origin)]}; }
};

// A buffer of geometry g: every data byte kPoison, every gap byte kGap.
std::vector<std::uint8_t> poisoned_buffer(const Geometry& g);
// Writes the pattern of every block of `origin` into buf (its data bytes only).
void fill_origin(const Geometry& g, std::int64_t origin, std::vector<std::uint8_t>& buf);
// The data bytes of a range of elements, gaps left out.
std::vector<std::uint8_t> data_bytes(const Geometry& g, const std::vector<std::uint8_t>& buf,
                                     ElementRange r);
// The data bytes block (origin, b) must hold.
std::vector<std::uint8_t> expected_block(const Geometry& g, std::int64_t origin, std::int64_t b);

struct Identified {
  std::int64_t origin = -1;
  std::int64_t block = -1;
};
// Which block's pattern `bytes` is (the first in (origin, block) order whose pattern has the
// same length and equal bytes); nullopt when none is (poison, a mix, a shifted part).
std::optional<Identified> identify(const Geometry& g, const std::vector<std::uint8_t>& bytes);
// A short description of `bytes` for a witness: "(origin 0, block 3)", "poison (never written)"
// or "unrecognised bytes".
std::string describe(const Geometry& g, const std::vector<std::uint8_t>& bytes);

// Seed 000 Section 3: the block size F sqrt(m / ceil(log2 p)) (F = 100, the paper's factor for
// Open MPI 4.0.5) gives the broadcast's n = ceil(m / block size), at least 1; the allgather's
// n = sqrt(m ceil(log2 p)) / G (G = 40), at least 1. m in elements; p = 1 gives n = 1.
std::int64_t bcast_blocks_rule(std::int64_t m, std::int64_t p);
std::int64_t allgatherv_blocks_rule(std::int64_t m, std::int64_t p);

}  // namespace collverify::mpiexec
