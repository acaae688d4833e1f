// The fast routed checker (contract: routed_check.hpp; tables: routed_check_state.hpp).
#include "checkers/network/routed_check.hpp"

#include <cstring>

#include "checkers/network/routed_check_state.hpp"
#include "model/error.hpp"

namespace collverify::network {

RoutedChecker::RoutedChecker(const Network& net, const RoutedHeader& h,
                             RoutedCheckOptions options)
    : s_(new RoutedCheckState(net, h, options)) {}

RoutedChecker::~RoutedChecker() { delete s_; }

void RoutedChecker::begin_round(std::int64_t round) { s_->begin_round(round); }

void RoutedChecker::send(std::int64_t from, std::span<const Direction> hops,
                         std::span<const Packet> packets) {
  s_->send(from, hops, packets);
}

void RoutedChecker::send_hops(std::span<const SingleHop> batch) { s_->send_hops(batch); }

void RoutedChecker::end_round() { s_->end_round(); }

RoutedResult RoutedChecker::finish() {
  CV_ASSERT(!s_->finished, "finish() once");
  s_->finished = true;
  RoutedResult r;
  r.rounds = s_->rounds;
  r.lower_bound = s_->options.lower_bound;
  r.transmissions = s_->transmissions;
  r.deliveries = s_->deliveries;
  r.witness = std::move(s_->witness);
  if (!r.witness) r.witness = s_->missing();
  if (!r.witness && r.lower_bound != kNone && r.rounds < r.lower_bound) {
    RoutedWitness w;
    w.property = RoutedProperty::lower_bound;
    w.detail = r.lower_bound;
    r.witness = w;
  }
  if (r.witness && (r.witness->property == RoutedProperty::completeness ||
                    r.witness->property == RoutedProperty::lower_bound)) {
    r.witness->round = r.rounds;
    describe_witness(s_->net, *r.witness);
  }
  return r;
}

RoutedResult check_routed(const Network& net, const RoutedSchedule& s,
                          RoutedCheckOptions options) {
  RoutedChecker checker(net, header_of(s), options);
  replay(s, checker);
  return checker.finish();
}

}  // namespace collverify::network
