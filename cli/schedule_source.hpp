// Where the schedules under verification come from: the built-in construction of seed 000, a
// user's JSON file (one p) or a user's plugin. The driver treats all three alike.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "model/circulant_schedule.hpp"
#include "reference/circulant/transcription.hpp"

namespace collverify::cli {

class ScheduleSource {
 public:
  virtual ~ScheduleSource() = default;
  virtual CirculantSchedule build(std::int64_t p) const = 0;
  virtual bool states_baseblocks() const = 0;
  virtual std::string describe() const = 0;
  // The one p a file holds, or 0 when any p can be built.
  virtual std::int64_t only_p() const { return 0; }
  // One rank's rows (q entries each), computed alone as a processor would, without building the
  // tables of every rank: what a streaming check of a huge p asks for, rank by rank, from
  // several threads at once. A file answers from its table.
  virtual void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                         std::span<std::int8_t> send) const = 0;
};

std::unique_ptr<ScheduleSource> reference_source(circulant::Transcriptions t);
std::unique_ptr<ScheduleSource> file_source(const std::filesystem::path& file);
std::unique_ptr<ScheduleSource> plugin_source(const std::filesystem::path& library);

}  // namespace collverify::cli
