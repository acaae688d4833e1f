// stream_schedule_json: one pass of nlohmann's SAX parser over a schedule object, writing the
// entries of "recv" and "send" straight into int8 tables. Keys may come in any order, so the
// tables grow as rows arrive and are checked against p and q at the end. Anything unusual (a
// wrong type, an entry outside int8, rows of different lengths, a repeated key) stops the
// stream with a short problem; the caller then asks the DOM reader for the precise message.
// Memory: the tables, at most one byte per two bytes of text, doubled while a vector grows.
#include "generators/external/schedule_json_stream.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "generators/external/json_gate.hpp"
#include "model/int_math.hpp"

namespace collverify {

namespace {

using json = nlohmann::json;

class Handler : public nlohmann::json_sax<json> {
 public:
  StreamedSchedule result;

  bool null() override { return scalar(); }
  bool boolean(bool) override { return scalar(); }
  bool number_float(number_float_t, const string_t&) override { return scalar(); }
  bool string(string_t&) override { return scalar(); }
  bool binary(binary_t&) override { return scalar(); }
  bool number_unsigned(number_unsigned_t v) override {
    if (v > static_cast<number_unsigned_t>(std::numeric_limits<std::int64_t>::max())) {
      return interesting() ? stop("an integer beyond int64") : true;
    }
    return integer(static_cast<std::int64_t>(v));
  }
  bool number_integer(number_integer_t v) override { return integer(v); }

  bool start_object(std::size_t) override {
    if (!push(true)) return false;
    if (depth_ == 1) return true;
    return interesting() ? stop("an object where a number or array belongs") : true;
  }
  bool end_object() override {
    gate_.close();
    --depth_;
    return true;
  }
  bool key(string_t& k) override {
    if (!gate_.key(k)) return refuse();
    if (depth_ != 1) return true;
    key_ = Key::other;
    for (auto [name, which] : {std::pair{"p", Key::p}, std::pair{"q", Key::q},
                               std::pair{"skips", Key::skips}, std::pair{"baseblock", Key::baseblock},
                               std::pair{"recv", Key::recv}, std::pair{"send", Key::send}}) {
      if (k == name) key_ = which;
    }
    if (key_ == Key::other) return true;
    const auto bit = 1u << static_cast<unsigned>(key_);
    if (seen_ & bit) return stop(fmt::format("key \"{}\" twice", k));
    seen_ |= bit;
    return true;
  }
  bool start_array(std::size_t) override {
    if (!push(false)) return false;
    if (depth_ == 1) return stop("the top level is not an object");
    if (!interesting()) return true;
    if (depth_ == 2) {
      if (key_ == Key::p || key_ == Key::q) return stop("an array where an integer belongs");
      return true;
    }
    if (depth_ == 3 && (key_ == Key::recv || key_ == Key::send)) {
      row_length_ = 0;
      return true;
    }
    return stop("an array nested too deep for a schedule");
  }
  bool end_array() override {
    if (depth_ == 3 && interesting() && (key_ == Key::recv || key_ == Key::send)) {
      Table& t = table();
      if (t.rows == 0) t.row_length = row_length_;
      if (row_length_ != t.row_length) return stop("rows of different lengths");
      ++t.rows;
    }
    gate_.close();
    --depth_;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    result.invalid_json = true;
    result.problem = e.what();
    return false;
  }

