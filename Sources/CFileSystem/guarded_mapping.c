// Guarded read-only mappings of list files (`directory_map_guarded`, CFileSystem.h).
//
// A page of a file mapping that the kernel cannot fill raises SIGBUS in the thread that
// touches it: the file was cut short beneath the mapping (another program truncated it), or
// the disk failed. A reader of a mapped list must neither crash nor read that page: the
// handler here, for an address inside a guarded mapping, maps a page of zeros over the one
// that failed (the touching instruction then runs again and reads zeros) and marks the
// mapping damaged; the reader asks once it is done and throws away what it read. A SIGBUS
// anywhere else goes to the action there was before the handler (the default's core dump, or
// the Swift runtime's backtrace), as if it were not here.
#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CFileSystem.h"

#if defined(__linux__)
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/// How many guarded mappings may be in use at once.
#define GUARDED_PLACES 8

/// Each place: the mapping's first byte (0: free, 1: being filled), the byte after its last,
/// and whether a page of it was replaced. The handler reads them without a lock (it may run
/// at any instruction).
static _Atomic uintptr_t guardedStart[GUARDED_PLACES];
static _Atomic uintptr_t guardedEnd[GUARDED_PLACES];
static _Atomic int guardedDamaged[GUARDED_PLACES];

static struct sigaction previousAction;
static long pageSize;
static int installed;
static pthread_once_t installOnce = PTHREAD_ONCE_INIT;

static void handleBusError(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    if (info->si_code > 0) {
        for (int place = 0; place < GUARDED_PLACES; place++) {
            uintptr_t start = atomic_load(&guardedStart[place]);
            if (start <= 1 || address < start || address >= atomic_load(&guardedEnd[place])) continue;
            void *page = (void *)(address & ~(uintptr_t)(pageSize - 1));
            // mmap is a plain system call here: safe in a signal handler in practice on Linux.
            if (mmap(page, (size_t)pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
                atomic_store(&guardedDamaged[place], 1);
                return;
            }
        }
    }
    // Not a guarded page: what would have happened without this handler.
    if ((previousAction.sa_flags & SA_SIGINFO) != 0 && previousAction.sa_sigaction != NULL) {
        previousAction.sa_sigaction(signal, info, context);
        return;
    }
    if ((previousAction.sa_flags & SA_SIGINFO) == 0 && previousAction.sa_handler != SIG_DFL
        && previousAction.sa_handler != SIG_IGN) {
        previousAction.sa_handler(signal);
        return;
    }
    // The default action: put it back and let the signal come again (a fault repeats when its
    // instruction runs again; a signal sent by a program is sent again here).
    sigaction(SIGBUS, &previousAction, NULL);
    if (info->si_code <= 0) raise(signal);
}

static void install(void) {
    pageSize = sysconf(_SC_PAGESIZE);
    if (pageSize <= 0) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handleBusError;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previousAction) == 0) installed = 1;
}

const void *directory_map_guarded(int descriptor, int64_t length) {
    if (length <= 0) return NULL;
    pthread_once(&installOnce, install);
    if (!installed) return NULL;
    void *base = mmap(NULL, (size_t)length, PROT_READ, MAP_PRIVATE, descriptor, 0);
    if (base == MAP_FAILED) return NULL;
    uintptr_t start = (uintptr_t)base;
    for (int place = 0; place < GUARDED_PLACES; place++) {
        // Claimed with the mark 1 (no mapping starts there), filled, then published.
        uintptr_t free = 0;
        if (!atomic_compare_exchange_strong(&guardedStart[place], &free, 1)) continue;
        atomic_store(&guardedEnd[place], start + (uintptr_t)length);
        atomic_store(&guardedDamaged[place], 0);
        atomic_store(&guardedStart[place], start);
        return base;
    }
    munmap(base, (size_t)length);
    return NULL;
}

int directory_mapping_damaged(const void *base) {
    for (int place = 0; place < GUARDED_PLACES; place++) {
        if (atomic_load(&guardedStart[place]) == (uintptr_t)base) return atomic_load(&guardedDamaged[place]);
    }
    return 0;
}

void directory_unguard(const void *base) {
    for (int place = 0; place < GUARDED_PLACES; place++) {
        if (atomic_load(&guardedStart[place]) == (uintptr_t)base) atomic_store(&guardedStart[place], 0);
    }
}

#else

const void *directory_map_guarded(int descriptor, int64_t length) {
    (void)descriptor;
    (void)length;
    return 0;
}

int directory_mapping_damaged(const void *base) {
    (void)base;
    return 0;
}

void directory_unguard(const void *base) {
    (void)base;
}

#endif
