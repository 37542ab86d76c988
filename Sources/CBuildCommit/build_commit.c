#include "CBuildCommit.h"

// Package.swift defines DIRECTORY_COMMIT as a string literal when the build is given one
// (scripts/build-release passes `git rev-parse` of the clone); a plain `swift build` does not.
#ifndef DIRECTORY_COMMIT
#define DIRECTORY_COMMIT ""
#endif

const char *directory_build_commit(void) { return DIRECTORY_COMMIT; }
