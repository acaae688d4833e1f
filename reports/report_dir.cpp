#include "reports/report_dir.hpp"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

namespace fs = std::filesystem;

namespace {

// "DIR/" and "DIR//" name DIR itself, but lstat would follow a link through the trailing slash.
fs::path without_trailing_slashes(const std::string& dir) {
  std::string s = dir;
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return fs::path(s);
}

void refuse_a_link(const std::string& dir) {
  const fs::path path = without_trailing_slashes(dir);
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(path, ec))) return;
  const fs::path target = fs::read_symlink(path, ec);
  std::error_code resolved_ec;
  const fs::path resolved = fs::canonical(path, resolved_ec);
  if (resolved_ec || !fs::is_directory(resolved, resolved_ec)) {
    throw InputError(fmt::format("--report '{}' is a symbolic link (to '{}') that does not lead to "
                                 "a directory; give a directory, not a link",
                                 dir, target.string()));
  }
  throw InputError(fmt::format("--report '{}' is a symbolic link (to '{}'); a link as the report "
                               "directory is refused, pass the resolved directory '{}' instead",
                               dir, target.string(), resolved.string()));
}

}  // namespace

void prepare_report_dir(const std::string& dir, const std::string& program) {
  refuse_a_link(dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir) || ::access(dir.c_str(), W_OK) != 0) {
    throw InputError(fmt::format("--report '{}' is not a directory {} can write to{}", dir,
                                 program, ec ? " (" + ec.message() + ")" : std::string()));
  }
}

}  // namespace collverify
