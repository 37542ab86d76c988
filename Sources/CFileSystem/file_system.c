#include "CFileSystem.h"

#if defined(__linux__)
#include <sys/vfs.h>
#endif

int64_t directory_file_system_magic(int descriptor) {
#if defined(__linux__)
    struct statfs status;
    if (fstatfs(descriptor, &status) != 0) {
        return -1;
    }
    // The magic numbers are 32 bits; `f_type` is a signed word, negative on 32-bit systems
    // for the numbers with their top bit set (F2FS's 0xF2F52010).
    return (int64_t)(uint32_t)status.f_type;
#else
    (void)descriptor;
    return -1;
#endif
}
