// directory-bound FILE [THREADS]: the least a program can do to load and save a binary
// property list of people: the benchmark's "least parse" row beside the binary plist's floor
// (docs/performance.md, "how far the binary plist row can go").
//
// It does what directory-floor does (read FILE whole; write it to a new file beside it,
// fsync, rename over FILE, fsync of the folder) and, between the read and the write, parses
// the list and keeps it, with no more work than that needs:
// - the trailer and the top array are read and checked;
// - each record (split in THREADS equal runs, one thread each, 2 by default) is found through
//   the offset table, must be a dictionary of three pairs whose keys are the first record's
//   `id`, `name` and `office` objects, and every reference must be in range;
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
    if (position + 1 >= size) return -1;
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
    if ((uint64_t)(next - bytes) + byteCount > size) return -1;
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

struct run {
    uint64_t first, end;
};

static void *parse(void *argument) {
    struct run *run = argument;
    for (uint64_t slot = run->first; slot < run->end && !failed; slot++) {
        uint64_t record = bigEndian(topReferences + slot * referenceSize, referenceSize);
        if (record >= objectCount) goto bad;
        uint64_t position = offsetOf(record);
        if (position + 1 + 6 * (uint64_t)referenceSize > size || bytes[position] != 0xD3) goto bad;
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
    return NULL;
bad:
    failed = 1;
    return NULL;
}

// The object of the first record's key `name`, or UINT64_MAX.
static uint64_t firstRecordKey(const char *name) {
    uint64_t position = offsetOf(bigEndian(topReferences, referenceSize));
    if (position + 1 + 6 * (uint64_t)referenceSize > size || bytes[position] != 0xD3) return UINT64_MAX;
    for (int pair = 0; pair < 3; pair++) {
        uint64_t key = bigEndian(bytes + position + 1 + pair * referenceSize, referenceSize);
        const uint8_t *text;
        uint64_t count;
        if (string(key, &text, &count) == 5 && count == strlen(name) && memcmp(text, name, count) == 0) return key;
    }
    return UINT64_MAX;
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
    size_t done = 0;
    while (done < size) {
        ssize_t count = read(input, buffer + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot read", path);
        done += (size_t)count;
    }
    close(input);
    bytes = buffer;
    double read = now();

    errno = 0;
    if (size < 40 || memcmp(bytes, "bplist00", 8) != 0) return fail("not a binary property list:", path);
    const uint8_t *trailer = bytes + size - 32;
    offsetSize = trailer[6];
    referenceSize = trailer[7];
    objectCount = bigEndian(trailer + 8, 8);
    uint64_t top = bigEndian(trailer + 16, 8);
    offsetTable = bigEndian(trailer + 24, 8);
    if (offsetSize < 1 || offsetSize > 8 || referenceSize < 1 || referenceSize > 8 || top >= objectCount
        || objectCount > size || offsetTable + objectCount * offsetSize > size)
        return fail("a damaged trailer in", path);
    uint64_t position = offsetOf(top);
    if (position + 2 >= size || bytes[position] >> 4 != 0xA) return fail("no top array in", path);
    const uint8_t *next = bytes + position + 1;
    recordCount = bytes[position] & 15;
    if (recordCount == 15) {
        int width = 1 << (*next & 15);
        recordCount = bigEndian(next + 1, width);
        next += 1 + width;
    }
    if ((uint64_t)(next - bytes) + recordCount * referenceSize > size || recordCount == 0)
        return fail("a damaged top array in", path);
    topReferences = next;
    idKey = firstRecordKey("id");
    nameKey = firstRecordKey("name");
    officeKey = firstRecordKey("office");
    if (idKey == UINT64_MAX || nameKey == UINT64_MAX || officeKey == UINT64_MAX)
        return fail("no people in", path);
    checked = calloc(objectCount, 1);
    rows = malloc(recordCount * sizeof *rows);
    if (checked == NULL || rows == NULL) return fail("no memory for", path);
    pthread_t workers[16];
    struct run runs[16];
    for (int index = 0; index < threads; index++) {
        runs[index].first = recordCount * index / threads;
        runs[index].end = recordCount * (index + 1) / threads;
    }
    for (int index = 1; index < threads; index++) pthread_create(&workers[index], NULL, parse, &runs[index]);
    parse(&runs[0]);
    for (int index = 1; index < threads; index++) pthread_join(workers[index], NULL);
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
