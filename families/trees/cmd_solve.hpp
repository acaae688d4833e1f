// Registers `solve nonordered|kported|mbt` (cmd_solve.cpp) and `reduce partition`
// (cmd_reduce.cpp): seed 001, Sections 3-4, exact solving of NP-hard tree instances with the
// subset DP and Z3. The solvers and their cross-checks live in families/trees/solve_checks.hpp; these
// files parse flags and print JSON. The helpers below are shared by the two files.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "families/common/command.hpp"
#include "families/trees/solve_checks.hpp"

namespace collverify::cli {

void register_solve_commands(const CommandTree& tree);   // also registers `reduce`
void register_reduce_commands(const CommandTree& tree);

// --solver: z3, subset-dp or both.
engine::TreeSolvers parse_tree_solvers(const std::string& text);
// --leaf-copy: free (the paper's, the default) or paid.
trees::LeafCopy parse_leaf_copy(const std::string& text);
// --rlimit: 1..kMaxRlimit Z3 resource units per solver call.
std::uint64_t parse_rlimit(const std::string& text);

nlohmann::json tree_json(const GatherTree& t);
// {"solvers": {...}, "problems", "optimum", "tree", "verdict"} of one non-ordered solve.
nlohmann::json nonordered_json(const engine::NonorderedResult& r, std::uint64_t rlimit);

}  // namespace collverify::cli
