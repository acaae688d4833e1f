#include "engine/journal.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <system_error>

#include "engine/outcome_codec.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

namespace fs = std::filesystem;

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool is_journal_file(const fs::path& p) {
  const std::string name = p.filename().string();
  return name.rfind("rank-", 0) == 0 && p.extension() == ".jsonl";
}

}  // namespace

std::string journal_key(const Family& f) {
  const Coverage c = f.coverage();
  return nlohmann::json{{"journal", 1},
                        {"construction", f.name()},
                        {"parameters", c.parameters},
                        {"properties", c.properties},
                        {"lower_bound", c.lower_bound}}
      .dump();
}

Journal::Journal(const fs::path& dir, int rank, const std::string& key)
    : path_(dir / "journal" / fmt::format("rank-{}.jsonl", rank)) {
  std::error_code ec;
  fs::create_directories(path_.parent_path(), ec);
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd_ < 0) {
    throw InputError(fmt::format("cannot open the journal '{}': {}", path_.string(),
                                 std::strerror(errno)));
  }
  if (::lseek(fd_, 0, SEEK_END) == 0) write_line(key);
  last_sync_ = now_seconds();
}

Journal::~Journal() {
  if (fd_ >= 0) {
    ::fdatasync(fd_);
    ::close(fd_);
  }
}

void Journal::write_line(const std::string& line) {
  const std::string record = line + '\n';
  std::size_t done = 0;
  while (done < record.size()) {
    const auto w = ::write(fd_, record.data() + done, record.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      throw InputError(fmt::format("cannot write the journal '{}': {}", path_.string(),
                                   std::strerror(errno)));
    }
    done += static_cast<std::size_t>(w);
  }
}

void Journal::append(std::int64_t p, const Outcome& outcome) {
  const std::string line = encode_outcome(p, outcome);
  const std::lock_guard<std::mutex> lock(mutex_);
  write_line(line);
  if (const double t = now_seconds(); t - last_sync_ >= kJournalSyncSeconds) {
    ::fdatasync(fd_);
    last_sync_ = t;
  }
}

std::map<std::int64_t, Outcome> load_journal(const fs::path& dir, const std::string& key) {
  std::map<std::int64_t, Outcome> done;
  std::error_code ec;
  const fs::path jdir = dir / "journal";
  if (!fs::is_directory(jdir, ec)) return done;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(jdir, ec)) {
    if (is_journal_file(e.path())) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    std::ifstream in(file);
    std::string line;
    if (!std::getline(in, line)) continue;  // created, killed before its key was written
    if (line != key) {
      throw InputError(fmt::format(
          "--resume: the journal '{}' belongs to another run ({}), not to this one ({})",
          file.string(), line, key));
    }
    // A line without its newline is the last, cut by a kill: it is not a record.
    while (std::getline(in, line)) {
      if (in.eof()) break;
      auto [p, outcome] = decode_outcome(line);
      done.emplace(p, std::move(outcome));
    }
  }
  return done;
}

void clear_journal(const fs::path& dir) {
  std::error_code ec;
  const fs::path jdir = dir / "journal";
  if (!fs::is_directory(jdir, ec)) return;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(jdir, ec)) {
    if (is_journal_file(e.path())) files.push_back(e.path());
  }
  for (const auto& f : files) fs::remove(f, ec);
  fs::remove(jdir, ec);  // only if nothing else is in it
}

}  // namespace collverify::engine
