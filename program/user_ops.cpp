// The process-wide table of user reduction operations (user_ops.hpp).
#include "program/user_ops.hpp"

#include <mutex>
#include <vector>

namespace collverify::program {
namespace {

struct Entry {
  UserOp op;
  bool live = false;
};
std::mutex g_mutex;
std::vector<Entry> g_ops;

}  // namespace

std::uintptr_t create_user_op(void* fn, bool commute) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_ops.push_back({{fn, commute}, true});
  return kFirstUserOp + g_ops.size() - 1;
}

bool free_user_op(std::uintptr_t handle) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (handle < kFirstUserOp || handle - kFirstUserOp >= g_ops.size()) return false;
  if (!g_ops[handle - kFirstUserOp].live) return false;
  g_ops[handle - kFirstUserOp].live = false;
  return true;
}

std::optional<UserOp> user_op(std::uintptr_t handle) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (handle < kFirstUserOp || handle - kFirstUserOp >= g_ops.size()) return std::nullopt;
  const Entry& e = g_ops[handle - kFirstUserOp];
  if (!e.live) return std::nullopt;
  return e.op;
}

}  // namespace collverify::program
