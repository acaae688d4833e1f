// Users' schedules through the bcast family and run_range: ABI 2 plugins (whole-p, for a root
// other than 0, with an error message) and files of many p. The root mapping is shown a plugin
// with a deliberate mapping bug and must reject it, by the direct comparison with root 0 and by
// the simulation of the un-rotated tables each on its own.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "families/circulant/bcast_family.hpp"
#include "families/circulant/root_mapping.hpp"
#include "engine/run_range.hpp"
#include "families/circulant/schedule_source.hpp"
#include "generators/external/schedule_json.hpp"
#include "generators/mutants.hpp"
#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::engine {
namespace {

std::vector<std::int64_t> range(std::int64_t a, std::int64_t b) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = a; p <= b; ++p) ps.push_back(p);
  return ps;
}

RangeResult run(const Family& f, const std::vector<std::int64_t>& ps, int jobs = 2) {
  RunOptions o;
  o.jobs = jobs;
  return run_range(f, ps, o);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// root_mapping.hpp ------------------------------------------------------------------------------

TEST(RootMapping, UnrotateGivesRankVTheRowsOfRankVPlusRoot) {
  const auto t = circulant::build_circulant_bcast_logp(4);
  const auto u = unrotate(t, 1);
  EXPECT_TRUE(std::ranges::equal(u.send_row(0), t.send_row(1)));
  EXPECT_TRUE(std::ranges::equal(u.send_row(3), t.send_row(0)));
  EXPECT_TRUE(std::ranges::equal(u.recv_row(2), t.recv_row(3)));
  EXPECT_EQ(u.skips, t.skips);
  EXPECT_EQ(unrotate(t, 0).send, t.send);
}

TEST(RootMapping, ARotationByTheRootPassesAndAnyOtherIsNamed) {
  for (std::int64_t p = 3; p <= 40; ++p) {
    const auto zero = circulant::build_circulant_bcast_logp(p);
    for (std::int64_t root = 1; root < p; ++root) {
      // Rank r executes virtual rank (r - root) mod p: the right mapping.
      CirculantSchedule right = zero;
      CirculantSchedule wrong = zero;  // (r + root) mod p: the sign bug
      for (std::int64_t r = 0; r < p; ++r) {
        for (int k = 0; k < zero.q; ++k) {
          const auto at = static_cast<std::size_t>(r * zero.q + k);
          right.send[at] = static_cast<std::int8_t>(zero.send_at((r - root + p) % p, k));
          right.recv[at] = static_cast<std::int8_t>(zero.recv_at((r - root + p) % p, k));
          wrong.send[at] = static_cast<std::int8_t>(zero.send_at((r + root) % p, k));
          wrong.recv[at] = static_cast<std::int8_t>(zero.recv_at((r + root) % p, k));
        }
      }
      ASSERT_FALSE(root_mapping_violation(zero, unrotate(right, root), root))
          << "p = " << p << ", root = " << root;
      const Verdict v = root_mapping_violation(zero, unrotate(wrong, root), root);
      // The sign bug is invisible only where the two rotations coincide, 2 root = 0 mod p.
      ASSERT_EQ(v.has_value(), (2 * root) % p != 0) << "p = " << p << ", root = " << root;
      if (v) {
        EXPECT_EQ(v->property, "root_mapping");
        EXPECT_EQ(v->p, p);
        EXPECT_TRUE(contains(v->message, "for root " + std::to_string(root)));
      }
    }
  }
}

// ABI 2 plugins through the family ----------------------------------------------------------

TEST(PluginSources, WholePPluginPassesForRootZeroAndForOtherRoots) {
  for (const std::int64_t root : {0, 1, 5, 1000}) {
    const auto source = plugin_source(REFERENCE_V2_PLUGIN, root);
    const BcastFamily f(*source, {});
    const auto r = run(f, range(2, 150));
    EXPECT_EQ(r.summary.failed, 0) << "root " << root << ": "
                                   << (r.summary.violations.empty()
                                           ? ""
                                           : r.summary.violations.front().message);
    EXPECT_EQ(r.summary.checked, 149);
    EXPECT_EQ(source->root(7), root % 7);
  }
}

TEST(PluginSources, StreamedPUseThePerRankCallWithTheRoot) {
  const auto source = plugin_source(REFERENCE_V2_PLUGIN, 3);
  BcastOptions o;
  o.stream.force = true;
  o.generic_max_p = 0;
  const BcastFamily f(*source, o);
  EXPECT_EQ(run(f, range(2, 60)).summary.failed, 0);
  // Without a per-rank call a streamed p is bad input.
  const auto whole_only = plugin_source(V2_BAD_VALUES_PLUGIN);
  const BcastFamily g(*whole_only, o);
  EXPECT_THROW(run(g, {2}), InputError);
}

TEST(PluginSources, FailingPluginsMessageIsTheWitnessOfItsSmallestP) {
  const auto source = plugin_source(V2_FAILING_PLUGIN);
  const BcastFamily f(*source, {});
  for (const int jobs : {1, 2}) {
    const auto r = run(f, range(2, 100), jobs);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.summary.failed, 7);  // 33, 44, ..., 99
    ASSERT_FALSE(r.summary.violations.empty());
    const Violation& v = r.summary.violations.front();
    EXPECT_EQ(v.property, "plugin_error");
    EXPECT_EQ(v.p, 33);
    EXPECT_TRUE(contains(v.message, "returned 3 for p = 33: mycoll_bcast.c:212: assertion "
                                    "'nblocks <= q' failed (p = 33)"))
        << v.message;
  }
}

