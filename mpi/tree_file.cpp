#include "mpi/tree_file.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "model/error.hpp"
#include "model/tree_cost.hpp"
#include "reference/trees/binary.hpp"
#include "reference/trees/binomial.hpp"
#include "reference/trees/linear.hpp"
#include "reference/trees/optimal.hpp"

namespace collverify::mpiexec {

namespace {

std::int64_t as_index(const nlohmann::json& v, const std::string& where, std::int64_t p) {
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= p) {
    throw InputError(fmt::format("{}: {} is not a processor in [0, {})", where, v.dump(), p));
  }
  return v.get<std::int64_t>();
}

}  // namespace

GatherTree parse_tree_json(const std::string& text, const std::string& source, std::int64_t p,
                           std::optional<std::vector<std::int64_t>>* sizes) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(fmt::format("{}: not JSON ({})", source, e.what()));
  }
  if (!j.is_object() || !j.contains("root") || !j.contains("sequence")) {
    throw InputError(fmt::format("{}: expected an object with \"root\" and \"sequence\"", source));
  }
  GatherTree tree;
  tree.root = as_index(j["root"], source + ": \"root\"", p);
  const auto& seq = j["sequence"];
  if (!seq.is_array() || static_cast<std::int64_t>(seq.size()) != p) {
    throw InputError(fmt::format("{}: \"sequence\" must list {} processors (the MPI job's size), "
                                 "got {}", source, p, seq.is_array() ? std::to_string(seq.size()) : seq.dump()));
  }
  for (std::size_t v = 0; v < seq.size(); ++v) {
    if (!seq[v].is_array()) {
      throw InputError(fmt::format("{}: \"sequence\"[{}] = {} is not a list", source, v, seq[v].dump()));
    }
    std::vector<std::int64_t> row;
    for (const auto& e : seq[v]) row.push_back(as_index(e, fmt::format("{}: \"sequence\"[{}]", source, v), p));
    tree.sequence.push_back(std::move(row));
  }
  if (sizes != nullptr && j.contains("sizes")) {
    const auto& s = j["sizes"];
    if (!s.is_array() || static_cast<std::int64_t>(s.size()) != p) {
      throw InputError(fmt::format("{}: \"sizes\" must list {} sizes", source, p));
    }
    std::vector<std::int64_t> out;
    for (const auto& e : s) {
      if (!e.is_number_integer() || e.get<std::int64_t>() < 0 || e.get<std::int64_t>() > (std::int64_t{1} << 30)) {
        throw InputError(fmt::format("{}: \"sizes\" entry {} is not in [0, 2^30]", source, e.dump()));
      }
      out.push_back(e.get<std::int64_t>());
    }
    *sizes = std::move(out);
  }
  return tree;
}

TreeFile read_tree_file(const std::string& path, std::int64_t p) {
  std::ifstream in(path);
  if (!in) throw InputError(fmt::format("--tree-file {}: cannot be read", path));
  std::stringstream ss;
  ss << in.rdbuf();
  TreeFile f;
  f.tree = parse_tree_json(ss.str(), path, p, &f.sizes);
  return f;
}

GatherTree build_tree(const std::string& name, const std::vector<std::int64_t>& sizes,
                      std::int64_t root) {
  TreeProblem<std::int64_t> problem;
  problem.m = sizes;
  problem.cost = CostModel<std::int64_t>::uniform(100, 1, 1);
  const auto mode = trees::RootMode::fixed(root);
  if (name == "linear") return trees::linear_tree(problem, mode).tree;
  if (name == "binomial") return trees::oblivious_binomial_tree(problem, mode).tree;
  if (name == "adaptive") return trees::adaptive_binomial_tree(problem, mode).tree;
  if (name == "binary") return trees::optimal_binary_tree(problem, mode).tree;
  if (name == "optimal") return trees::optimal_ordered_tree(problem, mode).tree;
  throw InputError(fmt::format("--tree {}: expected linear, binomial, adaptive, binary or optimal",
                               name));
}

}  // namespace collverify::mpiexec
