import Foundation
import Testing

@testable import DirectoryCore

/// The committed fuzzing corpus (`fuzz/corpus/TARGET/`), replayed on every test run:
/// the seeds, and every input that once crashed a target, must never crash again.
@Suite("Fuzzing corpus replay")
struct FuzzCorpusReplayTests {
    /// The folder of one target's corpus in the repository.
    static func corpus(_ target: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/\(target)")
    }

    /// The contents of every file in a target's corpus, by file name.
    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = corpus(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test("every command-parser input parses or gives a ParseError with a message")
    func parserCorpus() throws {
        let inputs = try Self.inputs("parser")
        #expect(inputs.count >= 20)
        for input in inputs {
            let line = String(decoding: input.bytes, as: UTF8.self)
            do {
                _ = try CommandParser.parse(line)
            } catch {
                #expect(!error.message.isEmpty, "\(input.name)")
            }
        }
    }

    @Test("every two-session script runs to the end, and every list saved keeps its ids unique")
    func sessionCorpus() throws {
        let inputs = try Self.inputs("session")
        #expect(inputs.count >= 20)
        for input in inputs {
            let store = MemoryStore()
            var first = try Session.test(store: store)
            try first.run("save")
            var second = try Session.test(store: store)
            let text = String(decoding: input.bytes, as: UTF8.self)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("|") {
                    _ = try? second.run(String(line.dropFirst()))
                } else {
                    _ = try? first.run(String(line))
                }
            }
            let saved = store.file("/data/directory.plist")?.records.map(\.id) ?? []
            #expect(Set(saved).count == saved.count, "\(input.name)")
        }
    }

    @Test(
        "every reader input reads, or fails with a FileFormatError; what reads writes back and reads again",
        arguments: [("json", FileFormat.json), ("xml-plist", .xmlPlist), ("binary-plist", .binaryPlist)])
    func readerCorpus(target: String, format: FileFormat) throws {
        let inputs = try Self.inputs(target)
        #expect(inputs.count >= 20)
        var read = 0
        for input in inputs {
            for kind in [nil, ListKind.person, ListKind.bucket] {
                let decoded = try? RecordCodec.decode(
                    RawSpan(_elements: input.bytes.span), format: format, kind: kind)
                guard let decoded else { continue }
                read += 1
                let written = RecordCodec.encode(decoded.records, kind: decoded.kind, format: format)
                let again = try? RecordCodec.decode(
                    RawSpan(_elements: written.span), format: format, kind: decoded.kind)
                // Records keep their ids, texts and extras; an XML plist <date> holds whole seconds only.
                let context = "\(input.name) as \(kind?.noun ?? "any kind")"
                #expect(again?.records.map(\.id) == decoded.records.map(\.id), "\(context)")
                #expect(again?.records.map(\.extras) == decoded.records.map(\.extras), "\(context)")
                #expect(
                    again?.records.map { $0.values.compactMap(\.text) }
                        == decoded.records.map { $0.values.compactMap(\.text) },
                    "\(context)")
            }
        }
        #expect(read > 0, "no input of \(target) is a valid list")
    }

    @Test("no reader crashes on another format's corpus")
    func crossFormat() throws {
        let all = try ["json", "xml-plist", "binary-plist"].flatMap { try Self.inputs($0) }
        for input in all {
            for format in FileFormat.allCases {
                _ = try? RecordCodec.decode(RawSpan(_elements: input.bytes.span), format: format, kind: nil)
            }
        }
    }
}
