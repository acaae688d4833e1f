#include "engine/outcome_codec.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "model/error.hpp"

namespace collverify::engine {
namespace {

using nlohmann::json;

json opt(std::int64_t x) { return x == kNone ? json(nullptr) : json(x); }
std::int64_t opt(const json& j) { return j.is_null() ? kNone : j.get<std::int64_t>(); }

// Text as JSON without loss: a string, or {"bytes": [...]} when it is not valid UTF-8 (a
// plugin's message, a file name), which JSON text cannot hold.
json text(const std::string& s) {
  try {
    (void)json(s).dump();
    return s;
  } catch (const json::type_error&) {
    return {{"bytes", std::vector<unsigned char>(s.begin(), s.end())}};
  }
}
std::string text(const json& j) {
  if (j.is_string()) return j.get<std::string>();
  const auto b = j.at("bytes").get<std::vector<unsigned char>>();
  return {b.begin(), b.end()};
}

Status status_of(const std::string& s) {
  if (s == "pass") return Status::pass;
  if (s == "fail") return Status::fail;
  if (s == "inconclusive") return Status::inconclusive;
  throw InputError(fmt::format("outcome record: unknown status '{}'", s));
}

json excerpt_json(const ScheduleExcerpt& e) {
  json marks = json::array();
  for (const auto& m : e.marks) marks.push_back({opt(m.rank), m.round, text(m.table)});
  return {{"p", e.p},           {"q", e.q},       {"ranks", e.ranks}, {"baseblock", e.baseblock},
          {"recv", e.recv},     {"send", e.send}, {"marks", marks}};
}

ScheduleExcerpt excerpt_of(const json& j) {
  ScheduleExcerpt e;
  e.p = j.at("p").get<std::int64_t>();
  e.q = j.at("q").get<int>();
  e.ranks = j.at("ranks").get<std::vector<std::int64_t>>();
  e.baseblock = j.at("baseblock").get<std::vector<int>>();
  e.recv = j.at("recv").get<std::vector<std::vector<int>>>();
  e.send = j.at("send").get<std::vector<std::vector<int>>>();
  for (const auto& m : j.at("marks")) {
    e.marks.push_back({opt(m.at(0)), m.at(1).get<int>(), text(m.at(2))});
  }
  return e;
}

}  // namespace

std::string encode_outcome(std::int64_t p, const Outcome& o) {
  json results = json::array();
  for (const auto& r : o.instance_results) {
    results.push_back({r.p, opt(r.n), to_string(r.status), opt(r.rounds), opt(r.lower_bound)});
  }
  json violations = json::array();
  for (const auto& v : o.violations) {
    json row = {text(v.property), opt(v.p), opt(v.n), opt(v.rank), opt(v.round), opt(v.block),
                text(v.message)};
    if (v.count != kNone || v.root != kNone || v.call != kNone || !v.op.empty()) {
      row.insert(row.end(), {opt(v.count), opt(v.root), opt(v.call), text(v.op), text(v.instance)});
    }
    violations.push_back(std::move(row));
  }
  const json j = {{"version", kOutcomeCodecVersion},
                  {"p", p},
                  {"status", to_string(o.status)},
                  {"instances", o.instances},
                  {"results", results},
                  {"violations", violations},
                  {"excerpt", o.excerpt ? excerpt_json(*o.excerpt) : json(nullptr)},
                  {"complete", o.complete},
                  {"seconds", o.seconds},
                  {"data", text(o.family_data)}};
  return j.dump();  // one line: no newline inside (strings are escaped)
}

std::pair<std::int64_t, Outcome> decode_outcome(const std::string& line) {
  try {
    const json j = json::parse(line);
    const int version = j.contains("version") ? j.at("version").get<int>() : 1;
    if (version < 1 || version > kOutcomeCodecVersion) {
      throw InputError(fmt::format("outcome record of version {}: this collverify reads versions "
                                   "1..{} (a newer collverify wrote it?)",
                                   version, kOutcomeCodecVersion));
    }
    Outcome o;
    o.status = status_of(j.at("status").get<std::string>());
    o.instances = j.at("instances").get<std::int64_t>();
    for (const auto& r : j.at("results")) {
      o.instance_results.push_back({r.at(0).get<std::int64_t>(), opt(r.at(1)),
                                    status_of(r.at(2).get<std::string>()), opt(r.at(3)),
                                    opt(r.at(4))});
    }
    for (const auto& v : j.at("violations")) {
      Violation x;
      x.property = text(v.at(0));
      x.p = opt(v.at(1));
      x.n = opt(v.at(2));
      x.rank = opt(v.at(3));
      x.round = opt(v.at(4));
      x.block = opt(v.at(5));
      x.message = text(v.at(6));
      if (v.size() >= 12) {
        x.count = opt(v.at(7));
        x.root = opt(v.at(8));
        x.call = opt(v.at(9));
        x.op = text(v.at(10));
        x.instance = text(v.at(11));
      }
      o.violations.push_back(std::move(x));
    }
    if (!j.at("excerpt").is_null()) o.excerpt = excerpt_of(j.at("excerpt"));
    o.complete = j.at("complete").get<bool>();
    o.seconds = j.at("seconds").get<double>();
    if (version >= 2) o.family_data = text(j.at("data"));
    return {j.at("p").get<std::int64_t>(), std::move(o)};
  } catch (const json::exception& e) {
    throw InputError(fmt::format("outcome record is malformed ({}): {:.80}", e.what(), line));
  }
}

}  // namespace collverify::engine
