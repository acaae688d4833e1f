// A test-only plugin that claims ABI 2 but exports only the ABI 1 call: refused at load time,
// naming collverify_circulant_schedule_all.
#include "collverify/plugin.h"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI_2;
}

int collverify_circulant_schedule(int64_t, int64_t, int32_t*, int32_t*) {
  return 0;
}
