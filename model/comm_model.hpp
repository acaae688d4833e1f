// The communication model a schedule is judged in: k ports (a rank sends at most k and receives
// at most k messages per round) and duplex (send and receive in the same round) or simplex.
#pragma once

namespace collverify {

struct CommModel {
  int ports = 1;
  bool duplex = true;
};

}  // namespace collverify
