#include "mpi/layout.hpp"

#include <cmath>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::mpiexec {

DatatypeKind parse_datatype(const std::string& text) {
  if (text == "contiguous") return DatatypeKind::contiguous;
  if (text == "vector") return DatatypeKind::vector;
  throw InputError(fmt::format("--datatype {}: expected contiguous or vector", text));
}

const char* to_string(DatatypeKind k) {
  return k == DatatypeKind::contiguous ? "contiguous" : "vector";
}

std::uint8_t pattern_byte(std::int64_t origin, std::int64_t block, std::int64_t d) {
  std::uint64_t z = (static_cast<std::uint64_t>(origin) << 44) ^
                    (static_cast<std::uint64_t>(block) << 24) ^ static_cast<std::uint64_t>(d);
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<std::uint8_t>(z);
}

Geometry::Geometry(Element e, std::int64_t blocks, std::vector<std::int64_t> origin_sizes)
    : element(e), n(blocks), sizes(std::move(origin_sizes)) {
  CV_ASSERT(n >= 1, "at least one block");
  std::int64_t at = 0;
  for (const std::int64_t s : sizes) {
    CV_ASSERT(s >= 0, "sizes are non-negative");
    displs.push_back(at);
    at = checked_add(at, s, "the buffer's elements");
  }
}

std::int64_t Geometry::total_elements() const {
  return sizes.empty() ? 0 : displs.back() + sizes.back();
}

ElementRange Geometry::block(std::int64_t origin_index, std::int64_t b) const {
  const auto [lo, hi] = block_extent(sizes[static_cast<std::size_t>(origin_index)], n, b);
  return {displs[static_cast<std::size_t>(origin_index)] + lo, hi - lo};
}

std::vector<std::uint8_t> poisoned_buffer(const Geometry& g) {
  std::vector<std::uint8_t> buf(static_cast<std::size_t>(g.buffer_bytes()), kGap);
  const std::int64_t ext = g.element.extent();
  for (std::int64_t e = 0; e < g.total_elements(); ++e) {
    for (std::int64_t s = 0; s < g.element.data_bytes(); ++s) {
      buf[static_cast<std::size_t>(e * ext + g.element.offset(s))] = kPoison;
    }
  }
  return buf;
}

void fill_origin(const Geometry& g, std::int64_t origin, std::vector<std::uint8_t>& buf) {
  const std::int64_t ext = g.element.extent();
  const std::int64_t per = g.element.data_bytes();
  for (std::int64_t b = 0; b < g.n; ++b) {
    const ElementRange r = g.block(origin, b);
    for (std::int64_t e = 0; e < r.count; ++e) {
      for (std::int64_t s = 0; s < per; ++s) {
        buf[static_cast<std::size_t>((r.first + e) * ext + g.element.offset(s))] =
            pattern_byte(origin, b, e * per + s);
      }
    }
  }
}

std::vector<std::uint8_t> data_bytes(const Geometry& g, const std::vector<std::uint8_t>& buf,
                                     ElementRange r) {
  std::vector<std::uint8_t> out;
  out.reserve(static_cast<std::size_t>(r.count * g.element.data_bytes()));
  for (std::int64_t e = r.first; e < r.first + r.count; ++e) {
    for (std::int64_t s = 0; s < g.element.data_bytes(); ++s) {
      out.push_back(buf[static_cast<std::size_t>(e * g.element.extent() + g.element.offset(s))]);
    }
  }
  return out;
}

std::vector<std::uint8_t> expected_block(const Geometry& g, std::int64_t origin, std::int64_t b) {
  const std::int64_t len = g.block(origin, b).count * g.element.data_bytes();
  std::vector<std::uint8_t> out(static_cast<std::size_t>(len));
  for (std::int64_t d = 0; d < len; ++d) out[static_cast<std::size_t>(d)] = pattern_byte(origin, b, d);
  return out;
}

std::optional<Identified> identify(const Geometry& g, const std::vector<std::uint8_t>& bytes) {
  if (bytes.empty()) return std::nullopt;
  const auto len = static_cast<std::int64_t>(bytes.size());
  for (std::int64_t j = 0; j < g.origins(); ++j) {
    for (std::int64_t b = 0; b < g.n; ++b) {
      if (g.block(j, b).count * g.element.data_bytes() != len) continue;
      bool same = true;
      for (std::int64_t d = 0; d < len && same; ++d) {
        same = bytes[static_cast<std::size_t>(d)] == pattern_byte(j, b, d);
      }
      if (same) return Identified{j, b};
    }
  }
  return std::nullopt;
}

std::string describe(const Geometry& g, const std::vector<std::uint8_t>& bytes) {
  if (const auto id = identify(g, bytes)) {
    return fmt::format("the bytes of (origin {}, block {})", id->origin, id->block);
  }
  bool poison = !bytes.empty();
  for (const std::uint8_t v : bytes) poison = poison && v == kPoison;
  if (poison) return "poison (never written)";
  return "unrecognised bytes (a mix, a part or a shifted block)";
}

std::int64_t bcast_blocks_rule(std::int64_t m, std::int64_t p) {
  const int q = ceil_log2(p);
  if (q == 0 || m <= 1) return 1;
  const double block = 100.0 * std::sqrt(static_cast<double>(m) / q);
  const auto n = static_cast<std::int64_t>(std::ceil(static_cast<double>(m) / block));
  return n < 1 ? 1 : n;
}

std::int64_t allgatherv_blocks_rule(std::int64_t m, std::int64_t p) {
  const int q = ceil_log2(p);
  if (q == 0 || m <= 1) return 1;
  const auto n = static_cast<std::int64_t>(std::sqrt(static_cast<double>(m) * q) / 40.0);
  return n < 1 ? 1 : n;
}

}  // namespace collverify::mpiexec
