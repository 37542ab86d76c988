import Foundation
import Testing

@testable import DirectoryCore

/// The JSON codec against Python's `json` module: Python reads what the writer
/// writes, and what Python writes back (with and without `ensure_ascii`, so
/// with `\uXXXX` escapes and surrogate pairs) reads as the same records.
/// Skipped, with a printed reason, when `python3` is not installed.
struct JSONPythonInteropTests {
    /// Reads a JSON file and writes it back twice: ASCII-only, and as raw UTF-8.
    private static let script = """
        import json, sys
        with open(sys.argv[1], encoding="utf-8") as f:
            data = json.load(f)
        with open(sys.argv[2], "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=True)
        with open(sys.argv[3], "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        print(len(data))
        """

    private static var python: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"])
            .map { $0 + "/python3" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("Python reads what the writer writes and writes it back the same")
    func pythonReadsWhatTheWriterWritesAndWritesItBackTheSame() throws {
        guard let python = Self.python else {
            print("skipping JSON/Python interop test: python3 is not installed")
            return
        }
        var generator = JSONTestGenerator(seed: 11)
        let kind = ListKind.bucket
        let records = (0..<300).map { _ in
            Record(
                id: .random(using: &generator),
                values: [
                    .text(JSONTestSupport.hostileString(using: &generator)),
                    .text(JSONTestSupport.hostileString(using: &generator)),
                    .date(JSONTestSupport.seconds(using: &generator)),
                ],
                extras: (0..<2).map { KeyedValue("x\($0)", JSONTestSupport.propertyValue(using: &generator)) })
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "json-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json")
        let ascii = directory.appendingPathComponent("ascii.json")
        let utf8 = directory.appendingPathComponent("utf8.json")
        let scriptFile = directory.appendingPathComponent("roundtrip.py")
        try Data(JSONRecordWriter.write(records, kind: kind)).write(to: input)
        try Data(Self.script.utf8).write(to: scriptFile)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptFile.path, input.path, ascii.path, utf8.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == "\(records.count)")

        for file in [ascii, utf8] {
            let (readKind, read) = try JSONTestSupport.read(Array(try Data(contentsOf: file)))
            #expect(readKind == kind)
            #expect(JSONTestSupport.numbersAsReals(read) == records, "\(file.lastPathComponent)")
        }
    }
}
