// Gather/scatter trees for collverify-mpi: a built-in construction of seed 001 (the trees the
// `collverify trees` command builds) or a tree file.
//
// Tree file (JSON): {"root": 1, "sequence": [[0], [1, 0, 2], [2]]} in the convention of
// model/gather_tree.hpp: sequence[v] lists the subtrees v receives from (gather) or sends to
// (scatter) in that order, with v itself once, where it copies locally. An optional "sizes"
// array gives the elements of each processor (else --dist decides). Reading checks only the
// JSON's shape (integers, p lists, entries in [0, p)); whether the tree is well formed is
// checkers/trees' question, asked before execution. Refusals are InputError naming the file,
// the key and the value.
//
// Built-in (--tree NAME): linear, binomial (oblivious), adaptive, binary, optimal, each with the
// fixed root --root, homogeneous costs alpha = 100, beta = gamma = 1 (the `trees` defaults).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/gather_tree.hpp"

namespace collverify::mpiexec {

struct TreeFile {
  GatherTree tree;
  std::optional<std::vector<std::int64_t>> sizes;
};

TreeFile read_tree_file(const std::string& path, std::int64_t p);
GatherTree parse_tree_json(const std::string& text, const std::string& source, std::int64_t p,
                           std::optional<std::vector<std::int64_t>>* sizes);

GatherTree build_tree(const std::string& name, const std::vector<std::int64_t>& sizes,
                      std::int64_t root);

}  // namespace collverify::mpiexec
