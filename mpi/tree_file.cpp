#include "mpi/tree_file.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "generators/external/json_gate.hpp"
#include "model/error.hpp"
#include "model/tree_cost.hpp"
#include "reference/trees/binary.hpp"
#include "reference/trees/binomial.hpp"
#include "reference/trees/linear.hpp"
#include "reference/trees/optimal.hpp"
#include "reference/trees/two_size.hpp"

namespace collverify::mpiexec {

namespace {

constexpr int kMaxTreeFileDepth = 16;

std::int64_t as_index(const nlohmann::json& v, const std::string& where, std::int64_t p) {
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= p) {
    throw InputError(fmt::format("{}: {} is not a processor in [0, {})", where, v.dump(), p));
  }
  return v.get<std::int64_t>();
}

}  // namespace

GatherTree parse_tree_json(const std::string& text, const std::string& source, std::int64_t p,
                           std::optional<std::vector<std::int64_t>>* sizes) {
  // The input gate (json_gate.hpp): 100,000-deep nesting was a segfault, {"x":1e400} an
  // uncaught out_of_range (issue 26). A tree file nests 3 deep.
  nlohmann::json j;
  try {
    j = parse_gated_json(text, source, kMaxTreeFileDepth);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{} (not JSON a tree file may hold)", e.what()));
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

// Regular files only (a FIFO hung, /dev/zero filled the memory), at most 1 GiB, the DOM's memory
// (about 24 bytes per byte of text) refused up front.
TreeFile read_tree_file(const std::string& path, std::int64_t p) {
  const std::string text =
      read_gated_file(path, "--tree-file", {kMaxTreeFileDepth, std::int64_t{1} << 30, 24});
  TreeFile f;
  f.tree = parse_tree_json(text, fmt::format("--tree-file '{}'", path), p, &f.sizes);
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
  // TWO_Gatherv / TWO_Scatterv (Section 5.2): blocks of exactly two sizes, else InputError.
  if (name == "two") return trees::two_gatherv_tree(problem, mode).tree;
  throw InputError(fmt::format(
      "--tree {}: expected linear, binomial, adaptive, binary, optimal or two", name));
}

}  // namespace collverify::mpiexec
