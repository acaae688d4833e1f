// The --report directory of every command (collverify's verify commands, campaign, --resume, and
// collverify-mpi), prepared before any work: created if missing, and refused with InputError
// (exit 2) naming the path when it is not a directory the process can write to, or when its last
// component is a symbolic link (issue 26: a link there is refused, not followed, so that a planted
// link cannot send a run's reports elsewhere; the message names the resolved directory to pass
// instead). Links in the parent directories are allowed (e.g. /tmp -> /private/tmp).
#pragma once

#include <string>

namespace collverify {

// `program` names the writer in the message ("collverify", "collverify-mpi").
void prepare_report_dir(const std::string& dir, const std::string& program);

}  // namespace collverify
