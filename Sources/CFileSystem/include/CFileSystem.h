#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H

#include <stdint.h>

/// The magic number of the file system that the open file `descriptor` is on (`f_type` of
/// `fstatfs`, e.g. 0xEF53 for ext4), or -1 where it cannot be told (the call failed, or the
/// system has no `fstatfs`). Glibc's Swift module does not declare `fstatfs` (<sys/vfs.h>).
int64_t directory_file_system_magic(int descriptor);

/// Asks the kernel to start writing the dirty pages of `length` bytes of the open file
/// `descriptor` from `offset` to disk now, without waiting for them (Linux's
/// `sync_file_range(SYNC_FILE_RANGE_WRITE)`, as PostgreSQL's `pg_flush_data` does): a hint
/// that promises nothing about durability. 0, or the `errno` of the failure (ENOSYS where
/// the system has no such call). Glibc's Swift module does not declare it (`_GNU_SOURCE`).
int directory_start_writeback(int descriptor, int64_t offset, int64_t length);

/// Copies up to `length` bytes of the open file `source` from `offset` to the open file
/// `target` at its file offset, which moves on (Linux's `copy_file_range`: the kernel copies
/// the pages, or shares the blocks on a file system that can); `source`'s offset does not
/// move. The number of bytes copied (0 at the end of `source`, or fewer than asked), or
/// minus the `errno` of the failure (ENOSYS, EXDEV, EINVAL where it cannot be done).
int64_t directory_copy_range(int source, int64_t offset, int target, int64_t length);

/// Maps the first `length` bytes of the open file `descriptor` for reading (`mmap`,
/// `PROT_READ`), guarded: a page that cannot be read while it is mapped (the file was cut
/// short beneath the mapping, or the disk failed: the kernel's `SIGBUS`) reads as zeros
/// instead of ending the program, and the mapping is marked damaged
/// (`directory_mapping_damaged`), so its reader throws what it read away. A `SIGBUS` at any
/// other address goes to the action there was before. NULL when the file cannot be mapped
/// (then read it), or when as many guarded mappings as there are places for are in use (8).
const void *directory_map_guarded(int descriptor, int64_t length);

/// Whether a page of the guarded mapping at `base` could not be read and now reads as zeros.
int directory_mapping_damaged(const void *base);

/// Stops guarding the mapping at `base` (`directory_map_guarded`), which stays mapped: call it
/// once nothing reads the mapping any more, then unmap it (`munmap`).
void directory_unguard(const void *base);

#endif
