#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H

#include <stdint.h>

/// The magic number of the file system that the open file `descriptor` is on (`f_type` of
/// `fstatfs`, e.g. 0xEF53 for ext4), or -1 where it cannot be told (the call failed, or the
/// system has no `fstatfs`). Glibc's Swift module does not declare `fstatfs` (<sys/vfs.h>).
int64_t directory_file_system_magic(int descriptor);

#endif