TEST(PluginSources, RootMappingBugIsCaughtWithItsSmallestP) {
  const auto source = plugin_source(V2_ROOT_BUG_PLUGIN, 3);
  const BcastFamily f(*source, {});
  const auto r = run(f, range(2, 40));
  // p = 2: root 1 and 2 root = 0 mod 2; p = 3: root 0. The bug shows first at p = 4 (root 3).
  ASSERT_FALSE(r.summary.violations.empty());
  const Violation& v = r.summary.violations.front();
  EXPECT_EQ(v.p, 4);
  EXPECT_EQ(v.property, "root_mapping");
  EXPECT_TRUE(contains(v.message, "ranks are not mapped as (r - root) mod p")) << v.message;
  // The same plugin for root 0 is the reference schedule and passes.
  const auto at_zero = plugin_source(V2_ROOT_BUG_PLUGIN, 0);
  EXPECT_EQ(run(BcastFamily(*at_zero, {}), range(2, 40)).summary.failed, 0);
}

// The simulation of the un-rotated tables catches the mapping bug without the comparison: the
// checkers alone reject every p where the bug changes the tables.
TEST(PluginSources, CheckersAloneRejectTheUnrotatedTablesOfTheMappingBug) {
  const auto source = plugin_source(V2_ROOT_BUG_PLUGIN, 3);
  for (std::int64_t p = 2; p <= 40; ++p) {
    const std::int64_t root = 3 % p;
    const bool bug_shows = (2 * root) % p != 0;
    const Verdict v = check_circulant_schedule(source->build(p), {false});
    EXPECT_EQ(v.has_value(), bug_shows) << "p = " << p;
    EXPECT_EQ(source->root_mapping(p, source->build(p)).has_value(), bug_shows) << "p = " << p;
  }
}

TEST(PluginSources, RootNeedsAnAbi2Plugin) {
  EXPECT_THROW(plugin_source(REFERENCE_PLUGIN, 2), InputError);
  EXPECT_NO_THROW(plugin_source(REFERENCE_PLUGIN, 0));
  EXPECT_THROW(plugin_source(REFERENCE_V2_PLUGIN, -1), InputError);
}

// Files of many p --------------------------------------------------------------------------

TEST(PluginSources, ManySchedulesInOneFileRunWithTheSmallestBadPAsWitness) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("collverify_plugin_sources_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream out(dir / "all.jsonl");
  for (std::int64_t p = 2; p <= 40; ++p) {
    CirculantSchedule s = circulant::build_circulant_bcast(p);
    if (p == 23 || p == 31) {
      CirculantMutant m;
      m.kind = CirculantMutation::swap_recv;
      m.rank = 5;
      m.k1 = 1;
      m.k2 = 3;
      s = apply(s, m);
    }
    out << nlohmann::json::parse(schedule_to_json(s)).dump() << "\n";
  }
  out.close();
  const auto source = file_source(dir / "all.jsonl");
  EXPECT_EQ(source->held_ps(), range(2, 40));
  EXPECT_TRUE(source->states_baseblocks());
  const BcastFamily f(*source, {});
  const auto r = run(f, source->held_ps());
  EXPECT_EQ(r.summary.checked, 39);
  EXPECT_EQ(r.summary.failed, 2);
  ASSERT_FALSE(r.summary.violations.empty());
  EXPECT_EQ(r.summary.violations.front().p, 23);
  EXPECT_EQ(r.summary.violations.front().rank, 5);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace collverify::engine
