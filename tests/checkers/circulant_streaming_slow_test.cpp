// The bigger sweep of the streaming checker (LABEL slow): more mutants of every kind for every p
// up to 512, and p up to 2048.
#include "circulant_streaming_support.hpp"

namespace collverify {
namespace {

using namespace streaming_test;

TEST(CirculantStreamingSlow, MoreMutantsP1To512) {
  check_range(1, 512, {4, 12, 1, false});
}
TEST(CirculantStreamingSlow, AgreesP513To2048) {
  check_range(513, 2048, {1, 3, 1, false});
}

}  // namespace
}  // namespace collverify
