// The Boost.Graph side of a Network (model/network/network.hpp): an adjacency_list<vecS, vecS,
// bidirectionalS> over the nodes 0..N-1 with one edge per arc, labelled with its Direction.
// Include this only where Boost.Graph's algorithms run on the network (its headers are heavy).
#pragma once

#include <boost/graph/adjacency_list.hpp>

#include "model/network/network.hpp"

namespace collverify::network {

struct ArcLabel {
  Direction direction = 0;
};

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS,
                                    boost::no_property, ArcLabel>;

struct NetworkGraph {
  Graph g;
};

}  // namespace collverify::network
