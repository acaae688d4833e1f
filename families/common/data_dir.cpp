// The installed place of the campaign's data first, the build tree's second (data_dir.hpp).
#include "families/common/data_dir.hpp"

#include <system_error>

namespace collverify::cli {

std::filesystem::path data_dir(const std::filesystem::path& exe_dir,
                               std::string_view installed_relative, std::string_view build_dir) {
  if (!exe_dir.empty()) {
    const std::filesystem::path installed = exe_dir / installed_relative;
    std::error_code ec;
    if (std::filesystem::is_directory(installed, ec)) return installed.lexically_normal();
  }
  return std::filesystem::path(build_dir);
}

std::filesystem::path executable_dir() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe.parent_path();
}

std::filesystem::path campaign_data_dir(std::string_view installed_relative,
                                        std::string_view build_dir) {
  return data_dir(executable_dir(), installed_relative, build_dir);
}

}  // namespace collverify::cli
