// Schedules from plugins: the reference plugin reproduces the built-in construction, the faulty
// plugin differs exactly where its comment says, and broken plugins are refused with messages
// naming what is wrong. The plugin paths come from compile definitions (tests/generators).
#include "generators/external/plugin.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"
#include "tests/model/input_error_message.hpp"

namespace collverify {
namespace {

testing::AssertionResult mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) {
    return testing::AssertionSuccess();
  }
  return testing::AssertionFailure() << "message \"" << message << "\" lacks \"" << part << "\"";
}

std::string error_of(auto&& f) { return test_support::input_error_message(f); }

// (p, r, k, table) of every entry where the plugin differs from the built-in construction.
using Difference = std::tuple<std::int64_t, std::int64_t, int, std::string>;

std::vector<Difference> differences(const SchedulePlugin& plugin, std::int64_t p_max) {
  std::vector<Difference> out;
  for (std::int64_t p = 1; p <= p_max; ++p) {
    const CirculantSchedule got = plugin.build(p);
    const CirculantSchedule want = circulant::build_circulant_bcast(p);
    EXPECT_EQ(got.q, want.q);
    EXPECT_EQ(got.skips, want.skips) << "p = " << p;
    EXPECT_TRUE(got.baseblock.empty());
    for (std::int64_t r = 0; r < p; ++r) {
      for (int k = 0; k < want.q; ++k) {
        if (got.recv_at(r, k) != want.recv_at(r, k)) {
          out.emplace_back(p, r, k, "recv");
        }
        if (got.send_at(r, k) != want.send_at(r, k)) {
          out.emplace_back(p, r, k, "send");
        }
      }
    }
  }
  return out;
}

TEST(SchedulePlugin, ReferencePluginReproducesTheBuiltInConstruction) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_PLUGIN);
  EXPECT_EQ(differences(plugin, 64), std::vector<Difference>{});
}

TEST(SchedulePlugin, RankGivesTheRowsOfBuild) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_PLUGIN);
  for (const std::int64_t p : {2, 20, 33, 1000}) {
    const CirculantSchedule s = plugin.build(p);
    std::vector<std::int8_t> recv(static_cast<std::size_t>(s.q));
    std::vector<std::int8_t> send(static_cast<std::size_t>(s.q));
    for (const std::int64_t r : {std::int64_t{0}, std::int64_t{1}, p / 2, p - 1}) {
      plugin.rank(p, r, recv, send);
      EXPECT_TRUE(std::ranges::equal(recv, s.recv_row(r))) << "p = " << p << ", r = " << r;
      EXPECT_TRUE(std::ranges::equal(send, s.send_row(r))) << "p = " << p << ", r = " << r;
    }
  }
}

TEST(SchedulePlugin, OneRankNeedsNoCall) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_PLUGIN);
  const CirculantSchedule s = plugin.build(1);
  EXPECT_EQ(s.q, 0);
  EXPECT_EQ(s.skips, std::vector<std::int64_t>{1});
  EXPECT_TRUE(s.recv.empty() && s.send.empty() && s.baseblock.empty());
  plugin.rank(1, 0, {}, {});
}

TEST(SchedulePlugin, FaultyPluginDiffersExactlyWhereDocumented) {
  const SchedulePlugin plugin = SchedulePlugin::load(FAULTY_PLUGIN);
  std::vector<Difference> want;
  for (std::int64_t p = 14; p <= 64; p += 7) {
    want.emplace_back(p, 3, 1, "send");
  }
  EXPECT_EQ(differences(plugin, 64), want);
}

TEST(SchedulePlugin, MovedPluginStaysUsable) {
  SchedulePlugin a = SchedulePlugin::load(REFERENCE_PLUGIN);
  SchedulePlugin b = std::move(a);
  EXPECT_EQ(b.build(20).send, circulant::build_circulant_bcast(20).send);
  a = SchedulePlugin::load(FAULTY_PLUGIN);
  b = std::move(a);
  EXPECT_NE(b.build(14).send, circulant::build_circulant_bcast(14).send);
  EXPECT_EQ(b.path(), std::filesystem::path(FAULTY_PLUGIN));
}

TEST(SchedulePlugin, RefusesAnotherAbi) {
  const std::string m = error_of([] { SchedulePlugin::load(BADABI_PLUGIN); });
  EXPECT_TRUE(mentions(m, BADABI_PLUGIN));
  EXPECT_TRUE(mentions(m, "plugin ABI 99"));
  EXPECT_TRUE(mentions(m, "supports ABI 1"));
}

TEST(SchedulePlugin, NamesTheMissingSymbol) {
  const std::string m = error_of([] { SchedulePlugin::load(NOSYM_PLUGIN); });
  EXPECT_TRUE(mentions(m, NOSYM_PLUGIN));
  EXPECT_TRUE(mentions(m, "does not export collverify_circulant_schedule"));
}

