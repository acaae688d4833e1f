// The frame of the torus families (seed 003 and the torus part of seed 004, issue 11): one
// Family per algorithm over a list of torus side-vectors (generators/torus_sides.hpp). The
// engine's "p" is the 1-based index of a torus in that list (p ranges start at 1; reports name
// the sides: what(p), and the coverage lists index -> sides).
//
// Adding an algorithm: derive from TorusFamily in families/torus/torus_<name>_family.{hpp,cpp},
// and give make_torus_family (torus_algorithms.cpp) one case (two lines). tadt derives from
// TorusFamily directly (torus_tadt_family.hpp); hamilton (ParallelHamilCycleAAB,
// torus_hamilton_family.*) and tiling / diagonal (wormhole broadcast, torus_wormhole_family.*)
// are Families of their own indexed from 0, given the TorusFamily face by an adapter in
// torus_algorithms.cpp. This frame includes none of them (no include cycle).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/family.hpp"
#include "generators/torus_sides.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::engine {

// mesh_tadt ("mesh-tadt"): the sides taken as a mesh (issue 23); kport: Lemma 8 for every k.
enum class TorusAlgo { tadt, hamilton, tiling, diagonal, mesh_tadt, kport };

const char* to_string(TorusAlgo a);
std::vector<TorusAlgo> all_torus_algos();
// "tadt", "hamilton", "tiling", "diagonal"; InputError naming the word otherwise.
TorusAlgo parse_torus_algo(const std::string& word);

class TorusFamily : public Family {
 public:
  explicit TorusFamily(std::vector<TorusSides> tori);
  const std::vector<TorusSides>& tori() const { return tori_; }
  // The torus of index p (CV_ASSERT: p in range; accept() names a bad p first).
  const TorusSides& sides(std::int64_t p) const;
  // "1..n": the engine's range for the whole list.
  std::string p_range_text() const;
  // "torus 5x5 (N = 25)".
  std::string what(std::int64_t p) const override;

  // The algorithm on one torus, for `schedule torus`: the routed schedule's header (no rounds)
  // and its stream; InputError (exit 2) when the algorithm has nothing for these sides.
  virtual network::RoutedSchedule header(const TorusSides& sides) const = 0;
  virtual void stream(const TorusSides& sides, network::RoutedSink& sink) const = 0;
  // The lower bound the algorithm's rounds are held against.
  virtual std::int64_t round_bound(const TorusSides& sides) const = 0;

  // Names p the index into the list of tori in a report's words ("not checked: 3 tori (torus
  // index = 57..59)"), where a processor count would be meant otherwise.
  static Coverage with_torus_units(Coverage c);

 protected:
  // "p = index into the list: 1 = 3x3, 2 = 5x5, ..." (the first 20, then how many more).
  std::string index_legend() const;
  // Throws InputError naming p when it is not an index of the list.
  void accept_index(std::int64_t p) const;

 private:
  std::vector<TorusSides> tori_;
};

}  // namespace collverify::engine
