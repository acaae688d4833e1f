// A broken plugin for tests of bad input: it exports collverify_plugin_abi but not
// collverify_circulant_schedule, which collverify must report by name at load time.
#include "collverify/plugin.h"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI;
}
