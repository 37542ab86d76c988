#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CFileSystem.h"

#include <errno.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <stddef.h>
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

int directory_start_writeback(int descriptor, int64_t offset, int64_t length) {
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
    if (sync_file_range(descriptor, (off_t)offset, (off_t)length, SYNC_FILE_RANGE_WRITE) != 0) {
        return errno;
    }
    return 0;
#else
    (void)descriptor;
    (void)offset;
    (void)length;
    return ENOSYS;
#endif
}

int64_t directory_copy_range(int source, int64_t offset, int target, int64_t length) {
#if defined(__linux__)
    off_t from = (off_t)offset;
    ssize_t copied = copy_file_range(source, &from, target, NULL, (size_t)length, 0);
    if (copied < 0) {
        return -(int64_t)errno;
    }
    return (int64_t)copied;
#else
    (void)source;
    (void)offset;
    (void)target;
    (void)length;
    return -(int64_t)ENOSYS;
#endif
}
