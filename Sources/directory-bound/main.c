// directory-bound FILE [THREADS]: the least a program can do to load and save a binary
// property list of people: the benchmark's "least parse" row beside the binary plist's floor
// (docs/performance.md, "how far the binary plist row can go").
//
// It does what directory-floor does (read FILE whole; write it to a new file beside it,
// fsync, rename over FILE, fsync of the folder) and parses the list and keeps it, behind the
// read, with no more work than that needs:
// - the trailer and the offset table are read first (`pread`), then the objects from the start
//   a piece of 4 MiB at a time; the top array is checked once the first piece is in;
// - THREADS threads (2 by default) take the records a chunk of 4,096 at a time, in order, while
//   the read goes on, each waiting for the bytes a record needs: so the parse runs behind the
//   read, and what it adds to the floor is what it cannot hide there;
// - each record is found through the offset table, must be a dictionary of three pairs whose
//   keys are the first record's `id`, `name` and `office` objects, and every reference must be
//   in range;
// - each id must be an ASCII string of 36 characters, 8-4-4-4-12 hexadecimal digits, and is
//   kept as its 16 bytes;
// - each name and office must be a string object (ASCII, checked byte by byte, or UTF-16),
//   checked once per object however many records share it, and is kept as its object number
//   (the distinct strings would be copied out once: about 5,700 in the benchmark's file).
// No content hash, no repeated-id numbering, no second look at anything; the integers of the
// references and offsets are read a word at a time. What it takes above the floor is what any
// program that keeps the list must take on the same machine, at the least.
//
// Built with the package (`swift build -c release --product directory-bound`); by hand:
//   cc -O2 -pthread -o /tmp/directory-bound Sources/directory-bound/main.c
//   cp DIR/data/people.plist /tmp/p.plist && BOUND_TIMES=1 /tmp/directory-bound /tmp/p.plist
// With BOUND_TIMES set it prints the read, parse and write times on standard error.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

// The file, read whole.
static const uint8_t *bytes;
static size_t size;
// From the trailer.
static uint64_t objectCount, offsetTable;
static int offsetSize, referenceSize;
// The top array's references and count.
static const uint8_t *topReferences;
static uint64_t recordCount;
// The key objects of the first record.
static uint64_t idKey, nameKey, officeKey;
// Per object: 0 not looked at, 1 an ASCII string, 2 a UTF-16 string, 3 anything else.
static uint8_t *checked;

// How far the forward read has come: the bytes before it are in `bytes` (and those of the
// offset table and the trailer, read first, from `offsetTable` on).
static _Atomic uint64_t readEnd;

// Waits until the bytes before `end` are read; false when they never will be (past the file).
static int need(uint64_t end) {
    if (end > size) return 0;
    if (end > offsetTable) end = offsetTable;
    while (atomic_load_explicit(&readEnd, memory_order_acquire) < end) sched_yield();
    return 1;
}

// A record as kept.
struct row {
    uint8_t id[16];
    uint32_t name, office;
};
static struct row *rows;
static volatile int failed;

// An unsigned big-endian integer of `width` (1 to 8) bytes at `at`: one word load where eight
// bytes remain in the file (everywhere but its last few bytes), a byte at a time there.
static uint64_t bigEndian(const uint8_t *at, int width) {
    if (at + 8 <= bytes + size) {
        uint64_t word;
        memcpy(&word, at, 8);
        return __builtin_bswap64(word) >> (64 - 8 * width);
    }
    uint64_t value = 0;
    for (int index = 0; index < width; index++) value = value << 8 | at[index];
    return value;
}

static uint64_t offsetOf(uint64_t object) { return bigEndian(bytes + offsetTable + object * offsetSize, offsetSize); }

// The kind of string object `object` is (5 ASCII, 6 UTF-16) with its characters and count,
// or -1 when it is not a string that fits in the file.
static int string(uint64_t object, const uint8_t **start, uint64_t *count) {
    if (object >= objectCount) return -1;
    uint64_t position = offsetOf(object);
    if (position + 1 >= size || !need(position + 10)) return -1;
    uint8_t marker = bytes[position];
    const uint8_t *next = bytes + position + 1;
    uint64_t length = marker & 15;
    if (length == 15) {
        uint8_t integer = *next++;
        if ((integer & 0xF0) != 0x10) return -1;
        int width = 1 << (integer & 15);
        if ((uint64_t)(next - bytes) + width > size) return -1;
        length = bigEndian(next, width);
        next += width;
    }
    int kind = marker >> 4;
    if (kind != 5 && kind != 6) return -1;
    uint64_t byteCount = kind == 6 ? length * 2 : length;
    if ((uint64_t)(next - bytes) + byteCount > size || !need((uint64_t)(next - bytes) + byteCount)) return -1;
    *start = next;
    *count = length;
    return kind;
}

