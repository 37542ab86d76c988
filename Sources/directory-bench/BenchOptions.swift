/// The benchmark's command line.
struct BenchOptions {
    /// Runs of each command; the table shows medians.
    var runs = 5
    /// People in the large files (load + edit + save).
    var people = 1_000_000
    /// People in the small file (start-up, and the low end of the growth check).
    var smallPeople = 100_000
    /// `new` + `set` pairs in the script compared with sqlite3.
    var scriptPeople = 100_000
    /// The `directory` executable; by default the one next to this program.
    var directory: String?
    /// `--floor PATH`: the floor program (read, write, fsync, rename); by default the one
    /// next to this program.
    var floor: String?
    /// `--bound PATH`: the binary plist's least parse (the floor and the least parse that
    /// keeps the list); by default the one next to this program.
    var bound: String?
    /// `--json-bound PATH`: JSON's least parse (`scripts/bounds/json-bound.cc`, built by
    /// `scripts/bench` where simdjson is installed); its row is skipped without it.
    var jsonBound: String?
    /// `--before PATH`: an older `directory` executable, run interleaved with `directory` on
    /// every one of its commands, for a before/after table.
    var before: String?
    /// Where the data and the reference scripts go; by default a fresh temporary folder, removed after.
    var workFolder: String?
    /// `--postgresql-only`: only the PostgreSQL rows.
    var postgresqlOnly = false
    /// `--help`.
    var help = false

    /// The usage text.
    static let usage = """
        usage: directory-bench [--quick] [--runs K] [--people N] [--small-people N]
                               [--script-people N] [--directory PATH] [--work DIR]
                               [--before PATH] [--floor PATH] [--bound PATH]
                               [--json-bound PATH] [--postgresql-only]

        Generates people files and a script, runs directory and the tools a user would
        reach for instead (python3's json and plistlib, orjson, msgspec, the sqlite3 shell,
        psql) side by side, K times each, interleaved, times find and Tab completion at the
        prompt in-process, times directory-floor (the I/O of a save and nothing else) on
        each large file, the least parse that keeps the list (the floor and the parse) on
        the binary plist and on JSON, and prints median times, peak memory, ratios and each
        goal of issues 34, 14, 5 and 11 as PASS or MISS. Missing tools are reported as
        skipped.

          --quick            a smoke run: 2,000 people, 1,000 script records, 1 run
          --runs K           runs of each command (default 5)
          --people N         people in the large files (default 1,000,000)
          --small-people N   people in the start-up file (default 100,000)
          --script-people N  new + set pairs in the script (default 100,000)
          --directory PATH   the directory executable (default: next to directory-bench)
          --before PATH      also run an older directory executable on each of directory's
                             commands, interleaved, and print a before/after table
          --floor PATH       the floor program (default: directory-floor next to directory-bench)
          --bound PATH       the binary plist's least parse (default: directory-bound next to
                             directory-bench)
          --json-bound PATH  JSON's least parse, with simdjson (scripts/bounds/json-bound.cc,
                             built by scripts/bench; without it, its row is skipped)
          --work DIR         keep data and scripts in DIR (default: a temporary folder)
          --postgresql-only  only the PostgreSQL rows (open, save as, edit + save, merging save, refresh,
                             bulk saves, the triggers' cost in the server's CPU, one-edit CPU)
        """

    /// Parses `arguments`; throws a message for a bad one.
    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions {
        var options = BenchOptions()
        var index = 0
        func value() throws(BenchUsageError) -> String {
            index += 1
            guard index < arguments.count else { throw BenchUsageError("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        func count() throws(BenchUsageError) -> Int {
            let text = try value()
            guard let number = Int(text.filter { $0 != "_" && $0 != "," }),
                number > 0
            else { throw BenchUsageError("\(arguments[index - 1]) needs a positive number, not '\(text)'") }
            return number
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--postgresql-only":
                options.postgresqlOnly = true
            case "--quick":
                options.runs = 1
                options.people = 2_000
                options.smallPeople = 1_000
                options.scriptPeople = 1_000
            case "--runs": options.runs = try count()
            case "--people": options.people = try count()
            case "--small-people": options.smallPeople = try count()
            case "--script-people": options.scriptPeople = try count()
            case "--directory": options.directory = try value()
            case "--work": options.workFolder = try value()
            case "--before": options.before = try value()
            case "--floor": options.floor = try value()
            case "--bound": options.bound = try value()
            case "--json-bound": options.jsonBound = try value()
            case "--help", "-h": options.help = true
            default: throw BenchUsageError("unknown option '\(arguments[index])'")
            }
            index += 1
        }
        return options
    }
}

/// A command-line mistake, with what to say.
struct BenchUsageError: Error {
    /// The message, without the program name.
    let message: String

    /// Creates an error saying `message`.
    init(_ message: String) { self.message = message }
}
