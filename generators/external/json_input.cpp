// Regular-file check, whole-file read and the nesting bound of json_input.hpp. POSIX: the file
// is opened O_NONBLOCK so that a FIFO without a writer is refused instead of blocking the open.
#include "generators/external/json_input.hpp"

#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

JsonInputFile open_json_input(const std::filesystem::path& path, const std::string& what) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    throw InputError(
        fmt::format("cannot read {} '{}': {}", what, path.string(), std::strerror(errno)));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const char* kind = S_ISDIR(st.st_mode)    ? "a directory"
                       : S_ISCHR(st.st_mode)  ? "a character device"
                       : S_ISBLK(st.st_mode)  ? "a block device"
                       : S_ISFIFO(st.st_mode) ? "a FIFO"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                                              : "not a regular file";
    ::close(fd);
    throw InputError(fmt::format("cannot read {} '{}': it is {}; only regular files are read",
                                 what, path.string(), kind));
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  JsonInputFile out;
  out.file.reset(::fdopen(fd, "rb"));
  if (!out.file) {
    ::close(fd);
    throw InputError(fmt::format("cannot read {} '{}': fdopen failed", what, path.string()));
  }
  out.size = static_cast<std::int64_t>(st.st_size);
  return out;
}

std::string read_json_text(JsonInputFile& in, const std::filesystem::path& path,
                           const std::string& what) {
  std::string text;
  text.reserve(static_cast<std::size_t>(in.size));
  char buf[1 << 16];
  std::rewind(in.file.get());
  while (const std::size_t got = std::fread(buf, 1, sizeof buf, in.file.get())) {
    text.append(buf, got);
  }
  if (std::ferror(in.file.get())) {
    throw InputError(fmt::format("cannot read {} '{}': read error", what, path.string()));
  }
  return text;
}

int json_nesting_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest && (deepest = depth) > limit) return limit + 1;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

void require_json_depth(std::string_view text, int limit, const std::string& source,
                        const std::string& what, int needed) {
  if (json_nesting_depth(text, limit) > limit) {
    throw InputError(fmt::format("{}: JSON nested deeper than {} levels (a {} needs at most {})",
                                 source, limit, what, needed));
  }
}

}  // namespace collverify
