// write_file_atomically: temporary file in the target's directory, full write, fsync, rename.
// rename() within one directory is atomic on POSIX, so a reader (or a run killed mid-write)
// sees the previous file or the complete new one. The directory is fsynced afterwards, best
// effort, so the rename itself survives a crash. POSIX only.
//
// The temporary's name is unpredictable (pid and 64 random bits) and it is created with
// O_CREAT|O_EXCL|O_NOFOLLOW: a symbolic link or file planted at a name we might use makes the
// open fail (we try another name), it is never written through. rename() replaces a symbolic
// link at the target itself and never follows it.
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const fs::path& path, const std::string& step, int error) {
  throw InputError(fmt::format("cannot write '{}': {}: {}", path.string(), step,
                               std::system_category().message(error)));
}

// Owns the temporary file until it is renamed: closes the descriptor and removes the file on
// every path that does not reach the rename.
class TemporaryFile {
 public:
  // Creates a fresh temporary beside target. EEXIST means someone else's file (or link) has the
  // name: take another; fresh random bits each time make a repeated collision with a genuine
  // temporary practically impossible.
  explicit TemporaryFile(const fs::path& target) : target_(target) {
    std::random_device random;
    for (int attempt = 0;; ++attempt) {
      const std::uint64_t bits = (std::uint64_t{random()} << 32) ^ random();
      name_ = target;
      name_ += fmt::format(".tmp.{}.{:016x}", ::getpid(), bits);
      fd_ = ::open(name_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
      if (fd_ >= 0) return;
      const int error = errno;
      if (error != EEXIST || attempt >= 16) {
        fail(target_, "cannot create '" + name_.string() + "'", error);
      }
    }
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!renamed_) ::unlink(name_.c_str());
  }

  void write_all(const std::string& content) {
    std::size_t done = 0;
    while (done < content.size()) {
      const ::ssize_t n = ::write(fd_, content.data() + done, content.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) fail(target_, "write failed", errno);
      done += static_cast<std::size_t>(n);
    }
  }

  void sync_and_rename() {
    if (::fsync(fd_) != 0) fail(target_, "fsync failed", errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(target_, "close failed", errno);
    if (::rename(name_.c_str(), target_.c_str()) != 0) {
      fail(target_, "cannot rename '" + name_.string() + "' onto it", errno);
    }
    renamed_ = true;
  }

 private:
  fs::path target_;
  fs::path name_;
  int fd_ = -1;
  bool renamed_ = false;
};

void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);  // best effort: the file is complete and in place whatever this returns
  ::close(fd);
}

}  // namespace

void write_file_atomically(const fs::path& path, const std::string& content) {
  if (!path.has_filename()) fail(path, "not a file name", EISDIR);
  const fs::path dir = path.parent_path();
  if (!dir.empty()) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) fail(path, "cannot create directory '" + dir.string() + "'", ec.value());
  }
  TemporaryFile file(path);
  file.write_all(content);
  file.sync_and_rename();
  sync_directory(dir);
}

}  // namespace collverify
