// The user reduction operations of MPI_Op_create, process-wide like MPI's: handle values from
// kFirstUserOp up (below it: the predefined ops of mpi.h). Shared by the MPI entry points
// (mpi_shim.cpp) and the runtime's own non-commutative op (run_instance.cpp).
#pragma once

#include <cstdint>
#include <optional>

namespace collverify::program {

inline constexpr std::uintptr_t kFirstUserOp = 100;

struct UserOp {
  void* fn = nullptr;  // MPI_User_function*
  bool commute = true;
};

std::uintptr_t create_user_op(void* fn, bool commute);
bool free_user_op(std::uintptr_t handle);
// nullopt: not a live user op.
std::optional<UserOp> user_op(std::uintptr_t handle);

}  // namespace collverify::program
