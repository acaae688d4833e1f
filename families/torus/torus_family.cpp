#include "families/torus/torus_family.hpp"

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::engine {

const char* to_string(TorusAlgo a) {
  switch (a) {
    case TorusAlgo::tadt: return "tadt";
    case TorusAlgo::hamilton: return "hamilton";
    case TorusAlgo::tiling: return "tiling";
    case TorusAlgo::diagonal: return "diagonal";
    case TorusAlgo::mesh_tadt: return "mesh-tadt";
    case TorusAlgo::kport: return "kport";
  }
  return "?";
}

std::vector<TorusAlgo> all_torus_algos() {
  return {TorusAlgo::tadt,     TorusAlgo::hamilton,  TorusAlgo::tiling,
          TorusAlgo::diagonal, TorusAlgo::mesh_tadt, TorusAlgo::kport};
}

TorusAlgo parse_torus_algo(const std::string& word) {
  for (TorusAlgo a : all_torus_algos()) {
    if (word == to_string(a)) return a;
  }
  throw InputError(fmt::format(
      "--algo '{}' is not a torus algorithm (accepted: tadt, hamilton, tiling, diagonal, mesh-tadt, kport)", word));
}

TorusFamily::TorusFamily(std::vector<TorusSides> tori) : tori_(std::move(tori)) {}

const TorusSides& TorusFamily::sides(std::int64_t p) const {
  CV_ASSERT(p >= 1 && p <= static_cast<std::int64_t>(tori_.size()), "torus index in range");
  return tori_[static_cast<std::size_t>(p - 1)];
}

std::string TorusFamily::p_range_text() const {
  return tori_.empty() ? std::string("1..1") : fmt::format("1..{}", tori_.size());
}

std::string TorusFamily::what(std::int64_t p) const {
  if (p < 1 || p > static_cast<std::int64_t>(tori_.size())) return fmt::format("torus index {}", p);
  std::int64_t n = 1;
  for (std::int64_t s : sides(p)) n *= s;
  return fmt::format("torus {} (N = {})", sides_text(sides(p)), n);
}

Coverage TorusFamily::with_torus_units(Coverage c) {
  // std::string(...), not = "...": GCC 12 at -O3 reports a false -Wrestrict on the latter.
  c.unit = std::string("torus");
  c.units = std::string("tori");
  c.unit_symbol = std::string("torus index");
  return c;
}

std::string TorusFamily::index_legend() const {
  std::string out = "p = index into the list of tori:";
  const std::size_t shown = std::min<std::size_t>(tori_.size(), 20);
  for (std::size_t i = 0; i < shown; ++i) out += fmt::format(" {} = {}{}", i + 1, sides_text(tori_[i]), i + 1 < shown ? "," : "");
  if (shown < tori_.size()) {
    out += fmt::format(", ... ({} more, the last {} = {})", tori_.size() - shown, tori_.size(),
                       sides_text(tori_.back()));
  }
  return out;
}

void TorusFamily::accept_index(std::int64_t p) const {
  if (p < 1 || p > static_cast<std::int64_t>(tori_.size())) {
    throw InputError(fmt::format("torus index {} is not in {}", p, p_range_text()));
  }
}

}  // namespace collverify::engine
