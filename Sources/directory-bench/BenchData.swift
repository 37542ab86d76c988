import DirectoryCore
import Foundation

/// The files a benchmark run works on: people files in every format, the script
/// for `directory` and the same inserts for sqlite3, and the reference programs.
struct BenchData {
    /// The folder everything is in.
    let folder: String
    /// The large files, by format.
    let large: [FileFormat: String]
    /// The small JSON file.
    let small: String
    /// The script of `new` and `set` lines, ending with `save`.
    let script: String
    /// The same people as SQL inserts in one transaction.
    let inserts: String
    /// The large files' people in an SQLite database (id, name, office), for the one-shot find.
    let findDatabase: String
    /// How many of the large files' people the one-shot find matches.
    let findMatches: Int

    /// Generates every file into `folder`.
    static func generate(in folder: String, options: BenchOptions, log: (String) -> Void) throws -> BenchData {
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        var generator = PeopleGenerator()
        let people = generator.records(options.people)
        var large: [FileFormat: String] = [:]
        for (format, name) in [
            (FileFormat.json, "people.json"), (.binaryPlist, "people.plist"), (.xmlPlist, "people-xml.plist"),
        ] {
            let path = folder + "/data/" + name
            log("writing \(options.people) people as \(format.rawValue): \(path)")
            try write(RecordCodec.encode(people, kind: .person, format: format), to: path)
            large[format] = path
        }
        let small = folder + "/data/people-small.json"
        var smallPeople = Array(people.prefix(options.smallPeople))
        if smallPeople.count < options.smallPeople {
            smallPeople += generator.records(options.smallPeople - smallPeople.count)
        }
        try write(RecordCodec.encode(smallPeople, kind: .person, format: .json), to: small)
        var script = ""
        var sql = "CREATE TABLE people (id TEXT PRIMARY KEY, name TEXT NOT NULL, office TEXT NOT NULL);\nBEGIN;\n"
        for _ in 0..<options.scriptPeople {
            let (id, name, office) = (generator.id(), generator.name(), generator.office())
            script += "new \(name)\nset office \"\(office)\"\n"
            sql += "INSERT INTO people VALUES ('\(id)', '\(quoted(name))', '\(quoted(office))');\n"
        }
        script += "save\n"
        sql += "COMMIT;\n"
        let data = BenchData(
            folder: folder, large: large, small: small, script: folder + "/data/script.txt",
            inserts: folder + "/data/inserts.sql", findDatabase: folder + "/data/people.db",
            findMatches: findMatches(in: people))
        try writeFindDatabase(people, to: data.findDatabase, log: log)
        try write(Array(script.utf8), to: data.script)
        try write(Array(sql.utf8), to: data.inserts)
        for (name, text) in ReferencePrograms.scripts {
            try write(Array(text.utf8), to: data.reference(name))
        }
        return data
    }

    /// The size of the file at `path` in bytes, or 0 when it cannot be read.
    static func size(of path: String) -> Double {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.doubleValue ?? 0
    }

    /// The path of the reference program `name` (see `ReferencePrograms.scripts`).
    func reference(_ name: String) -> String { folder + "/" + name }

    /// A scratch path in the work folder for a command to edit.
    func scratch(_ name: String) -> String { folder + "/scratch-" + name }

    /// `text` with SQL's single quotes doubled.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "''")
    }

    /// Writes `bytes` to `path`, replacing it.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Copies `source` over `target` (to restore a file a command edited), and waits until
    /// the copy and its folder are on the disk: a timed command then starts with no write of
    /// the copy still pending, which its own `fsync` would otherwise wait for, or meet half
    /// way when the kernel writes dirty pages back 30 s later.
    static func copy(_ source: String, to target: String) throws {
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        try flush(target)
        try flush(URL(fileURLWithPath: target).deletingLastPathComponent().path)
    }

    /// `fsync` of the file or folder at `path`.
    private static func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BenchUsageError("cannot open \(path) to flush it: errno \(errno)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BenchUsageError("cannot flush \(path): errno \(errno)") }
    }
}

/// The programs in other tools that do the same work as `directory`, as a user would write them.
enum ReferencePrograms {
    /// File name and text of each Python program.
    static let scripts: [(String, String)] = [
        ("json_edit.py", jsonEdit("json", decode: "json.loads", encode: "json.dumps", mode: "w")),
        ("msgspec_edit.py", jsonEdit("msgspec", decode: "msgspec.json.decode", encode: "msgspec.json.encode")),
        ("orjson_edit.py", jsonEdit("orjson", decode: "orjson.loads", encode: "orjson.dumps")),
        (
            "plist_edit.py",
            """
            import plistlib, sys
            path, kind = sys.argv[1], sys.argv[2]
            with open(path, "rb") as f:
                people = plistlib.load(f)
            people.append({"id": "00000000-0000-4000-8000-000000000000", "name": "Zoë Bench", "office": "Briggs 413"})
            with open(path, "wb") as f:
                plistlib.dump(people, f, fmt=plistlib.FMT_BINARY if kind == "binary" else plistlib.FMT_XML)

            """
        ),
        (
            "json_load.py",
            """
            import json, sys
            with open(sys.argv[1], "rb") as f:
                people = json.load(f)

            """
        ),
    ]

    /// A program that loads a JSON file with `module`, adds a person and writes the file back.
    private static func jsonEdit(_ module: String, decode: String, encode: String, mode: String = "wb") -> String {
        """
        import \(module), sys
        path = sys.argv[1]
        with open(path, "rb") as f:
            people = \(decode)(f.read())
        people.append({"id": "00000000-0000-4000-8000-000000000000", "name": "Zoë Bench", "office": "Briggs 413"})
        with open(path, "\(mode)") as f:
            f.write(\(encode)(people))

        """
    }
}

extension BenchData {
    /// Removes `path` if it is there (so a command starts without the file).
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
