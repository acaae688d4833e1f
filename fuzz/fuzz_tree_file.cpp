// Fuzz target: collverify-mpi's tree file (`gather|scatter --tree-file`, mpi/tree_file.hpp),
// through the input gate. The first byte chooses p (1..32). Oracle: InputError naming the
// source, or what the reader promises of an accepted file: the root and every entry of every
// list in [0, p), exactly p lists, and "sizes", when given, p entries in [0, 2^30].
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "model/error.hpp"
#include "mpi/tree_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collverify;
  if (size == 0) return 0;
  const std::int64_t p = 1 + data[0] % 32;
  const std::string text = fuzz::text_of(data + 1, size - 1);
  std::optional<std::vector<std::int64_t>> sizes;
  GatherTree tree;
  try {
    tree = mpiexec::parse_tree_json(text, "fuzz tree", p, &sizes);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind("fuzz tree", 0) == 0, "a refusal names the source");
    return 0;
  }
  FUZZ_CHECK(tree.root >= 0 && tree.root < p, "the root is a rank");
  FUZZ_CHECK(tree.p() == p, "one list per processor");
  for (const auto& row : tree.sequence) {
    for (std::int64_t v : row) FUZZ_CHECK(v >= 0 && v < p, "every entry is a rank");
  }
  if (sizes) {
    FUZZ_CHECK(static_cast<std::int64_t>(sizes->size()) == p, "one size per processor");
    for (std::int64_t s : *sizes) FUZZ_CHECK(s >= 0 && s <= (std::int64_t{1} << 30), "sizes in range");
  }
  return 0;
}