TEST(SchedulePlugin, NamesPAndRankOfAFailedCall) {
  const SchedulePlugin plugin = SchedulePlugin::load(ERROR_PLUGIN);
  EXPECT_EQ(plugin.build(4).send, circulant::build_circulant_bcast(4).send);
  const std::string m = error_of([&] { plugin.build(5); });
  EXPECT_TRUE(mentions(m, ERROR_PLUGIN));
  EXPECT_TRUE(mentions(m, "returned -1 for p = 5, r = 2"));
  std::vector<std::int8_t> recv(3);
  std::vector<std::int8_t> send(3);
  EXPECT_TRUE(mentions(error_of([&] { plugin.rank(5, 2, recv, send); }), "p = 5, r = 2"));
  plugin.rank(5, 3, recv, send);
  EXPECT_EQ(plugin.build(6).recv, circulant::build_circulant_bcast(6).recv);
}

TEST(SchedulePlugin, RefusesMalformedOutput) {
  const SchedulePlugin plugin = SchedulePlugin::load(BAD_VALUES_PLUGIN);
  EXPECT_EQ(plugin.build(2).recv, std::vector<std::int8_t>(2, 0));
  const std::string range = error_of([&] { plugin.build(3); });
  EXPECT_TRUE(mentions(range, BAD_VALUES_PLUGIN));
  EXPECT_TRUE(mentions(range, "recv[1] = 2 for p = 3, r = 1, round k = 1"));
  EXPECT_TRUE(mentions(range, "[-q, q) = [-2, 2)"));
  EXPECT_TRUE(mentions(error_of([&] { plugin.build(4); }),
                       "left send[0] unwritten for p = 4, r = 2, round k = 0"));
  EXPECT_TRUE(mentions(error_of([&] { plugin.build(5); }),
                       "wrote past the q = 3 entries of send for p = 5, r = 3"));
}

TEST(SchedulePlugin, RefusesPAndRankOutsideTheirRanges) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_PLUGIN);
  EXPECT_TRUE(mentions(error_of([&] { plugin.build(0); }), "p = 0"));
  EXPECT_TRUE(
      mentions(error_of([&] { plugin.build(std::int64_t{1} << 62); }), "p = 4611686018427387904"));
  std::vector<std::int8_t> recv(2);
  std::vector<std::int8_t> send(2);
  EXPECT_TRUE(mentions(error_of([&] { plugin.rank(4, 4, recv, send); }), "r = 4"));
}

TEST(SchedulePlugin, NamesAPathThatCannotBeLoaded) {
  const std::string missing = "/nonexistent/collverify/libnothing.so";
  const std::string m = error_of([&] { SchedulePlugin::load(missing); });
  EXPECT_TRUE(mentions(m, "cannot load schedule plugin '" + missing + "'"));

  const auto text = std::filesystem::temp_directory_path() /
                    ("collverify_plugin_test_" + std::to_string(::getpid()) + ".so");
  std::ofstream(text) << "not a shared library\n";
  EXPECT_TRUE(mentions(error_of([&] { SchedulePlugin::load(text); }), text.string()));
  std::filesystem::remove(text);
}

// ABI 2 ----------------------------------------------------------------------------------------

template <typename F>
PluginFailure failure_of(F&& f) {
  try {
    f();
  } catch (const PluginFailure& e) {
    return e;
  }
  return PluginFailure("", 0, 0, 0, 0, "no PluginFailure thrown");
}

bool same_tables(const CirculantSchedule& a, const CirculantSchedule& b) {
  return a.p == b.p && a.q == b.q && a.skips == b.skips && a.recv == b.recv && a.send == b.send;
}

TEST(SchedulePluginV2, LoadsWithItsAbiAndRankCall) {
  const SchedulePlugin v1 = SchedulePlugin::load(REFERENCE_PLUGIN);
  EXPECT_EQ(v1.abi(), 1);
  EXPECT_TRUE(v1.has_rank_call());
  const SchedulePlugin v2 = SchedulePlugin::load(REFERENCE_V2_PLUGIN);
  EXPECT_EQ(v2.abi(), 2);
  EXPECT_TRUE(v2.has_rank_call());
  EXPECT_FALSE(SchedulePlugin::load(V2_BAD_VALUES_PLUGIN).has_rank_call());
}

TEST(SchedulePluginV2, WholePCallReproducesTheBuiltInConstruction) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_V2_PLUGIN);
  for (std::int64_t p = 1; p <= 130; ++p) {
    const CirculantSchedule got = plugin.build(p);
    const CirculantSchedule want = circulant::build_circulant_bcast_logp(p);
    EXPECT_TRUE(got.baseblock.empty());
    ASSERT_TRUE(same_tables(got, want)) << "p = " << p;
  }
}

// The fast path (one whole-p call) and its slow twin (one call per rank) give the same tables,
// for root 0 and for other roots.
TEST(SchedulePluginV2, WholePCallAgreesWithThePerRankCallForEveryRoot) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_V2_PLUGIN);
  for (std::int64_t p = 1; p <= 70; ++p) {
    for (const std::int64_t root : {std::int64_t{0}, 1 % p, p / 2, p - 1}) {
      ASSERT_TRUE(same_tables(plugin.build(p, root), plugin.build_per_rank(p, root)))
          << "p = " << p << ", root = " << root;
    }
  }
}