// Checks string object `object` once; two threads may both check it, which only repeats work.
static int checkString(uint64_t object) {
    uint8_t known = checked[object];
    if (known) return known;
    const uint8_t *start;
    uint64_t count;
    int kind = string(object, &start, &count);
    if (kind == 5) {
        for (uint64_t index = 0; index < count; index++) {
            if (start[index] & 0x80) {
                kind = -1;
                break;
            }
        }
    }
    known = kind == 5 ? 1 : kind == 6 ? 2 : 3;
    checked[object] = known;
    return known;
}

// Hexadecimal digits' values; 0xF0 for any other byte.
static uint8_t digitValue[256];
// Where each id byte's high digits are in the 36 characters, then where its low ones are.
static const uint8_t highDigits[16] = {0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34};

static int parseID(uint64_t object, uint8_t *id) {
    const uint8_t *text;
    uint64_t count;
    if (string(object, &text, &count) != 5 || count != 36) return -1;
    if (text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-') return -1;
    uint8_t invalid = 0;
    for (int index = 0; index < 16; index++) {
        uint8_t high = digitValue[text[highDigits[index]]], low = digitValue[text[highDigits[index] + 1]];
        invalid |= high | low;
        id[index] = (uint8_t)(high << 4 | (low & 15));
    }
    return invalid & 0xF0 ? -1 : 0;
}

// The records are taken a chunk at a time, in order, by whichever thread is free.
static _Atomic uint64_t nextChunk;
static const uint64_t chunkRecords = 4096;

static void *parse(void *argument) {
    (void)argument;
    for (;;) {
        uint64_t first = atomic_fetch_add(&nextChunk, 1) * chunkRecords;
        if (first >= recordCount || failed) break;
        uint64_t end = first + chunkRecords < recordCount ? first + chunkRecords : recordCount;
        if (!need((uint64_t)(topReferences - bytes) + end * referenceSize)) goto bad;
        for (uint64_t slot = first; slot < end && !failed; slot++) {
        uint64_t record = bigEndian(topReferences + slot * referenceSize, referenceSize);
        if (record >= objectCount) goto bad;
        uint64_t position = offsetOf(record);
        if (position + 1 + 6 * (uint64_t)referenceSize > size || !need(position + 1 + 6 * (uint64_t)referenceSize)
            || bytes[position] != 0xD3)
            goto bad;
        const uint8_t *keys = bytes + position + 1, *values = keys + 3 * referenceSize;
        struct row *row = &rows[slot];
        for (int pair = 0; pair < 3; pair++) {
            uint64_t key = bigEndian(keys + pair * referenceSize, referenceSize);
            uint64_t value = bigEndian(values + pair * referenceSize, referenceSize);
            if (value >= objectCount) goto bad;
            if (key == idKey) {
                if (parseID(value, row->id) != 0) goto bad;
            } else if (key == nameKey) {
                if (checkString(value) == 3) goto bad;
                row->name = (uint32_t)value;
            } else if (key == officeKey) {
                if (checkString(value) == 3) goto bad;
                row->office = (uint32_t)value;
            } else {
                goto bad;
            }
        }
        }
    }
    return NULL;
bad:
    failed = 1;
    return NULL;
}

// The object of the first record's key `name`, or UINT64_MAX; the first record and its keys
// must lie before `limit` (the bytes read so far), or `*later` is set.
static uint64_t firstRecordKey(const char *name, uint64_t limit, int *later) {
    uint64_t position = offsetOf(bigEndian(topReferences, referenceSize));
    if (position + 1 + 6 * (uint64_t)referenceSize > limit) {
        *later = 1;
        return UINT64_MAX;
    }
    if (bytes[position] != 0xD3) return UINT64_MAX;
    for (int pair = 0; pair < 3; pair++) {
        uint64_t key = bigEndian(bytes + position + 1 + pair * referenceSize, referenceSize);
        if (key >= objectCount) return UINT64_MAX;
        if (offsetOf(key) + 16 > limit) {
            *later = 1;
            return UINT64_MAX;
        }
        const uint8_t *text;
        uint64_t count;
        if (string(key, &text, &count) == 5 && count == strlen(name) && memcmp(text, name, count) == 0) return key;
    }
    return UINT64_MAX;
}

// Finds the top array and the keys of the first record in the first `limit` bytes read: 1 when
// done, 0 when more must be read first, -1 when the file is not a list of people.
static int setUp(uint64_t top, uint64_t limit) {
    if (memcmp(bytes, "bplist00", 8) != 0) return -1;
    uint64_t position = offsetOf(top);
    if (position + 10 >= offsetTable) return -1;
    if (position + 10 > limit) return 0;
    if (bytes[position] >> 4 != 0xA) return -1;
    const uint8_t *next = bytes + position + 1;
    recordCount = bytes[position] & 15;
    if (recordCount == 15) {
        int width = 1 << (*next & 15);
        recordCount = bigEndian(next + 1, width);
        next += 1 + width;
    }
    if ((uint64_t)(next - bytes) + recordCount * referenceSize > offsetTable || recordCount == 0) return -1;
    if ((uint64_t)(next - bytes) + referenceSize > limit) return 0;
    topReferences = next;
    int later = 0;
    idKey = firstRecordKey("id", limit, &later);
    nameKey = firstRecordKey("name", limit, &later);
    officeKey = firstRecordKey("office", limit, &later);
    if (later) return 0;
    return idKey == UINT64_MAX || nameKey == UINT64_MAX || officeKey == UINT64_MAX ? -1 : 1;
}

static int fail(const char *what, const char *path) {
    fprintf(stderr, "directory-bound: %s %s%s%s\n", what, path, errno ? ": " : "", errno ? strerror(errno) : "");
    return 1;
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: directory-bound FILE [THREADS]\n");
        return 2;
    }
    const char *path = argv[1];
    int threads = argc == 3 ? atoi(argv[2]) : 2;
    if (threads < 1 || threads > 16) threads = 2;
    memset(digitValue, 0xF0, sizeof digitValue);
    for (int digit = 0; digit < 10; digit++) digitValue['0' + digit] = (uint8_t)digit;
    for (int letter = 0; letter < 6; letter++) digitValue['A' + letter] = digitValue['a' + letter] = (uint8_t)(10 + letter);

    double started = now();
    int input = open(path, O_RDONLY | O_CLOEXEC);
    if (input < 0) return fail("cannot open", path);
    struct stat status;
    if (fstat(input, &status) != 0) return fail("cannot stat", path);
    size = (size_t)status.st_size;
    uint8_t *buffer = malloc(size > 0 ? size : 1);
    if (buffer == NULL) return fail("no memory for", path);
    bytes = buffer;
    errno = 0;
    // The trailer first, and the offset table it points to: every record is found through it.
    if (size < 40 || pread(input, buffer + size - 32, 32, (off_t)(size - 32)) != 32)
        return fail("not a binary property list:", path);
    const uint8_t *trailer = bytes + size - 32;
    offsetSize = trailer[6];
    referenceSize = trailer[7];
    objectCount = bigEndian(trailer + 8, 8);
    uint64_t top = bigEndian(trailer + 16, 8);
    offsetTable = bigEndian(trailer + 24, 8);
    if (offsetSize < 1 || offsetSize > 8 || referenceSize < 1 || referenceSize > 8 || top >= objectCount
        || objectCount > size || offsetTable < 8 || offsetTable + objectCount * offsetSize > size - 32)
        return fail("a damaged trailer in", path);
    size_t done = 0;
    while (offsetTable + done < size - 32) {
        ssize_t count = pread(input, buffer + offsetTable + done, size - 32 - offsetTable - done,
            (off_t)(offsetTable + done));
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot read", path);
        done += (size_t)count;
    }
    // Then the objects from the start, a piece at a time; the records are parsed behind the
    // read on the other threads, each waiting for the bytes it needs.
    const size_t piece = 4 << 20;
    done = 0;
    int started_threads = 0;
    pthread_t workers[16];
    while (done < offsetTable) {
        size_t wanted = offsetTable - done < piece ? offsetTable - done : piece;
        ssize_t count = read(input, buffer + done, wanted);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot read", path);
        done += (size_t)count;
        atomic_store_explicit(&readEnd, done, memory_order_release);
        if (started_threads) continue;
        // Set up as soon as the top array and the first record are read (in the writer's
        // files, in the first piece), then start the threads.
        int ready = setUp(top, done);
        if (ready < 0) return fail("no people in", path);
        if (ready == 0) continue;
        checked = calloc(objectCount, 1);
        rows = malloc(recordCount * sizeof *rows);
        if (checked == NULL || rows == NULL) return fail("no memory for", path);
        for (int index = 0; index < threads; index++) pthread_create(&workers[index], NULL, parse, NULL);
        started_threads = 1;
    }
    close(input);
    double read = now();
    if (!started_threads) return fail("no people in", path);
    for (int index = 0; index < threads; index++) pthread_join(workers[index], NULL);
    if (failed) return fail("a record not of people in", path);
    double parsed = now();

    size_t length = strlen(path);
    char *temporary = malloc(length + 16);
    char *folderPath = strdup(path);
    if (temporary == NULL || folderPath == NULL) return fail("no memory for", path);
    snprintf(temporary, length + 16, "%s.bound-%d", path, (int)getpid());
    int output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (output < 0) return fail("cannot create", temporary);
    done = 0;
    while (done < size) {
        ssize_t count = write(output, bytes + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot write", temporary);
        done += (size_t)count;
    }
    if (fsync(output) != 0) return fail("cannot fsync", temporary);
    if (close(output) != 0) return fail("cannot close", temporary);
    if (rename(temporary, path) != 0) return fail("cannot rename over", path);
    const char *folder = dirname(folderPath);
    int directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return fail("cannot open", folder);
    if (fsync(directory) != 0) return fail("cannot fsync", folder);
    close(directory);
    double written = now();
    if (getenv("BOUND_TIMES") != NULL) {
        fprintf(stderr, "read %.3f s, parse %.3f s, write %.3f s; %llu records, %llu objects\n", read - started,
            parsed - read, written - parsed, (unsigned long long)recordCount, (unsigned long long)objectCount);
    }
    free(buffer);
    free(temporary);
    free(folderPath);
    return 0;
}
