// `verify allgather | census | allgatherv`: the multi-origin collectives of seed 000.
#include "families/circulant/cmd_collectives.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "families/circulant/collective_family.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"

namespace collverify::cli {
namespace {

using engine::Collective;
using engine::collective_name;

struct CollectiveArgs {
  Collective what = Collective::allgather;
  CommonVerifyArgs common;
  std::string blocks = BlockCounts::kDefault;
  std::string sizes = SizeDistribution::kDefault;
  std::string transcription = "corrected";
};

circulant::AllgathervReadings parse_readings(const std::string& t) {
  if (t == "corrected") return {};
  if (t == "literal") return circulant::AllgathervReadings::literal();
  if (t == "literal-dummy-rounds") {
    return {circulant::Transcription::literal, circulant::Transcription::corrected};
  }
  if (t == "literal-root-slot") {
    return {circulant::Transcription::corrected, circulant::Transcription::literal};
  }
  throw InputError("--transcription '" + t +
                   "' is not one of: corrected, literal, literal-dummy-rounds, literal-root-slot");
}

int run_verify(const CollectiveArgs& a, const CommandContext& ctx) {
  if (a.common.p.empty()) throw InputError("--p RANGE is required (e.g. --p 1..200)");
  engine::CollectiveOptions o;
  o.what = a.what;
  o.blocks = BlockCounts::parse(a.blocks);
  o.sizes = SizeDistribution::parse(a.sizes);
  o.readings = parse_readings(a.transcription);
  const PRange range = PRange::parse(a.common.p);
  // A list is cycled over the ranks of each p (a range has many p); entries beyond the largest p
  // would be used by none (issue 26).
  if (o.sizes.list_length() > static_cast<std::size_t>(std::min<std::int64_t>(range.max(), 1 << 30))) {
    throw InputError(fmt::format("--sizes {}: the list has {} entries but the largest p of --p {} "
                                 "is {}; entries beyond it would be used by no p",
                                 a.sizes, o.sizes.list_length(), a.common.p, range.max()));
  }
  const RunOutput out = prepare_run_output(a.common);
  return verify_family(engine::CollectiveFamily(o), range, a.common, out, ctx);
}

void add_verify(const CommandTree& tree, Collective what, const char* help) {
  auto a = std::make_shared<CollectiveArgs>();
  a->what = what;
  auto* sub = tree.verify->add_subcommand(collective_name(what), help);
  add_common_verify_flags(sub, a->common);
  if (what == Collective::allgatherv) {
    sub->add_option("--blocks", a->blocks, "block counts n per p, e.g. 1,2,q,q+1,2q+1,3q+2")
        ->type_name(value::kTerms);
    sub->add_option("--sizes", a->sizes,
                    "elements per rank: uniform:K, random:MAX:SEED (default random:8:1), "
                    "list:A,B,..., zeros-except-root:K, paper:M")
        ->type_name(value::kDist);
    sub->add_option("--transcription", a->transcription,
                    "Algorithm 9 reading: corrected (default), literal, literal-dummy-rounds, "
                    "literal-root-slot (docs/ERRATA.md)")
        ->type_name(value::kName);
  }
  tree.commands->push_back({sub, [a](const CommandContext& ctx) { return run_verify(*a, ctx); }, true});
}

ConstructionSummary campaign_part(const CampaignOptions& c, bool& complete, Collective what,
                                  const char* quick_range, const char* full_range) {
  const char* range = c.quick ? quick_range : full_range;
  std::fprintf(
      stderr, "campaign: %s for p = %s, data-level simulation%s\n", collective_name(what), range,
      what == Collective::allgatherv ? " (n in 1,2,q,q+1,2q+1,3q+2; sizes random:8:1)" : "");
  engine::CollectiveOptions o;
  o.what = what;
  return run_campaign_family(engine::CollectiveFamily(o), PRange::parse(range), c, complete);
}

}  // namespace

void register_collective_commands(const CommandTree& tree) {
  add_verify(tree, Collective::allgather, "regular allgather, Algorithm 7 (seed 000)");
  add_verify(tree, Collective::census, "census (all-reduce), Algorithm 8 (seed 000)");
  add_verify(tree, Collective::allgatherv, "irregular n-block allgather, Algorithm 9 (seed 000)");
}

ConstructionSummary campaign_allgather(const CampaignOptions& c, bool& complete) {
  return campaign_part(c, complete, Collective::allgather, "1..256", "1..1024");
}

ConstructionSummary campaign_census(const CampaignOptions& c, bool& complete) {
  return campaign_part(c, complete, Collective::census, "1..256", "1..1024");
}

ConstructionSummary campaign_allgatherv(const CampaignOptions& c, bool& complete) {
  return campaign_part(c, complete, Collective::allgatherv, "1..64", "1..160,256,1000,1024");
}

}  // namespace collverify::cli
