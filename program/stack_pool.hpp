// Fiber stacks for the ranks: mmap'd with a guard page below (an overflow is a SIGSEGV, which the
// worker process reports as a crash) and kept for reuse, since an instance creates p fibers and
// a sweep creates millions. A Boost.Context StackAllocator.
#pragma once

#include <cstddef>
#include <vector>

#include <boost/context/stack_context.hpp>

namespace collverify::program {

class StackPool {
 public:
  explicit StackPool(std::size_t stack_bytes = 256 * 1024) : size_(stack_bytes) {}
  ~StackPool();
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;
  boost::context::stack_context take();
  void give(boost::context::stack_context& sc);

 private:
  std::size_t size_;
  std::vector<void*> free_;  // bases of the mappings (guard page first)
};

// The allocator a fiber holds: a reference to the pool.
class PooledStack {
 public:
  explicit PooledStack(StackPool& pool) : pool_(&pool) {}
  boost::context::stack_context allocate() { return pool_->take(); }
  void deallocate(boost::context::stack_context& sc) noexcept { pool_->give(sc); }

 private:
  StackPool* pool_;
};

}  // namespace collverify::program
