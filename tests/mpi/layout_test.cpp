// mpi/ without MPI: the pattern that names blocks, the block size rule, the timing sizes, the tree
// file, and the plans. The plans are executed here by an in-process twin of the MPI executor
// (mailboxes instead of MPI, same packing rule), so plan construction is checked against the
// pattern for every small p before any mpirun; a mutant schedule must be caught by it too.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <tuple>

#include "generators/mutants.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "mpi/exec_plan.hpp"
#include "mpi/layout.hpp"
#include "mpi/svg_plot.hpp"
#include "mpi/timing.hpp"
#include "mpi/tree_file.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/allgatherv.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::mpiexec {
namespace {

TEST(Layout, PatternNamesEveryBlockAndPoisonIsNoBlock) {
  const Geometry g(Element{DatatypeKind::vector}, 4, {7, 0, 9});
  std::vector<std::uint8_t> buf = poisoned_buffer(g);
  for (std::int64_t j = 0; j < 3; ++j) fill_origin(g, j, buf);
  for (std::int64_t j = 0; j < 3; ++j) {
    for (std::int64_t b = 0; b < 4; ++b) {
      const auto bytes = data_bytes(g, buf, g.block(j, b));
      EXPECT_EQ(bytes, expected_block(g, j, b));
      if (bytes.empty()) continue;
      const auto id = identify(g, bytes);
      ASSERT_TRUE(id.has_value());
      // Blocks of equal length could collide only if their hashes agree on every byte.
      EXPECT_EQ(id->origin, j);
      EXPECT_EQ(id->block, b);
    }
  }
  for (std::size_t i = 1; i < buf.size(); i += 2) EXPECT_EQ(buf[i], kGap) << i;
  const auto poison = data_bytes(g, poisoned_buffer(g), g.block(2, 1));
  EXPECT_FALSE(identify(g, poison).has_value());
  EXPECT_EQ(describe(g, poison), "poison (never written)");
}

TEST(Layout, IndivisibleCountsSpreadTheRemainder) {
  const Geometry g(Element{}, 7, {1001});
  std::int64_t total = 0;
  std::int64_t next = 0;
  for (std::int64_t b = 0; b < 7; ++b) {
    const ElementRange r = g.block(0, b);
    EXPECT_EQ(r.first, next);
    EXPECT_TRUE(r.count == 143 || r.count == 142) << r.count;
    next = r.first + r.count;
    total += r.count;
  }
  EXPECT_EQ(total, 1001);
}

TEST(Layout, BlockSizeRuleOfSection3) {
  EXPECT_EQ(bcast_blocks_rule(1 << 20, 1), 1);
  // m = 2^26, p = 16: block = 100 sqrt(2^26 / 4) = 409600, n = ceil(2^26 / 409600) = 164.
  EXPECT_EQ(bcast_blocks_rule(std::int64_t{1} << 26, 16), 164);
  EXPECT_EQ(bcast_blocks_rule(1000, 16), 1);
  // allgather: n = sqrt(m q) / 40: m = 2^20, p = 8 (q = 3): sqrt(3 * 2^20) / 40 = 44.3.
  EXPECT_EQ(allgatherv_blocks_rule(1 << 20, 8), 44);
}

TEST(Layout, TimingSizesAndBadTokens) {
  EXPECT_EQ(parse_sizes("1K..8K"), (std::vector<std::int64_t>{1024, 2048, 4096, 8192}));
  EXPECT_EQ(parse_sizes("3000,1M"), (std::vector<std::int64_t>{3000, 1 << 20}));
  for (const char* bad : {"1X", "0", "8K..1K", "", "2G"}) {
    EXPECT_THROW(parse_sizes(bad), InputError) << bad;
  }
  try {
    parse_sizes("1K..7Q");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("7Q"), std::string::npos);
  }
}

