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

namespace collverify {
namespace {

testing::AssertionResult mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) {
    return testing::AssertionSuccess();
  }
  return testing::AssertionFailure() << "message \"" << message << "\" lacks \"" << part << "\"";
}

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

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

}  // namespace
}  // namespace collverify
