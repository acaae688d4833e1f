#include "generators/external/costs_file.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <limits>
#include <string>
#include <type_traits>

#include "generators/external/json_gate.hpp"
#include "generators/external/json_input.hpp"
#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify {

using json = nlohmann::json;

namespace {

template <class T>
T json_cost(const json& v, const std::string& what) {
  if (!v.is_number() || v.get<double>() < 0) {
    throw InputError(fmt::format("{} = {} is not a number >= 0", what, v.dump()));
  }
  if constexpr (std::is_same_v<T, std::int64_t>) {
    if (!v.is_number_integer())
      throw InputError(fmt::format("{} = {} is not an integer", what, v.dump()));
    return v.get<std::int64_t>();
  } else {
    return v.get<double>();
  }
}

}  // namespace

// {"alpha": [[p x p]], "beta": [[p x p]], "gamma": [p]}: alpha[i][j] for a message i -> j.
template <class T>
CostModel<T> costs_from_json(const json& j, std::int64_t p) {
  if (!j.is_object()) {
    throw InputError(fmt::format("--costs-file: the top level must be a JSON object with "
                                 "\"alpha\", \"beta\" and \"gamma\", got {}",
                                 j.type_name()));
  }
  CostModel<T> c;
  c.p = p;
  for (const char* key : {"alpha", "beta"}) {
    const json& mtx = j.value(key, json());
    if (!mtx.is_array() || static_cast<std::int64_t>(mtx.size()) != p) {
      throw InputError(
          fmt::format("--costs-file: '{}' must be a {} x {} matrix (p = {}), got {}", key, p, p, p,
                      mtx.is_array() ? std::to_string(mtx.size()) + " rows" : mtx.type_name()));
    }
    for (std::int64_t i = 0; i < p; ++i) {
      const json& row = mtx[static_cast<std::size_t>(i)];
      if (!row.is_array() || static_cast<std::int64_t>(row.size()) != p) {
        throw InputError(fmt::format("--costs-file: '{}' row {} must have {} entries", key, i, p));
      }
      for (std::int64_t x = 0; x < p; ++x) {
        const T v =
            json_cost<T>(row[static_cast<std::size_t>(x)], fmt::format("{}[{}][{}]", key, i, x));
        (std::string(key) == "alpha" ? c.alpha_ij : c.beta_ij).push_back(v);
      }
    }
  }
  const json& g = j.value("gamma", json());
  if (!g.is_array() || static_cast<std::int64_t>(g.size()) != p) {
    throw InputError(
        fmt::format("--costs-file: 'gamma' must be a list of {} numbers (p = {})", p, p));
  }
  for (std::int64_t i = 0; i < p; ++i) {
    c.gamma_i.push_back(json_cost<T>(g[static_cast<std::size_t>(i)], fmt::format("gamma[{}]", i)));
  }
  return c;
}

// Regular files only; the DOM's memory (about 24 bytes per byte of text) is refused up front
// with the estimate, nesting beyond 64 levels before the DOM is built, and every nlohmann
// exception is bad input naming the file (a deeply nested file once ended in terminate()).
template <class T>
CostModel<T> read_costs_file(const std::string& path, std::int64_t p) {
  constexpr int kMaxDepth = 64;
  const std::string text =
      read_gated_file(path, "--costs-file", {kMaxDepth, std::int64_t{1} << 30, 24});
  const std::string source = fmt::format("--costs-file '{}'", path);
  require_json_depth(text, kMaxDepth, source, "costs object", 3);
  const json doc = parse_gated_json(text, source, kMaxDepth);
  try {
    return costs_from_json<T>(doc, p);
  } catch (const json::exception& e) {
    throw InputError(fmt::format("--costs-file '{}' is not a valid costs object: {}", path,
                                 e.what()));
  }
}

template CostModel<std::int64_t> read_costs_file(const std::string&, std::int64_t);
template CostModel<double> read_costs_file(const std::string&, std::int64_t);

}  // namespace collverify
