// The torus algorithms behind one face (torus_algorithms.hpp): the factory of `verify torus` and
// `schedule torus`, and the size guard of `schedule torus`.
#include "families/torus/torus_algorithms.hpp"

#include <functional>

#include <fmt/format.h>

#include "families/torus/torus_hamilton_family.hpp"
#include "families/torus/torus_kport_family.hpp"
#include "families/torus/torus_mesh_family.hpp"
#include "families/torus/torus_tadt_family.hpp"
#include "families/torus/torus_wormhole_family.hpp"
#include "generators/torus_sides.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "model/network/network.hpp"
#include "reference/torus/wormhole_broadcast.hpp"

namespace collverify::engine {

namespace {

// The cycle and wormhole families (families/torus/torus_hamilton_family.hpp, torus_wormhole_family.hpp)
// index their list from 0 and materialise one size's schedule; this adapter gives them the
// TorusFamily face `verify torus` and `schedule torus` use: p = 1..n is their index p - 1, the
// schedule is replayed from the materialised one.
class TorusAdapter final : public TorusFamily {
 public:
  using Schedule = std::function<network::RoutedSchedule(const TorusSides&)>;
  using Bound = std::function<std::int64_t(const TorusSides&)>;
  // A family whose schedule is too large to materialise streams it instead (header + rounds).
  using Header = std::function<network::RoutedSchedule(const TorusSides&)>;
  using Stream = std::function<void(const TorusSides&, network::RoutedSink&)>;
  TorusAdapter(std::vector<TorusSides> tori, std::unique_ptr<Family> inner, Schedule schedule, Bound bound,
               Header header = {}, Stream stream = {})
      : TorusFamily(tori), inner_(std::move(inner)), schedule_(std::move(schedule)), bound_(std::move(bound)),
        header_(std::move(header)), stream_(std::move(stream)) {}
  std::string name() const override { return inner_->name(); }
  Coverage coverage() const override { return with_torus_units(inner_->coverage()); }
  void accept(std::int64_t p) const override {
    accept_index(p);
    inner_->accept(p - 1);
  }
  double cost(std::int64_t p) const override { return inner_->cost(p - 1); }
  std::int64_t bytes(std::int64_t p, int jobs) const override { return inner_->bytes(p - 1, jobs); }
  Outcome check(std::int64_t p, const CheckContext& context) const override {
    Outcome o = inner_->check(p - 1, context);
    for (Violation& v : o.violations) {
      if (v.p == p - 1) v.p = p;
    }
    return o;
  }
  // The inner family reads the cases and outcomes by its own index: shift them for the call.
  void finish(ConstructionSummary& summary, const std::vector<Finished>& finished) const override {
    std::vector<Finished> inner = finished;
    for (Finished& f : inner) f.p -= 1;
    for (CaseResult& c : summary.cases) c.p -= 1;
    inner_->finish(summary, inner);
    for (CaseResult& c : summary.cases) c.p += 1;
  }
  network::RoutedSchedule header(const TorusSides& sides) const override {
    if (header_) return header_(sides);
    network::RoutedSchedule h = schedule_(sides);
    h.rounds.clear();
    return h;
  }
  void stream(const TorusSides& sides, network::RoutedSink& sink) const override {
    if (stream_) return stream_(sides, sink);
    network::replay(schedule_(sides), sink);
  }
  std::int64_t round_bound(const TorusSides& sides) const override { return bound_(sides); }

 private:
  std::unique_ptr<Family> inner_;
  Schedule schedule_;
  Bound bound_;
  Header header_;
  Stream stream_;
};

}  // namespace

std::unique_ptr<TorusFamily> make_torus_family(TorusAlgo algo, std::vector<TorusSides> tori, std::int64_t ports) {
  switch (algo) {
    case TorusAlgo::tadt: return std::make_unique<TorusTadtFamily>(std::move(tori));
    case TorusAlgo::mesh_tadt: return std::make_unique<TorusMeshTadtFamily>(std::move(tori));
    case TorusAlgo::kport: return std::make_unique<TorusKportFamily>(std::move(tori), ports);
    case TorusAlgo::hamilton:
      return std::make_unique<TorusAdapter>(
          tori, std::make_unique<TorusHamiltonFamily>(tori),
          [](const TorusSides& s) { return torus_hamilton_schedule(s); },
          [](const TorusSides& s) { return torus_aab_bound(s); },
          [](const TorusSides& s) { return torus_hamilton_header(s); },
          [](const TorusSides& s, network::RoutedSink& sink) { stream_torus_hamilton(s, sink); });
    case TorusAlgo::tiling:
    case TorusAlgo::diagonal: {
      const TorusWormholeAlgo w =
          algo == TorusAlgo::tiling ? TorusWormholeAlgo::tiling : TorusWormholeAlgo::diagonal;
      return std::make_unique<TorusAdapter>(
          tori, std::make_unique<TorusWormholeFamily>(w, tori),
          [w](const TorusSides& s) { return torus_wormhole_schedule(w, s); },
          [](const TorusSides& s) { return torus::log5_bound(torus_nodes(s)); });
    }
  }
  throw InputError(fmt::format("--algo {}: unknown", to_string(algo)));
}

std::int64_t torus_schedule_transmissions(TorusAlgo algo, const TorusSides& sides) {
  const std::string what = "torus " + sides_text(sides);
  const std::int64_t N = torus_nodes(sides);
  switch (algo) {
    case TorusAlgo::tadt:
    case TorusAlgo::mesh_tadt:
    case TorusAlgo::kport:
      return checked_mul(N, N - 1, what);
    case TorusAlgo::hamilton:
      return checked_mul(checked_mul(static_cast<std::int64_t>(sides.size()), N, what), N - 1,
                         what);
    case TorusAlgo::tiling:
    case TorusAlgo::diagonal:
      return N - 1;
  }
  return 0;
}

void require_torus_schedule_fits(TorusAlgo algo, const TorusSides& sides, const std::string& format,
                                 const TorusFamily& family) {
  const std::string what =
      fmt::format("schedule torus --algo {} --sides {}", to_string(algo), sides_text(sides));
  const std::int64_t N = torus_nodes(sides);
  if (format == "svg") {
    if (algo == TorusAlgo::mesh_tadt || algo == TorusAlgo::kport) {
      throw InputError(fmt::format("{}: no picture for {} (use --format table or json)", what, to_string(algo)));
    }
    if (N > kMaxSvgNodes) {
      throw InputError(
          fmt::format("{}: an SVG of N = {} nodes is refused (at most {} nodes are "
                      "drawn)",
                      what, N, kMaxSvgNodes));
    }
  } else {
    const std::int64_t t = torus_schedule_transmissions(algo, sides);
    if (t > kMaxScheduleTransmissions) {
      throw InputError(fmt::format(
          "{}: the {} would print {} transmissions (about {} GB, hours of output); at most {} "
          "are printed: choose smaller sides, or `verify torus`, which checks it without "
          "printing",
          what, format, t, t / 1'000'000'000 * 30, kMaxScheduleTransmissions));
    }
  }
  const auto dims = static_cast<std::int64_t>(sides.size());
  std::int64_t bytes = 0;
  if (algo == TorusAlgo::tiling || algo == TorusAlgo::diagonal || algo == TorusAlgo::mesh_tadt) {
    family.accept(1);
    bytes = family.bytes(1, 1);
  } else {
    bytes = checked_add(network::Network::memory_estimate({network::NetworkKind::torus, sides}),
                        checked_mul(checked_mul(N, dims, what), 128, what), what);
  }
  require_memory(bytes, what);
}

}  // namespace collverify::engine
