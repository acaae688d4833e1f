// Users' per-pair gather/scatter costs (`trees --costs-file`, seed 001 Figure 5): a JSON object
// {"alpha": [[p x p]], "beta": [[p x p]], "gamma": [p]}, alpha[i][j] the latency of a message
// from i to j. T = int64 takes integers only (the exact evaluator), T = double any number >= 0.
// Every shape or value error is an InputError naming the key, the index and the value.
#pragma once

#include <cstdint>
#include <string>

#include "model/tree_cost.hpp"

namespace collverify {

template <class T>
CostModel<T> read_costs_file(const std::string& path, std::int64_t p);

}  // namespace collverify