TEST(SvgPlot, OnePolylinePerSeriesWithEscapedLegend) {
  const std::string svg =
      svg_plot("a<b", {{"schedule", {{1024, 1e-5}, {4096, 4e-5}}}, {"native & co", {{1024, 2e-5}}}});
  EXPECT_EQ(svg.rfind("<svg xmlns", 0), 0u);
  EXPECT_NE(svg.find("a&lt;b"), std::string::npos);
  EXPECT_NE(svg.find("native &amp; co"), std::string::npos);
  std::size_t lines = 0;
  for (auto at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++lines;
  EXPECT_EQ(lines, 2u);
  std::size_t dots = 0;
  for (auto at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++dots;
  EXPECT_EQ(dots, 3u);
  // The smallest size sits on the left edge of the plot area, the largest on the right.
  EXPECT_NE(svg.find("points=\"70.0,"), std::string::npos) << svg;
  EXPECT_NE(svg.find("430.0,"), std::string::npos) << svg;
  EXPECT_EQ(svg, svg_plot("a<b", {{"schedule", {{1024, 1e-5}, {4096, 4e-5}}},
                                  {"native & co", {{1024, 2e-5}}}}));
  EXPECT_NE(svg_plot("empty", {}).find("no data"), std::string::npos);
}

TEST(TreeFile, ShapeRefusalsNameTheValue) {
  std::optional<std::vector<std::int64_t>> sizes;
  const GatherTree t = parse_tree_json(R"({"root":1,"sequence":[[0],[1,0,2],[2]],"sizes":[3,0,5]})",
                                       "t.json", 3, &sizes);
  EXPECT_EQ(t.root, 1);
  ASSERT_TRUE(sizes.has_value());
  EXPECT_EQ(*sizes, (std::vector<std::int64_t>{3, 0, 5}));
  const auto refused = [](const std::string& text, const std::string& needle) {
    try {
      parse_tree_json(text, "t.json", 3, nullptr);
    } catch (const InputError& e) {
      return std::string(e.what()).find(needle) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(refused(R"({"root":7,"sequence":[[0],[1],[2]]})", "7"));
  EXPECT_TRUE(refused(R"({"root":0,"sequence":[[0],[1,9],[2]]})", "9"));
  EXPECT_TRUE(refused(R"({"root":0,"sequence":[[0],[1]]})", "3 processors"));
  EXPECT_TRUE(refused(R"({"root":0})", "sequence"));
  EXPECT_TRUE(refused("not json", "not JSON"));
}

// Issue 26: the tree file goes through the input gate. 100,000-deep nesting inside "sequence" was
// a segfault, {"x":1e400} an uncaught out_of_range (abort), a FIFO hung and /dev/zero filled the
// memory; a key twice was accepted.
TEST(TreeFile, HostileFilesAreRefusedNamingTheFile) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("collverify-tree-file-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto message = [](const std::string& path) {
    try {
      read_tree_file(path, 3);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string arrays(100'000, '[');
  std::string deep_arrays = arrays;
  deep_arrays.append(100'000, ']');
  std::string deep_objects;
  for (int i = 0; i < 100'000; ++i) deep_objects += "{\"a\":[";
  deep_objects += '1';
  for (int i = 0; i < 100'000; ++i) deep_objects += "]}";
  const std::string valid = R"({"root":1,"sequence":[[0],[1,0,2],[2]])";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {deep_arrays, "deeper than 16"},
      {deep_objects, "deeper than 16"},
      {arrays, "deeper than 16"},
      {R"({"root":1,"sequence":)" + deep_arrays + "}", "deeper than 16"},
      {R"({"root":1,"sequence":[[0],[1,0,2],[2]],"x":)" + deep_objects + "}", "deeper than 16"},
      {R"({"x":1e400})", "number overflow parsing '1e400'"},
      {valid + R"(,"sizes":[1,2,1e400]})", "number overflow"},
      {R"({"root":1,"root":0,"sequence":[[0],[1,0,2],[2]]})", R"(key "root" appears twice)"},
  };
  const std::string file = (dir / "t.json").string();
  for (const auto& [text, needle] : cases) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
    const std::string m = message(file);
    EXPECT_NE(m.find("--tree-file '" + file + "'"), std::string::npos) << m;
    EXPECT_NE(m.find(needle), std::string::npos) << text.substr(0, 60) << ": " << m;
  }
  std::ofstream(file, std::ios::binary | std::ios::trunc) << valid << "}";
  EXPECT_EQ(message(file), "");
  const std::string fifo = (dir / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(message(fifo).find("it is a FIFO"), std::string::npos) << message(fifo);
  EXPECT_NE(message("/dev/zero").find("it is a character device"), std::string::npos);
  EXPECT_NE(message(dir.string()).find("it is a directory"), std::string::npos);
  fs::remove_all(dir);
}

// The in-process twin of Executor: every rank runs its plan step by step; a step's sends go to
// mailboxes at once, its receives complete when their messages are there. Returns false on a
// deadlock. Messages carry the sender's items' data bytes; the receiver unpacks them in order
// into its own items (a longer message is cut, a shorter one leaves the rest untouched).
bool run_twin(const Geometry& g, const std::vector<Plan>& plans,
              std::vector<std::vector<std::uint8_t>>& bufs) {
  const auto p = static_cast<std::int64_t>(plans.size());
  std::map<std::tuple<std::int64_t, std::int64_t, int>, std::vector<std::vector<std::uint8_t>>> box;
  std::vector<std::size_t> at(static_cast<std::size_t>(p), 0);
  std::vector<char> posted(static_cast<std::size_t>(p), 0);
  const std::int64_t per = g.element.data_bytes();
  for (bool progress = true; progress;) {
    progress = false;
    for (std::int64_t r = 0; r < p; ++r) {
      const auto ri = static_cast<std::size_t>(r);
      if (at[ri] == plans[ri].steps.size()) continue;
      const Step& step = plans[ri].steps[at[ri]];
      if (posted[ri] == 0) {
        for (const Op& op : step.ops) {
          if (!op.send) continue;
          std::vector<std::uint8_t> msg;
          for (const Item& it : op.items) {
            const auto d = data_bytes(g, bufs[ri], g.block(it.origin, it.block));
            msg.insert(msg.end(), d.begin(), d.end());
          }
          box[{r, op.peer, op.tag}].push_back(std::move(msg));
        }
        posted[ri] = 1;
        progress = true;
      }
      bool ready = true;
      std::map<std::pair<std::int64_t, int>, std::size_t> need;
      for (const Op& op : step.ops) {
        if (!op.send) ++need[{op.peer, op.tag}];
      }
      for (const auto& [key, count] : need) {
        const auto it = box.find({key.first, r, key.second});
        ready = ready && it != box.end() && it->second.size() >= count;
      }
      if (!ready) continue;
      for (const Op& op : step.ops) {
        if (op.send) continue;
        auto& queue = box[{op.peer, r, op.tag}];
        const std::vector<std::uint8_t> msg = queue.front();
        queue.erase(queue.begin());
        std::size_t pos = 0;
        for (const Item& it : op.items) {
          const ElementRange e = g.block(it.origin, it.block);
          for (std::int64_t d = 0; d < e.count * per && pos < msg.size(); ++d, ++pos) {
            const std::int64_t el = e.first + d / per;
            bufs[ri][static_cast<std::size_t>(el * g.element.extent() + g.element.offset(d % per))] =
                msg[pos];
          }
        }
      }
      ++at[ri];
      posted[ri] = 0;
      progress = true;
    }
  }
  for (std::int64_t r = 0; r < p; ++r) {
    if (at[static_cast<std::size_t>(r)] != plans[static_cast<std::size_t>(r)].steps.size()) return false;
  }
  return true;
}

// Every rank's buffer after the twin ran, all of them expected to hold every origin's pattern
// (bcast and allgather(v)); returns the number of wrong blocks.
std::int64_t wrong_blocks(const Geometry& g, const std::vector<std::vector<std::uint8_t>>& bufs) {
  std::int64_t wrong = 0;
  for (const auto& buf : bufs) {
    for (std::int64_t j = 0; j < g.origins(); ++j) {
      for (std::int64_t b = 0; b < g.n; ++b) {
        wrong += data_bytes(g, buf, g.block(j, b)) != expected_block(g, j, b) ? 1 : 0;
      }
    }
  }
  return wrong;
}

TEST(Plans, BcastPlansDeliverEveryBlockForSmallP) {
  for (std::int64_t p = 1; p <= 17; ++p) {
    for (const std::int64_t n : {1, 2, 5}) {
      for (const std::int64_t root : {std::int64_t{0}, p / 2}) {
        const Geometry g(Element{}, n, {23});
        const Schedule s = circulant::expand_bcast(circulant::build_circulant_bcast(p), n);
        std::vector<Plan> plans;
        std::vector<std::vector<std::uint8_t>> bufs;
        for (std::int64_t r = 0; r < p; ++r) {
          plans.push_back(plan_bcast(s, r, root));
          bufs.push_back(poisoned_buffer(g));
        }
        fill_origin(g, 0, bufs[static_cast<std::size_t>(root)]);
        ASSERT_TRUE(run_twin(g, plans, bufs)) << "p=" << p;
        EXPECT_EQ(wrong_blocks(g, bufs), 0) << "p=" << p << " n=" << n << " root=" << root;
      }
    }
  }
}

TEST(Plans, MutantBcastScheduleIsCaughtByTheTwin) {
  const std::int64_t p = 8;
  const std::int64_t n = 5;
  CirculantMutant m;
  m.kind = CirculantMutation::off_by_one_send;
  m.rank = 1;
  m.k1 = 1;
  m.delta = -1;
  const Geometry g(Element{}, n, {50});
  const Schedule s = circulant::expand_bcast(apply(circulant::build_circulant_bcast(p), m), n);
  std::vector<Plan> plans;
  std::vector<std::vector<std::uint8_t>> bufs;
  for (std::int64_t r = 0; r < p; ++r) {
    plans.push_back(plan_bcast(s, r, 0));
    bufs.push_back(poisoned_buffer(g));
  }
  fill_origin(g, 0, bufs[0]);
  ASSERT_TRUE(run_twin(g, plans, bufs));
  EXPECT_GT(wrong_blocks(g, bufs), 0);
}

TEST(Plans, AllgatherAndAllgathervPlansDeliverEverything) {
  for (std::int64_t p = 1; p <= 13; ++p) {
    {
      const Geometry g(Element{DatatypeKind::vector}, 1, std::vector<std::int64_t>(static_cast<std::size_t>(p), 5));
      const CollectiveSchedule s = circulant::build_allgather(p);
      std::vector<Plan> plans;
      std::vector<std::vector<std::uint8_t>> bufs;
      for (std::int64_t r = 0; r < p; ++r) {
        plans.push_back(plan_collective(s, r));
        bufs.push_back(poisoned_buffer(g));
        fill_origin(g, r, bufs.back());
      }
      ASSERT_TRUE(run_twin(g, plans, bufs));
      EXPECT_EQ(wrong_blocks(g, bufs), 0) << "allgather p=" << p;
    }
    std::vector<std::int64_t> sizes;
    for (std::int64_t r = 0; r < p; ++r) sizes.push_back((r * 7) % 5);
    const Geometry g(Element{}, 3, sizes);
    const CollectiveSchedule s = circulant::plan_allgatherv(p, 3, sizes).materialize();
    std::vector<Plan> plans;
    std::vector<std::vector<std::uint8_t>> bufs;
    for (std::int64_t r = 0; r < p; ++r) {
      plans.push_back(plan_collective(s, r));
      bufs.push_back(poisoned_buffer(g));
      fill_origin(g, r, bufs.back());
    }
    ASSERT_TRUE(run_twin(g, plans, bufs));
    EXPECT_EQ(wrong_blocks(g, bufs), 0) << "allgatherv p=" << p;
  }
}

TEST(Plans, TreesGatherToTheRootAndScatterFromIt) {
  for (std::int64_t p = 1; p <= 9; ++p) {
    std::vector<std::int64_t> sizes;
    for (std::int64_t r = 0; r < p; ++r) sizes.push_back(1 + (r * 3) % 4);
    // TWO_Gatherv needs blocks of exactly two sizes: 1 and 4 (p >= 2).
    std::vector<std::int64_t> two;
    for (std::int64_t r = 0; r < p; ++r) two.push_back(r % 3 == 1 ? 4 : 1);
    for (const char* name : {"linear", "binomial", "adaptive", "binary", "optimal", "two"}) {
      if (std::string(name) == "two") {
        if (p < 2) continue;
        sizes = two;
      }
      const std::int64_t root = p / 2;
      const GatherTree t = build_tree(name, sizes, root);
      const Geometry g(Element{}, 1, sizes);
      for (const bool gather : {true, false}) {
        std::vector<Plan> plans;
        std::vector<std::vector<std::uint8_t>> bufs;
        for (std::int64_t r = 0; r < p; ++r) {
          plans.push_back(gather ? plan_gather(t, r) : plan_scatter(t, r));
          bufs.push_back(poisoned_buffer(g));
          if (gather || r == root) {
            for (std::int64_t j = 0; j < p; ++j) {
              if (!gather || j == r) fill_origin(g, j, bufs.back());
            }
          }
        }
        ASSERT_TRUE(run_twin(g, plans, bufs)) << name << " p=" << p;
        const auto& rootbuf = bufs[static_cast<std::size_t>(root)];
        for (std::int64_t j = 0; j < p; ++j) {
          const auto& buf = gather ? rootbuf : bufs[static_cast<std::size_t>(j)];
          EXPECT_EQ(data_bytes(g, buf, g.origin(j)), expected_block(g, j, 0))
              << name << (gather ? " gather" : " scatter") << " p=" << p << " origin " << j;
        }
      }
    }
  }
}

}  // namespace
}  // namespace collverify::mpiexec
