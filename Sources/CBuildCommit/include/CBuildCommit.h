#ifndef CBUILDCOMMIT_H
#define CBUILDCOMMIT_H

/// The commit the program was built from, as the build was told it
/// (`DIRECTORY_COMMIT` in the environment of `swift build`), or "" when it was not.
const char *directory_build_commit(void);

#endif
