// lock_report_dir: one run at a time per report directory. flock() on dir/.collverify.lock is
// released by the kernel when the process ends however it ends (kill -9 included), so a stale
// lock cannot outlive its run; the file records the holder's pid and run id for the message the
// second run prints. The second run does not wait: it exits 2 before doing any work, since a CI
// job would rather know than hang behind a run of unknown length. The holder removes the file
// before it lets go of the lock; a run that locked a file which is no longer the one at the path
// (removed by the holder it waited for) closes it and starts over, so two runs never hold locks
// on two different files of the same name.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

// The holder's record ("pid 123, run id 0a1b..."), best effort: what the lock file says.
std::string holder(int fd) {
  char buf[256] = {};
  const ::ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string text = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
  while (!text.empty() && (text.back() == '\n' || text.back() == '\0')) text.pop_back();
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  }
  return text.empty() ? std::string("holder unknown") : text;
}

}  // namespace

ReportDirLock::ReportDirLock(ReportDirLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

ReportDirLock& ReportDirLock::operator=(ReportDirLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}

ReportDirLock::~ReportDirLock() { release(); }

// Unlinks the lock file if it is still ours (the same inode), then closes (and so unlocks) it.
void ReportDirLock::release() noexcept {
  if (fd_ < 0) return;
  struct ::stat held {};
  struct ::stat named {};
  if (::fstat(fd_, &held) == 0 && ::lstat(path_.c_str(), &named) == 0 &&
      held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
    ::unlink(path_.c_str());
  }
  ::close(fd_);
  fd_ = -1;
}

namespace {

// Whether fd is the file now at path (not unlinked or replaced since it was opened).
bool still_named(int fd, const std::filesystem::path& path) {
  struct ::stat held {};
  struct ::stat named {};
  return ::fstat(fd, &held) == 0 && ::lstat(path.c_str(), &named) == 0 &&
         held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

}  // namespace

ReportDirLock lock_report_dir(const std::filesystem::path& dir, const std::string& run_id) {
  const std::filesystem::path path = dir / ".collverify.lock";
  for (int attempt = 0;; ++attempt) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) {
      throw InputError(fmt::format("--report '{}': cannot open the lock file '{}': {}",
                                   dir.string(), path.string(), std::strerror(errno)));
    }
    int rc = 0;
    while ((rc = ::flock(fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
    }
    if (rc != 0) {
      const int error = errno;
      const std::string who = error == EWOULDBLOCK ? holder(fd) : std::string();
      ::close(fd);
      if (error == EWOULDBLOCK) {
        throw InputError(fmt::format(
            "--report '{}' is in use by another collverify run ({}; lock file '{}'); wait for "
            "it to finish or choose another --report directory",
            dir.string(), who, path.string()));
      }
      throw InputError(fmt::format("--report '{}': cannot lock '{}': {}", dir.string(),
                                   path.string(), std::strerror(error)));
    }
    if (!still_named(fd, path)) {  // the holder removed it after we opened it: start over
      ::close(fd);
      if (attempt < 100) continue;
      throw InputError(fmt::format("--report '{}': the lock file '{}' keeps changing",
                                   dir.string(), path.string()));
    }
    ReportDirLock lock;
    lock.fd_ = fd;
    lock.path_ = path;
    const std::string record = fmt::format("pid {}, run id {}\n", ::getpid(), run_id);
    if (::ftruncate(fd, 0) == 0) {
      // Best effort: the record only improves the message a second run prints.
      [[maybe_unused]] const ::ssize_t n = ::pwrite(fd, record.data(), record.size(), 0);
    }
    return lock;
  }
}

}  // namespace collverify
