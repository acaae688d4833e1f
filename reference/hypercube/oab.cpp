#include "reference/hypercube/oab.hpp"

#include <fmt/format.h>

#include "model/error.hpp"
#include "reference/hypercube/hypercube_common.hpp"

namespace collverify::hypercube {

namespace {

void require_root(int d, std::int64_t root, const std::string& what) {
  if (root < 0 || root >= (std::int64_t{1} << d)) {
    throw InputError(fmt::format("{}: root {} is not a node of the {}-cube (0..{})", what, root, d,
                                 (std::int64_t{1} << d) - 1));
  }
}

}  // namespace

CommModel oab_comm_model(OabModel model) {
  if (model == OabModel::one_port_half_duplex) {
    return CommModel{1, Duplex::half, Switching::store_and_forward, false};
  }
  return CommModel{CommModel::kAllPorts, Duplex::full, Switching::store_and_forward, false};
}

void stream_oab(int d, std::int64_t root, network::RoutedSink& sink) {
  require_dimension(d, "oab");
  require_root(d, root, "oab");
  require_stream_size(static_cast<double>(oab_transmission_bound(d)), "oab");
  const network::Packet packet{root, 0};
  for (int k = 0; k < d; ++k) {
    sink.begin_round(k);
    const network::Direction dir = k;
    for (std::int64_t x = 0; x < (std::int64_t{1} << k); ++x) {
      sink.send(x ^ root, {&dir, 1}, {&packet, 1});
    }
    sink.end_round();
  }
}

network::RoutedSchedule oab_schedule(int d, std::int64_t root, OabModel model) {
  require_dimension(d, "oab");
  require_materialise(static_cast<double>(oab_transmission_bound(d)), "oab");
  network::RoutedSchedule s;
  s.network = hypercube_spec(d);
  s.model = oab_comm_model(model);
  s.collective = network::Collective::oab;
  s.root = root;
  CollectingSink sink(s);
  stream_oab(d, root, sink);
  return s;
}

}  // namespace collverify::hypercube
