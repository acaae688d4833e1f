// The program route's runtime speed (docs/PERFORMANCE.md, "Program route"): simulated small
// messages per second with every check on, in one thread, on the ring allgather of
// bench/programs (p (p - 1) messages of `count` ints per instance, eager and rendezvous).
//
//   build/bench/program_bench [p] [count] [seconds]
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>

#include "program/run_instance.hpp"

int main(int argc, char** argv) {
  namespace cvp = collverify::program;
  const int p = argc > 1 ? std::atoi(argv[1]) : 64;
  const int count = argc > 2 ? std::atoi(argv[2]) : 1;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 3.0;
  const cvp::Plugin plugin = cvp::load_plugin(COLLVERIFY_RING_ALLGATHER);
  cvp::StackPool stacks;
  const cvp::Instance in{cvp::Collective::allgather, p, count, 0, cvp::Elem::int32,
                         cvp::ReduceOp::sum};
  std::int64_t messages = 0, instances = 0;
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (cvp::Buffering b : {cvp::Buffering::eager, cvp::Buffering::rendezvous}) {
      const cvp::InstanceVerdict v = cvp::run_instance(plugin, in, b, {}, stacks);
      if (v.status != cvp::InstanceStatus::pass) {
        std::fprintf(stderr, "program_bench: the ring allgather failed: %s\n",
                     v.fault ? v.fault->message.c_str() : "inconclusive");
        return 1;
      }
      messages += v.cost.messages;
      ++instances;
    }
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  // Per core: the CPU time of this one thread, so that other load on the machine does not count.
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::printf("p=%d count=%d: %lld instances, %lld messages in %.2f s wall, %.2f s CPU: %.0f "
              "messages per CPU second, %.1f us CPU per instance\n",
              p, count, static_cast<long long>(instances), static_cast<long long>(messages),
              elapsed, cpu, static_cast<double>(messages) / cpu,
              cpu * 1e6 / static_cast<double>(instances));
  return 0;
}
