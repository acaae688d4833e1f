#include "model/run_summary.hpp"

namespace collverify {

const char* to_string(Status s) {
  switch (s) {
    case Status::pass: return "pass";
    case Status::fail: return "fail";
    case Status::inconclusive: return "inconclusive";
  }
  return "?";
}

}  // namespace collverify
