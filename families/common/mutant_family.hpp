// A family's own checks shown a broken copy of its construction, through the engine (the
// contract every family keeps, tests/families/contract_test.cpp): name, coverage, accept, cost
// and bytes are the base family's; check(p) returns what `judge(p)` finds, the violations the
// family's checkers report on a mutant (generators/*_mutants.hpp) of its construction for p.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/family.hpp"

namespace collverify::families {

class MutantFamily final : public engine::Family {
 public:
  using Judge = std::function<std::vector<Violation>(std::int64_t p)>;
  MutantFamily(std::shared_ptr<const engine::Family> base, Judge judge)
      : base_(std::move(base)), judge_(std::move(judge)) {}
  std::string name() const override { return base_->name() + " (mutant)"; }
  Coverage coverage() const override { return base_->coverage(); }
  void accept(std::int64_t p) const override { base_->accept(p); }
  double cost(std::int64_t p) const override { return base_->cost(p); }
  std::int64_t bytes(std::int64_t p, int jobs) const override { return base_->bytes(p, jobs); }
  engine::Outcome check(std::int64_t p, const engine::CheckContext& context) const override {
    engine::Outcome o;
    if (context.stop != nullptr && context.stop->load()) {
      o.complete = false;
      return o;
    }
    o.violations = judge_(p);
    for (Violation& v : o.violations) {
      if (v.p == kNone) v.p = p;
    }
    o.instances = 1;
    o.status = o.violations.empty() ? Status::pass : Status::fail;
    return o;
  }

 private:
  std::shared_ptr<const engine::Family> base_;
  Judge judge_;
};

}  // namespace collverify::families
