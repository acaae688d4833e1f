// Where a family's campaign part finds the data it reads (the example programs of
// examples/programs, the routed examples of examples/routed). An installed collverify keeps them
// at a fixed place relative to its executable (cmake/Install.cmake: lib/collverify/programs and
// share/collverify/routed); a build tree has them where the build or the clone put them, which
// the one file that reads them receives as a compile definition. The installed place wins when
// it exists, so an installed collverify never reads a build tree that may be gone or newer.
#pragma once

#include <filesystem>
#include <string_view>

namespace collverify::cli {

// exe_dir / installed_relative when that is a directory, else build_dir.
std::filesystem::path data_dir(const std::filesystem::path& exe_dir,
                               std::string_view installed_relative, std::string_view build_dir);

// The folder of the running executable (/proc/self/exe, links resolved); empty when unknown.
std::filesystem::path executable_dir();

// data_dir(executable_dir(), installed_relative, build_dir).
std::filesystem::path campaign_data_dir(std::string_view installed_relative,
                                        std::string_view build_dir);

}  // namespace collverify::cli
