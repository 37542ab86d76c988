import DirectoryCore
import Foundation

/// The benchmark: generates the data, runs every command interleaved, prints the tables.
enum BenchProgram {
    /// Runs the benchmark; returns 0, or 1 when `directory` failed, 2 for a usage error.
    static func main(arguments: [String]) -> Int32 {
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(arguments)
        } catch {
            log("directory-bench: \(error.message)\n\(BenchOptions.usage)")
            return 2
        }
        if options.help {
            print(BenchOptions.usage)
            return 0
        }
        let folder = options.workFolder ?? FileManager.default.temporaryDirectory.path + "/directory-bench-\(getpid())"
        defer { if options.workFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }
        do {
            let program = try directoryProgram(options)
            let data = try BenchData.generate(in: folder, options: options, log: log)
            let suite = BenchSuite(
                data: data, directory: program, floor: floorProgram(options), bound: boundProgram(options),
                options: options)
            suite.skipMissingTools()
            let database = BenchDatabaseRows(data: data, directory: program, people: options.people, log: log)
            defer { database.cluster?.stop() }
            if options.postgresqlOnly {
                let bulk = BenchBulkRows(database: database, people: options.people, folder: folder, log: log)
                // With --before, each of our commands is followed by its twin, in every round.
                var twins: [Contender] = []
                var order: [Contender] = []
                for contender in database.contenders {
                    order.append(contender)
                    guard contender.isOurs, let before = options.before else { continue }
                    twins.append(contender.twin(running: before))
                    order.append(twins[twins.count - 1])
                }
                for run in 1...options.runs {
                    log("run \(run) of \(options.runs)")
                    for contender in run % 2 == 0 ? order.reversed() : order { try contender.measure() }
                    database.measureEditSave(run: run)
                    database.measureMergingSave(run: run)
                    bulk?.measure(run: run)
                }
                print("| goal | directory | compared with | ratio | goal | result |")
                print("|---|--:|--:|--:|--:|---|")
                for goal in database.goals {
                    let ours = goal.ours.seconds.map { String(format: "%.3f s", $0) } ?? "—"
                    let theirs = goal.referenceValue.map { String(format: "%.3f s", $0) } ?? "—"
                    let ratio = goal.ratio.map { String(format: "%.2f×", $0) } ?? "—"
                    print("| \(goal.work) | \(ours) | \(theirs) | \(ratio) | ≤ \(goal.limit)× | \(goal.verdict) |")
                }
                for line in bulk?.lines ?? [] { print(line) }
                print("")
                print("| goal | directory | runs | goal | result |")
                print("|---|--:|--:|--:|---|")
                print(database.editSaveLine)
                for line in database.mergingSaveLines { print(line) }
                if !twins.isEmpty {
                    print("")
                    print("| command | work | median | fastest – slowest |")
                    print("|---|---|--:|--:|")
                    for contender in database.contenders.filter(\.isOurs) + twins {
                        let median = contender.seconds.map { String(format: "%.3f s", $0) } ?? "—"
                        let range = contender.range.map { String(format: "%.3f – %.3f s", $0.0, $0.1) } ?? "—"
                        print("| \(contender.label) | \(contender.work) | \(median) | \(range) |")
                    }
                }
                return database.contenders.contains { $0.skipped != nil } ? 1 : 0
            }
            suite.add(database)
            for run in 1...options.runs {
                log("run \(run) of \(options.runs)")
                try suite.runOnce(run, reversed: run % 2 == 0)
                database.measureEditSave(run: run)
                database.measureMergingSave(run: run)
            }
            print(BenchReport(suite: suite, options: options, findMatches: data.findMatches).text)
            print("")
            print("| goal | directory | runs | goal | result |")
            print("|---|--:|--:|--:|---|")
            print(database.editSaveLine)
            for line in database.mergingSaveLines { print(line) }
            return suite.contenders.contains { $0.isOurs && $0.skipped != nil } ? 1 : 0
        } catch {
            log("directory-bench: \(error)")
            return 1
        }
    }

    /// The `directory` executable: `--directory`, or the one built next to this program.
    private static func directoryProgram(_ options: BenchOptions) throws -> String {
        if let path = options.directory { return path }
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let sibling = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("directory").path
        guard FileManager.default.isExecutableFile(atPath: sibling) else {
            throw BenchUsageError("no directory executable next to directory-bench; build it or pass --directory PATH")
        }
        return sibling
    }

    /// The floor program: `--floor`, or the one built next to this program (which may be
    /// missing: its rows are then skipped).
    private static func floorProgram(_ options: BenchOptions) -> String {
        options.floor ?? sibling("directory-floor")
    }

    /// The binary plist's least parse: `--bound`, or the one built next to this program (which
    /// may be missing: its row is then skipped).
    private static func boundProgram(_ options: BenchOptions) -> String {
        options.bound ?? sibling("directory-bound")
    }

    /// The path of the program `name` in this program's folder.
    private static func sibling(_ name: String) -> String {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Progress, on standard error.
    static func log(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

extension BenchUsageError: CustomStringConvertible {
    /// The message.
    var description: String { message }
}
