// json-bound FILE: the least a program that parses JSON at the speed of the fastest published
// parser can do to load and save a JSON list of people, for docs/performance.md ("how far the
// JSON row can go").
//
// It does what directory-floor does (read FILE whole; write it to a new file beside it, fsync,
// rename over FILE, fsync of the folder) and, between the read and the write, parses the whole
// document with simdjson (Debian's libsimdjson-dev, its `dom::parser`, one thread: simdjson
// parses one document on one core) and keeps the list: each record must be an object with
// string `id`, `name` and `office`, each id 36 characters parsed to 16 bytes, and each row kept
// as the id and its two texts where the parser left them (no copy of them). No content hash,
// no repeated-id numbering. With BOUND_TIMES set it prints the read, parse (simdjson's, then
// the walk over the records) and write times on standard error: a split of the parse over two
// cores, which simdjson does not do, is at best half its time.
//
// Build and run (the benchmark's file, made by `directory-bench --work DIR`):
//   c++ -O3 -march=native -std=c++17 -o /tmp/json-bound scripts/bounds/json-bound.cc -lsimdjson
//   cp DIR/data/people.json /tmp/p.json && BOUND_TIMES=1 /tmp/json-bound /tmp/p.json
#include <simdjson.h>

#include <fcntl.h>
#include <libgen.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Row {
    uint8_t id[16];
    std::string_view name, office;
};

int fail(const char *what, const char *path) {
    std::fprintf(stderr, "json-bound: %s %s%s%s\n", what, path, errno ? ": " : "", errno ? std::strerror(errno) : "");
    return 1;
}

double now() {
    timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return double(time.tv_sec) + double(time.tv_nsec) / 1e9;
}

// Hexadecimal digits' values; 0xF0 for any other byte.
uint8_t digitValue[256];

bool parseID(std::string_view text, uint8_t *id) {
    if (text.size() != 36 || text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-') return false;
    static const int highDigits[16] = {0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34};
    uint8_t invalid = 0;
    for (int index = 0; index < 16; index++) {
        uint8_t high = digitValue[uint8_t(text[highDigits[index]])];
        uint8_t low = digitValue[uint8_t(text[highDigits[index] + 1])];
        invalid |= high | low;
        id[index] = uint8_t(high << 4 | (low & 15));
    }
    return (invalid & 0xF0) == 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: json-bound FILE\n");
        return 2;
    }
    const char *path = argv[1];
    std::memset(digitValue, 0xF0, sizeof digitValue);
    for (int digit = 0; digit < 10; digit++) digitValue['0' + digit] = uint8_t(digit);
    for (int letter = 0; letter < 6; letter++) digitValue['A' + letter] = digitValue['a' + letter] = uint8_t(10 + letter);
    double started = now();
    int input = open(path, O_RDONLY | O_CLOEXEC);
    if (input < 0) return fail("cannot open", path);
    struct stat status;
    if (fstat(input, &status) != 0) return fail("cannot stat", path);
    size_t size = size_t(status.st_size);
    // simdjson reads up to SIMDJSON_PADDING bytes past the end: the buffer has them.
    auto *buffer = static_cast<char *>(std::malloc(size + simdjson::SIMDJSON_PADDING));
    if (buffer == nullptr) return fail("no memory for", path);
    size_t done = 0;
    while (done < size) {
        ssize_t count = read(input, buffer + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot read", path);
        done += size_t(count);
    }
    close(input);
    std::memset(buffer + size, 0, simdjson::SIMDJSON_PADDING);
    double read = now();

    errno = 0;
    simdjson::dom::parser parser;
    simdjson::dom::element document;
    if (parser.parse(buffer, size, false).get(document)) return fail("not JSON:", path);
    double parsed = now();
    simdjson::dom::array records;
    if (document.get_array().get(records)) return fail("not a list in", path);
    std::vector<Row> rows;
    rows.reserve(records.size());
    for (simdjson::dom::element record : records) {
        simdjson::dom::object object;
        if (record.get_object().get(object)) return fail("a record not of people in", path);
        Row row;
        int seen = 0;
        for (simdjson::dom::key_value_pair field : object) {
            std::string_view text;
            if (field.value.get_string().get(text)) return fail("a record not of people in", path);
            if (field.key == "id" && parseID(text, row.id)) {
                seen |= 1;
            } else if (field.key == "name") {
                row.name = text;
                seen |= 2;
            } else if (field.key == "office") {
                row.office = text;
                seen |= 4;
            } else {
                return fail("a record not of people in", path);
            }
        }
        if (seen != 7) return fail("a record not of people in", path);
        rows.push_back(row);
    }
    double walked = now();

    std::string temporary = std::string(path) + ".bound-" + std::to_string(getpid());
    int output = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (output < 0) return fail("cannot create", temporary.c_str());
    done = 0;
    while (done < size) {
        ssize_t count = write(output, buffer + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return fail("cannot write", temporary.c_str());
        done += size_t(count);
    }
    if (fsync(output) != 0) return fail("cannot fsync", temporary.c_str());
    if (close(output) != 0) return fail("cannot close", temporary.c_str());
    if (rename(temporary.c_str(), path) != 0) return fail("cannot rename over", path);
    std::string folderPath(path);
    const char *folder = dirname(folderPath.data());
    int directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return fail("cannot open", folder);
    if (fsync(directory) != 0) return fail("cannot fsync", folder);
    close(directory);
    double written = now();
    if (std::getenv("BOUND_TIMES") != nullptr) {
        std::fprintf(stderr, "read %.3f s, parse %.3f s (simdjson %.3f s, walk %.3f s), write %.3f s; %zu records\n",
            read - started, walked - read, parsed - read, walked - parsed, written - walked, rows.size());
    }
    std::free(buffer);
    return 0;
}
