// The host of the tests' precompiled header (tests/CMakeLists.txt): compiled with the tests' flags,
// it runs the header's GoogleTest main with no test of its own.
