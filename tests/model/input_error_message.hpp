// Tests: the message of the InputError that `f` throws, or "" when it throws none (any other
// exception propagates and fails the test). Shared by the tests that check a bad-input message
// names the offending value.
#pragma once

#include <string>

#include "model/error.hpp"

namespace collverify::test_support {

std::string input_error_message(auto&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace collverify::test_support
