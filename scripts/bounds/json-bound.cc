// json-bound FILE: the least a program that parses JSON at the speed of the fastest published
// parser can do to load and save a JSON list of people, for docs/performance.md ("how far the
// JSON row can go").
//
// It does what directory-floor does (read FILE whole; write it to a new file beside it, fsync,
// rename over FILE, fsync of the folder) and, between the read and the write, parses the list
// with simdjson (Debian's libsimdjson-dev, its On Demand parser, which builds nothing but what
// is asked for) on two threads, the list split at a record past the middle into two documents
// (see `main`), and keeps it: each record must be an object with string `id`, `name` and
// `office`, each id 36 characters parsed to 16 bytes, and each row kept as the id and its two
// texts where they lie in the file (a text with an escape: the parser's unescaped copy). No
// content hash, no repeated-id numbering. With BOUND_TIMES set it prints the read, parse and
// write times on standard error.
//
// Build and run (the benchmark's file, made by `directory-bench --work DIR`):
//   c++ -O3 -march=native -std=c++17 -pthread -o /tmp/json-bound scripts/bounds/json-bound.cc -lsimdjson
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
#include <thread>
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

// A string value's text where it lies in the document: the raw token without its quotes
// when it holds no escape, which nearly every text of a list of people does; otherwise the
// parser's unescaped copy. False when the value is not a string.
bool text(simdjson::ondemand::value value, std::string_view &text) {
    std::string_view raw = value.raw_json_token();
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t'))
        raw.remove_suffix(1);
    if (raw.size() < 2 || raw.front() != '"' || raw.back() != '"') return false;
    raw = raw.substr(1, raw.size() - 2);
    if (std::memchr(raw.data(), '\\', raw.size()) == nullptr) {
        text = raw;
        return true;
    }
    return !value.get_string().get(text);
}

// A document parsed and kept on one thread (simdjson's On Demand parser: nothing built but
// what is asked for): each record an object of string `id`, `name` and `office`, its row the
// id's 16 bytes and the two texts where they lie.
struct Part {
    const char *start = nullptr;
    size_t length = 0;
    size_t capacity = 0;
    simdjson::ondemand::parser parser;
    std::vector<Row> rows;
    bool ok = true;

    Part() = default;
    Part(const char *start, size_t length, size_t capacity) : start(start), length(length), capacity(capacity) {}
    Part &operator=(Part &&other) = default;

    void parse() {
        ok = false;
        if (start == nullptr) return;
        simdjson::padded_string_view json(start, length, capacity);
        simdjson::ondemand::document document;
        simdjson::ondemand::array records;
        if (parser.iterate(json).get(document) || document.get_array().get(records)) return;
        rows.reserve(length / 64);
        for (auto element : records) {
            simdjson::ondemand::object object;
            if (element.get_object().get(object)) return;
            Row row;
            int seen = 0;
            for (auto field : object) {
                std::string_view key, value;
                if (field.unescaped_key().get(key) || !text(field.value(), value)) return;
                if (key == "id" && parseID(value, row.id)) {
                    seen |= 1;
                } else if (key == "name") {
                    row.name = value;
                    seen |= 2;
                } else if (key == "office") {
                    row.office = value;
                    seen |= 4;
                } else {
                    return;
                }
            }
            if (seen != 7) return;
            rows.push_back(row);
        }
        ok = true;
    }
};

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
    // Two parts at once, each a document of its own: the list up to a record past the middle,
    // closed by a `]` written over the `,` after it; that next record alone, copied; and the
    // rest, opened by a `[` written over the `,` before it. The two bytes are put back before
    // the write. A split inside a text makes a part fail to parse: one part is then the whole.
    Part parts[3];
    std::string middle;
    size_t first = 0, second = 0;
    if (size > (1 << 20)) {
        std::string_view all(buffer, size);
        first = all.find("},{", size / 2);
        if (first != std::string_view::npos) second = all.find("},{", first + 2);
        if (first == std::string_view::npos || second == std::string_view::npos) first = second = 0;
    }
    if (second > 0) {
        middle = "[" + std::string(buffer + first + 2, second + 1 - (first + 2)) + "]";
        size_t middleLength = middle.size();
        middle.resize(middleLength + simdjson::SIMDJSON_PADDING, ' ');
        buffer[first + 1] = ']';
        buffer[second + 1] = '[';
        parts[0] = Part{buffer, first + 2, size + simdjson::SIMDJSON_PADDING};
        parts[1] = Part{middle.data(), middleLength, middle.size()};
        parts[2] = Part{buffer + second + 1, size - second - 1, size - second - 1 + simdjson::SIMDJSON_PADDING};
        std::thread other([&] { parts[2].parse(); });
        parts[0].parse();
        parts[1].parse();
        other.join();
        buffer[first + 1] = ',';
        buffer[second + 1] = ',';
    }
    if (second == 0 || !parts[0].ok || !parts[1].ok || !parts[2].ok) {
        parts[0] = Part{buffer, size, size + simdjson::SIMDJSON_PADDING};
        parts[1] = Part{};
        parts[2] = Part{};
        parts[0].parse();
    }
    if (!parts[0].ok || !parts[1].ok || !parts[2].ok) return fail("not a JSON list of people:", path);
    size_t kept = parts[0].rows.size() + parts[1].rows.size() + parts[2].rows.size();
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
        std::fprintf(stderr, "read %.3f s, parse %.3f s (%s), write %.3f s; %zu records\n", read - started,
            walked - read, parts[2].start != nullptr ? "two threads" : "one thread", written - walked, kept);
    }
    std::free(buffer);
    return 0;
}
