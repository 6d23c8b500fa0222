// The precompiled-header donor of the test suites (tests/CMakeLists.txt): nothing of its own.