  void finish() {
    if (!result.problem.empty()) return;
    constexpr unsigned kRequired = (1u << 0) | (1u << 1) | (1u << 2) | (1u << 4) | (1u << 5);
    if ((seen_ & kRequired) != kRequired) return void(stop("a key is missing"));
    if (p_ < 1 || p_ >= kMaxP || q_ != ceil_log2(p_)) return void(stop("p or q is off"));
    const auto q = static_cast<std::size_t>(q_);
    if (skips_.size() != q + 1) return void(stop("skips has the wrong length"));
    const bool has_baseblock = (seen_ & (1u << 3)) != 0;
    if (has_baseblock && static_cast<std::int64_t>(baseblock_.size()) != p_) {
      return void(stop("baseblock has the wrong length"));
    }
    for (const Table* t : {&recv_, &send_}) {
      if (t->rows != p_ || t->row_length != q_ || t->bad_entry) {
        return void(stop("a table has the wrong shape or an entry outside [-q, q)"));
      }
      for (const std::int8_t b : t->cells) {
        if (b < -q_ || b >= q_) return void(stop("an entry outside [-q, q)"));
      }
    }
    for (const std::int8_t b : baseblock_) {
      if (b < -q_ || b > q_) return void(stop("a baseblock outside [-q, q]"));
    }
    CirculantSchedule s;
    s.p = p_;
    s.q = static_cast<int>(q_);
    s.skips = std::move(skips_);
    s.baseblock = std::move(baseblock_);
    s.recv = std::move(recv_.cells);
    s.send = std::move(send_.cells);
    s.recv.shrink_to_fit();
    s.send.shrink_to_fit();
    result.schedule = std::move(s);
  }

 private:
  enum class Key : unsigned { p = 0, q = 1, skips = 2, baseblock = 3, recv = 4, send = 5, other = 6 };
  struct Table {
    std::vector<std::int8_t> cells;
    std::int64_t rows = 0;
    std::int64_t row_length = 0;
    bool bad_entry = false;
  };

  // Inside the value of one of the six keys (depth 1 is the top object itself).
  bool interesting() const { return depth_ >= 1 && key_ != Key::other; }
  Table& table() { return key_ == Key::recv ? recv_ : send_; }

  // The input gate (json_gate.hpp) sees every level and key, at every depth.
  bool push(bool object) {
    ++depth_;
    if (!(object ? gate_.open_object() : gate_.open_array())) return refuse();
    return true;
  }

  bool refuse() {
    result.too_deep = true;
    result.problem = gate_.too_deep() ? fmt::format(
                                            "JSON nested deeper than {} levels (a schedule object "
                                            "needs 3)",
                                            kMaxScheduleDepth)
                                      : gate_.problem();
    return false;
  }

  bool stop(std::string problem) {
    if (result.problem.empty()) result.problem = std::move(problem);
    return false;
  }

  bool scalar() {
    if (depth_ == 0) return stop("the top level is not an object");
    return interesting() ? stop("a value of the wrong type") : true;
  }

  bool integer(std::int64_t v) {
    if (depth_ == 0) return stop("the top level is not an object");
    if (!interesting()) return true;
    switch (key_) {
      case Key::p:
      case Key::q:
        if (depth_ != 1) return stop("an array where an integer belongs");
        (key_ == Key::p ? p_ : q_) = v;
        return true;
      case Key::skips:
        if (depth_ != 2 || skips_.size() > 64) return stop("skips is not a short array");
        skips_.push_back(v);
        return true;
      case Key::baseblock:
        if (depth_ != 2 || v < -128 || v > 127) return stop("baseblock entry out of range");
        baseblock_.push_back(static_cast<std::int8_t>(v));
        return true;
      case Key::recv:
      case Key::send: {
        if (depth_ != 3) return stop("a table entry outside a row");
        Table& t = table();
        if (v < -128 || v > 127) return stop("a table entry outside [-q, q)");
        t.cells.push_back(static_cast<std::int8_t>(v));
        ++row_length_;
        return true;
      }
      case Key::other: return true;
    }
    return true;
  }

  JsonStructureGate gate_{kMaxScheduleDepth};
  int depth_ = 0;
  Key key_ = Key::other;
  unsigned seen_ = 0;
  std::int64_t p_ = 0, q_ = -1;
  std::vector<std::int64_t> skips_;
  std::vector<std::int8_t> baseblock_;
  Table recv_, send_;
  std::int64_t row_length_ = 0;
};

template <class Input>
StreamedSchedule run(Input&& input) {
  Handler h;
  const bool ok = json::sax_parse(std::forward<Input>(input), &h);
  if (ok) h.finish();
  if (!h.result.schedule && h.result.problem.empty()) h.result.problem = "not a schedule object";
  return std::move(h.result);
}

}  // namespace

StreamedSchedule stream_schedule_json(std::FILE* file) { return run(file); }
StreamedSchedule stream_schedule_json(std::string_view text) { return run(text); }

}  // namespace collverify
