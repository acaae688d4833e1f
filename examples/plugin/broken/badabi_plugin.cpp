// A broken plugin for tests of bad input: it claims plugin ABI 99, which collverify must refuse
// at load time (naming 99 and the supported ABI) before calling anything else.
#include "collverify/plugin.h"

int collverify_plugin_abi(void) {
  return 99;
}

int collverify_circulant_schedule(int64_t, int64_t, int32_t*, int32_t*) {
  return 1;
}
