// The example plugin: collverify's own circulant broadcast construction behind the plugin ABI
// of include/collverify/plugin.h. `collverify verify bcast --p 2..4096 --schedule-plugin
// ./libcollverify_plugin_reference.so` must pass; an MPI library replaces the body of
// collverify_circulant_schedule with a call into its own schedule generator.
#include "collverify/plugin.h"
#include "reference_rows.hpp"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI;
}

int collverify_circulant_schedule(int64_t p, int64_t r, int32_t* recv, int32_t* send) {
  return collverify::examples::reference_rows(p, r, recv, send);
}
