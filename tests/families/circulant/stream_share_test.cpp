// The share one rank sends the others for a streamed p split over ranks (families/circulant/stream_share.hpp):
// decode(encode(s)) == s field by field for random shares (sums of any 64-bit words, a witness
// or none, every error kind, text that is not UTF-8 replaced), and a truncated share is refused.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "families/circulant/stream_share.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

RC_GTEST_PROP(StreamShare, RoundTripsEveryField, (std::vector<std::uint64_t> sums, bool complete,
                                                   bool witness, int kind, std::int64_t chunk)) {
  StreamShare s;
  s.complete = complete;
  s.part.sums = sums;
  s.part.chunks_done = *rc::gen::inRange<std::int64_t>(0, 1 << 20);
  if (witness) {
    Violation v;
    v.property = "agreement";
    v.p = 4097;
    v.rank = *rc::gen::inRange<std::int64_t>(0, 4097);
    v.round = *rc::gen::inRange<std::int64_t>(0, 13);
    v.block = -3;
    v.message = *rc::gen::arbitrary<std::string>();
    s.part.best = v;
  }
  s.error = static_cast<StreamShare::Error>(((kind % 4) + 4) % 4);
  s.error_chunk = chunk;
  s.error_what = "plugin said\nno";
  s.plugin_p = 4097;
  s.plugin_root = 5;
  s.plugin_rank = 2;
  s.plugin_code = -1;
  s.plugin_text = "text";
  const StreamShare d = decode_stream_share(encode_stream_share(4097, s));
  RC_ASSERT(d.complete == s.complete);
  RC_ASSERT(d.part.sums == s.part.sums);
  RC_ASSERT(d.part.chunks_done == s.part.chunks_done);
  RC_ASSERT(d.part.best.has_value() == s.part.best.has_value());
  if (s.part.best) {
    RC_ASSERT(d.part.best->rank == s.part.best->rank);
    RC_ASSERT(d.part.best->round == s.part.best->round);
    RC_ASSERT(d.part.best->block == s.part.best->block);
    RC_ASSERT(d.part.best->property == s.part.best->property);
    RC_ASSERT(d.part.best->p == s.part.best->p);
  }
  RC_ASSERT(d.error == s.error);
  RC_ASSERT(d.error_chunk == s.error_chunk);
  RC_ASSERT(d.error_what == s.error_what);
  RC_ASSERT(d.plugin_p == s.plugin_p && d.plugin_root == s.plugin_root &&
            d.plugin_rank == s.plugin_rank && d.plugin_code == s.plugin_code &&
            d.plugin_text == s.plugin_text);
}

TEST(StreamShare, TruncatedShareIsRefused) {
  StreamShare s;
  s.part.sums = {1, 2, 3};
  std::string bytes = encode_stream_share(10, s);
  EXPECT_NO_THROW(decode_stream_share(bytes));
  bytes.pop_back();
  EXPECT_THROW(decode_stream_share(bytes), InputError);
  EXPECT_THROW(decode_stream_share("{}"), InputError);
}

}  // namespace
}  // namespace collverify::engine
