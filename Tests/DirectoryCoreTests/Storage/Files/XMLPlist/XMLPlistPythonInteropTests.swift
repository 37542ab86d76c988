import Foundation
import Testing

@testable import DirectoryCore

/// Finds `python3` for the interop tests.
enum XMLPlistPython {
    /// The path of `python3`, or `nil` (after printing why the tests skip).
    static let path: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in paths where FileManager.default.isExecutableFile(atPath: "\(directory)/python3") {
            return "\(directory)/python3"
        }
        print("XMLPlistPythonInteropTests skipped: python3 is not on PATH")
        return nil
    }()

}

/// Python's `plistlib` reads what `XMLPlistRecordWriter` writes, and
/// `XMLPlistRecordReader` reads what `plistlib` writes, with the same values.
/// Skipped (with a printed reason) when `python3` is not installed.
@Suite(.enabled(if: XMLPlistPython.path != nil, "python3 is not installed"))
struct XMLPlistPythonInteropTests {
    typealias Data_ = XMLPlistTestData

    /// Runs `script` with `input` on standard input and returns standard output.
    static func run(_ script: String, input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: XMLPlistPython.path ?? "python3")
        process.arguments = ["-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FileFormatError("python3 exited with status \(process.terminationStatus)")
        }
        return Array(output)
    }

    @Test("plistlib reads the records written")
    func plistlibReadsWrittenRecords() throws {
        let records =
            Data_.people(200, seed: 12, pieces: Data_.plainPieces + ["\r", "\r\n"]).map(Data_.record) + [
                Record(
                    id: RecordID(high: 3, low: 4), values: [.text("\r\n\t x"), .text("")],
                    extras: [
                        KeyedValue("n", .integer(-5)), KeyedValue("r", .real(0.1)), KeyedValue("b", .bool(false)),
                        KeyedValue("d", .data([0, 255, 7])), KeyedValue("when", .date(757_296_000)),
                        KeyedValue("nested", .array([.dictionary([KeyedValue("k", .string("v"))])])),
                    ])
            ]
        let script = """
            import sys, plistlib, json, datetime, base64
            def plain(v):
                if isinstance(v, bytes): return {"data": base64.b64encode(v).decode()}
                if isinstance(v, datetime.datetime): return {"date": (v - datetime.datetime(2001, 1, 1)).total_seconds()}
                if isinstance(v, dict): return {k: plain(x) for k, x in v.items()}
                if isinstance(v, list): return [plain(x) for x in v]
                return v
            json.dump(plain(plistlib.loads(sys.stdin.buffer.read())), sys.stdout, ensure_ascii=True)
            """
        let output = try Self.run(script, input: XMLPlistRecordWriter.write(records, kind: .person))
        let list = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [[String: Any]])
        #expect(list.count == records.count)
        for (dictionary, record) in zip(list, records) {
            #expect(dictionary["id"] as? String == record.id.description)
            // An XML parser reads a raw carriage return (Foundation writes it raw) as a line feed.
            #expect(dictionary["name"] as? String == record.values[0].text.map(Self.lineFeeds))
            #expect(dictionary["office"] as? String == record.values[1].text.map(Self.lineFeeds))
        }
        let last = try #require(list.last)
        #expect(last["n"] as? Int == -5 && last["r"] as? Double == 0.1 && last["b"] as? Bool == false)
        #expect((last["d"] as? [String: String])?["data"] == "AP8H")
        #expect((last["when"] as? [String: Double])?["date"] == 757_296_000)
        #expect(((last["nested"] as? [[String: String]])?.first)?["k"] == "v")
    }

    @Test("reads what plistlib writes")
    func readsWhatPlistlibWrites() throws {
        let people = Data_.people(200, seed: 13, pieces: Data_.plainPieces)
        let json = try JSONEncoder().encode(
            people.map { ["id": $0.id.uuidString, "name": $0.name, "office": $0.office] })
        let script = """
            import sys, plistlib, json, datetime
            people = json.load(sys.stdin)
            people[0]["extra"] = [1, 2.5, True, b"\\x00\\x01", {"z": "y"}, datetime.datetime(2024, 12, 31, 23, 59, 58)]
            sys.stdout.buffer.write(plistlib.dumps(people, fmt=plistlib.FMT_XML, sort_keys=False))
            """
        let output = try Self.run(script, input: Array(json))
        let records = try Data_.read(output, kind: .person)
        #expect(records.map { Record(id: $0.id, values: $0.values) } == people.map(Data_.record))
        #expect(
            records.first?.extras.realsAsDoubles == [
                KeyedValue(
                    "extra",
                    .array([
                        .integer(1), .real(2.5), .bool(true), .data([0, 1]),
                        .dictionary([KeyedValue("z", .string("y"))]),
                        .date(757_382_398),
                    ]))
            ])
    }

    /// `text` as an XML parser reads it: each carriage return (and CR LF) a line feed.
    static func lineFeeds(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n", previous == "\r" {
                previous = scalar
                continue
            }
            result.append(scalar == "\r" ? "\n" : scalar)
            previous = scalar
        }
        return String(result)
    }
}