TEST(SchedulePluginV2, RankRWithRootGetsTheRowsOfVirtualRankRMinusRoot) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_V2_PLUGIN);
  const std::int64_t p = 37;
  const CirculantSchedule zero = plugin.build(p, 0);
  const CirculantSchedule five = plugin.build(p, 5);
  for (std::int64_t r = 0; r < p; ++r) {
    const std::int64_t v = (r - 5 + p) % p;
    EXPECT_TRUE(std::ranges::equal(five.send_row(r), zero.send_row(v))) << "r = " << r;
    EXPECT_TRUE(std::ranges::equal(five.recv_row(r), zero.recv_row(v))) << "r = " << r;
  }
  EXPECT_FALSE(same_tables(zero, five));
}

TEST(SchedulePluginV2, PerRankRebuildPluginIsTheSameGeneratorBehindAbi1) {
  const SchedulePlugin v1 = SchedulePlugin::load(PER_RANK_REBUILD_PLUGIN);
  const SchedulePlugin v2 = SchedulePlugin::load(REFERENCE_V2_PLUGIN);
  EXPECT_EQ(v1.abi(), 1);
  for (std::int64_t p = 1; p <= 60; ++p) {
    ASSERT_TRUE(same_tables(v1.build(p), v2.build(p))) << "p = " << p;
  }
}

TEST(SchedulePluginV2, Abi1PluginsAreForRootZeroOnly) {
  const SchedulePlugin plugin = SchedulePlugin::load(REFERENCE_PLUGIN);
  const std::string m = error_of([&] { plugin.build(10, 3); });
  EXPECT_TRUE(mentions(m, "implements ABI 1"));
  EXPECT_TRUE(mentions(m, "root = 3"));
  EXPECT_TRUE(mentions(error_of([&] { SchedulePlugin::load(REFERENCE_V2_PLUGIN).build(10, 10); }),
                       "root = 10 is not a rank of p = 10"));
}

TEST(SchedulePluginV2, NonZeroReturnIsAPluginFailureCarryingTheMessage) {
  const SchedulePlugin plugin = SchedulePlugin::load(V2_FAILING_PLUGIN);
  EXPECT_TRUE(same_tables(plugin.build(32), circulant::build_circulant_bcast_logp(32)));
  const PluginFailure f = failure_of([&] { plugin.build(33); });
  EXPECT_EQ(f.p, 33);
  EXPECT_EQ(f.root, 0);
  EXPECT_EQ(f.rank, -1);
  EXPECT_EQ(f.code, 3);
  EXPECT_EQ(f.text, "mycoll_bcast.c:212: assertion 'nblocks <= q' failed (p = 33)");
  EXPECT_TRUE(mentions(f.what(), V2_FAILING_PLUGIN));
  EXPECT_TRUE(mentions(f.what(), "returned 3 for p = 33: mycoll_bcast.c:212"));
  EXPECT_EQ(failure_of([&] { plugin.build(44, 2); }).root, 2);
  EXPECT_TRUE(mentions(failure_of([&] { plugin.build(44, 2); }).what(), "p = 44, root = 2"));
}

TEST(SchedulePluginV2, RefusesMalformedWholePOutput) {
  const SchedulePlugin plugin = SchedulePlugin::load(V2_BAD_VALUES_PLUGIN);
  EXPECT_EQ(plugin.build(2).recv, std::vector<std::int8_t>(2, 0));
  const std::string range = error_of([&] { plugin.build(3); });
  EXPECT_TRUE(mentions(range, V2_BAD_VALUES_PLUGIN));
  EXPECT_TRUE(mentions(range, "recv[1] = 2 for p = 3, r = 1, round k = 1"));
  EXPECT_TRUE(mentions(error_of([&] { plugin.build(4); }),
                       "left send[0] unwritten for p = 4, r = 2, round k = 0"));
  EXPECT_TRUE(mentions(error_of([&] { plugin.build(5); }),
                       "wrote past the q = 3 entries of send for the last rank, p = 5, r = 4"));
  const PluginFailure silent = failure_of([&] { plugin.build(6); });
  EXPECT_EQ(silent.code, 7);
  EXPECT_TRUE(mentions(silent.what(), "returned 7 for p = 6: (no message)"));
  // A message that fills the buffer without a NUL is cut to the buffer, never read past it.
  const PluginFailure unterminated = failure_of([&] { plugin.build(7); });
  EXPECT_EQ(unterminated.text, std::string(1023, 'x'));
  std::vector<std::int8_t> recv(3);
  std::vector<std::int8_t> send(3);
  EXPECT_TRUE(mentions(error_of([&] { plugin.rank(5, 0, 1, recv, send); }),
                       "exports no collverify_circulant_schedule_rank"));
}

TEST(SchedulePluginV2, NamesTheMissingWholePSymbol) {
  const std::string m = error_of([] { SchedulePlugin::load(V2_NOSYM_PLUGIN); });
  EXPECT_TRUE(mentions(m, V2_NOSYM_PLUGIN));
  EXPECT_TRUE(mentions(m, "does not export collverify_circulant_schedule_all"));
}

}  // namespace
}  // namespace collverify
