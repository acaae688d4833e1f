// Fiber stacks with a guard page, reused (stack_pool.hpp).
#include "program/stack_pool.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace collverify::program {
namespace {
std::size_t page() { return static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)); }
}  // namespace

StackPool::~StackPool() {
  for (void* base : free_) ::munmap(base, size_ + page());
}

boost::context::stack_context StackPool::take() {
  void* base = nullptr;
  if (!free_.empty()) {
    base = free_.back();
    free_.pop_back();
  } else {
    base = ::mmap(nullptr, size_ + page(), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) throw std::bad_alloc();
    ::mprotect(base, page(), PROT_NONE);  // the guard page, below the stack
  }
  boost::context::stack_context sc;
  sc.size = size_;
  sc.sp = static_cast<char*>(base) + page() + size_;  // stacks grow down
  return sc;
}

void StackPool::give(boost::context::stack_context& sc) {
  free_.push_back(static_cast<char*>(sc.sp) - sc.size - page());
}

}  // namespace collverify::program
