// The MPI transport of distributed verification (docs/DESIGN.md "Distributed verification"):
// engine::Distribution over MPI_COMM_WORLD, built as the module libcollverify_dist_mpi.so that
// collverify loads (engine/distribution.cpp) only when a launcher started it with more than one
// process, so that collverify itself never links MPI.
//
// - The shared item counter is one 64-bit integer in an MPI window on rank 0, taken with
//   MPI_Fetch_and_op (passive target, one lock_all epoch for the life of the object): the work
//   pool's atomic counter, over every rank. On one node Open MPI's shared-memory window makes it
//   an atomic in shared memory; between nodes it needs the network's one-sided progress.
// - MPI is called under one mutex (the pool's threads take items concurrently), so
//   MPI_THREAD_SERIALIZED is enough.
// - all_gather: sizes with MPI_Allgather, then the bytes with MPI_Allgatherv (each share below
//   2 GiB; a share is the encoded outcomes of one rank).
// - add_done: two more integers in the same window, added with MPI_Get_accumulate (the totals
//   of items every rank finished, for rank 0's progress line).
// Cost: one fetch-and-op round trip per item taken, one get-accumulate per item finished.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "engine/distribution.hpp"

namespace {

using collverify::engine::Distribution;

class MpiDistribution final : public Distribution {
 public:
  // Failure is reported through ok() and error(): nothing is thrown across the module.
  MpiDistribution() {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) {
      int provided = 0;
      if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        error_ = "MPI_Init_thread failed";
        return;
      }
      owns_mpi_ = true;
      if (provided < MPI_THREAD_SERIALIZED) {
        error_ = "this MPI does not provide MPI_THREAD_SERIALIZED";
        return;
      }
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    // [0] the next item, [1] items done, [2] cost units done (add_done).
    const MPI_Aint bytes = rank_ == 0 ? static_cast<MPI_Aint>(kSlots * sizeof(std::uint64_t)) : 0;
    if (MPI_Win_allocate(bytes, sizeof(std::uint64_t), MPI_INFO_NULL, MPI_COMM_WORLD, &base_,
                         &win_) != MPI_SUCCESS) {
      error_ = "MPI_Win_allocate failed";
      return;
    }
    if (rank_ == 0) std::fill(base_, base_ + kSlots, std::uint64_t{0});
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win_);
    ok_ = true;
  }

  ~MpiDistribution() override {
    if (win_ != MPI_WIN_NULL) {
      if (ok_) MPI_Win_unlock_all(win_);
      MPI_Win_free(&win_);
    }
    if (owns_mpi_) MPI_Finalize();
  }

  bool ok() const { return ok_; }
  const char* error() const { return error_; }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void start_items(std::uint64_t count) override {
    (void)count;  // next_item hands out indices past count too; the pool stops at count
    const std::lock_guard<std::mutex> lock(mutex_);
    MPI_Barrier(MPI_COMM_WORLD);  // every rank is done with the previous items
    if (rank_ == 0) {
      const std::uint64_t zero[kSlots] = {0, 0, 0};
      std::uint64_t old[kSlots] = {0, 0, 0};
      MPI_Get_accumulate(zero, kSlots, MPI_UINT64_T, old, kSlots, MPI_UINT64_T, 0, 0, kSlots,
                         MPI_UINT64_T, MPI_REPLACE, win_);
      MPI_Win_flush(0, win_);
    }
    MPI_Barrier(MPI_COMM_WORLD);  // nobody takes an item before the counter is reset
  }

  std::uint64_t next_item() override {
    const std::lock_guard<std::mutex> lock(mutex_);
    const std::uint64_t one = 1;
    std::uint64_t taken = 0;
    MPI_Fetch_and_op(&one, &taken, MPI_UINT64_T, 0, 0, MPI_SUM, win_);
    MPI_Win_flush(0, win_);
    return taken;
  }

  Done add_done(std::uint64_t items, std::uint64_t units) override {
    const std::lock_guard<std::mutex> lock(mutex_);
    const std::uint64_t add[2] = {items, units};
    std::uint64_t old[2] = {0, 0};
    MPI_Get_accumulate(add, 2, MPI_UINT64_T, old, 2, MPI_UINT64_T, 0, 1, 2, MPI_UINT64_T, MPI_SUM,
                       win_);
    MPI_Win_flush(0, win_);
    return {old[0] + items, old[1] + units};
  }

  std::vector<std::string> all_gather(const std::string& bytes) override {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) abort_now(2);
    const int mine = static_cast<int>(bytes.size());
    std::vector<int> sizes(static_cast<std::size_t>(size_));
    MPI_Allgather(&mine, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::vector<int> displs(sizes.size());
    std::int64_t total = 0;
    for (std::size_t r = 0; r < sizes.size(); ++r) {
      if (total > std::numeric_limits<int>::max()) abort_now(2);
      displs[r] = static_cast<int>(total);
      total += sizes[r];
    }
    if (total > std::numeric_limits<int>::max()) abort_now(2);
    std::string all(static_cast<std::size_t>(total), '\0');
    MPI_Allgatherv(bytes.data(), mine, MPI_BYTE, all.data(), sizes.data(), displs.data(),
                   MPI_BYTE, MPI_COMM_WORLD);
    std::vector<std::string> out;
    for (std::size_t r = 0; r < sizes.size(); ++r) {
      out.push_back(all.substr(static_cast<std::size_t>(displs[r]),
                               static_cast<std::size_t>(sizes[r])));
    }
    return out;
  }

  [[noreturn]] void abort(int code) override { abort_now(code); }

 private:
  [[noreturn]] static void abort_now(int code) {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::abort();  // MPI_Abort does not return; for the compiler
  }

  static constexpr int kSlots = 3;
  std::mutex mutex_;
  int rank_ = 0;
  int size_ = 1;
  std::uint64_t* base_ = nullptr;
  MPI_Win win_ = MPI_WIN_NULL;
  bool owns_mpi_ = false;
  bool ok_ = false;
  const char* error_ = nullptr;
};

}  // namespace

extern "C" __attribute__((visibility("default"))) Distribution* collverify_open_distribution(
    const char** error) {
  auto* d = new MpiDistribution();
  if (!d->ok()) {
    *error = d->error();
    delete d;
    return nullptr;
  }
  return d;
}
