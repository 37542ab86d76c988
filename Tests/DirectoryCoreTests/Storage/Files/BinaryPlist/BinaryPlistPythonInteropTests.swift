import Foundation
import Testing

@testable import DirectoryCore

/// Python's `plistlib` reads what the writer writes, and the reader reads what
/// `plistlib` writes. Skipped when `python3` is not installed.
@Suite(.enabled(if: BinaryPlistPython.isAvailable, "python3 with plistlib is not installed"))
struct BinaryPlistPythonInteropTests {
    typealias TestData = BinaryPlistTestData

    /// A fresh path in the temporary directory.
    func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("bplist-\(UUID().uuidString)-\(name)")
    }

    /// `plistlib` loads the writer's file and writes it back; the reader then finds the same records.
    @Test("plistlib reads the writer's file and writes it back; the reader finds the same records")
    func plistlibRoundTripsWhatTheWriterWrites() throws {
        var records = TestData.records(TestData.bucketItems(2_000, seed: 5)).map { record in
            var record = record
            // plistlib keeps dates to the microsecond only, and cannot hold
            // `Date.distantPast` (two days before Python's year 1).
            if case .date(let seconds) = record.values[2] {
                record.values[2] = .date(max((seconds * 4).rounded() / 4, -63_113_904_000))
            }
            return record
        }
        records[0].extras = BinaryPlistFoundationBridge.sampleExtras
        let input = temporaryFile("in.plist")
        let output = temporaryFile("out.plist")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        try Data(BinaryPlistRecordWriter.write(records, kind: .bucket)).write(to: input)
        let program = """
            import plistlib, sys
            with open(sys.argv[1], 'rb') as f: items = plistlib.load(f)
            print(len(items), items[0]['nested']['ключ'])
            with open(sys.argv[2], 'wb') as f: plistlib.dump(items, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
            """
        let printed = try BinaryPlistPython.run(program, arguments: [input.path, output.path])
        #expect(printed == "2000 значение\n")
        let (kind, read) = try TestData.decode([UInt8](try Data(contentsOf: output)))
        #expect(kind == .bucket)
        #expect(read == records)
    }

    /// 70,000 records need 3-byte references, which `plistlib` must read too.
    @Test("plistlib reads the writer's large lists, with 3-byte references")
    func plistlibReadsLargeListsFromTheWriter() throws {
        let people = TestData.people(70_000, seed: 9)
        let input = temporaryFile("large.plist")
        defer { try? FileManager.default.removeItem(at: input) }
        try Data(BinaryPlistRecordWriter.write(TestData.records(people), kind: .person)).write(to: input)
        let program = """
            import plistlib, sys
            with open(sys.argv[1], 'rb') as f: people = plistlib.load(f)
            print(len(people), people[-1]['id'], people[-1]['name'])
            """
        let printed = try BinaryPlistPython.run(program, arguments: [input.path])
        let last = try #require(people.last)
        #expect(printed == "70000 \(last.id.uuidString) \(last.name)\n")
    }

    @Test("reads what plistlib writes")
    func readsWhatPlistlibWrites() throws {
        let file = temporaryFile("python.plist")
        defer { try? FileManager.default.removeItem(at: file) }
        let program = """
            import plistlib, sys, datetime
            people = [
              {'id': 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f'.upper(), 'name': 'Zoë 😀 日本', 'office': 'Briggs 413',
               'since': datetime.datetime(2001, 1, 1, 0, 0, 1, 500000), 'level': 3, 'big': 2**40, 'neg': -7,
               'ok': True, 'score': 0.1, 'blob': b'\\x00\\xff', 'more': {'a': [1, 'x', {}], 'b': []}},
              {'id': '0F2E6C3B-8A41-4C7D-9E55-3B1D2A9F7C10', 'name': '', 'office': 'x' * 300},
            ]
            with open(sys.argv[1], 'wb') as f: plistlib.dump(people, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
            """
        try BinaryPlistPython.run(program, arguments: [file.path])
        let (kind, records) = try TestData.decode([UInt8](try Data(contentsOf: file)))
        #expect(kind == .person)
        #expect(records.count == 2)
        #expect(records.first?.id.description == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(records.first?.values == [.text("Zoë 😀 日本"), .text("Briggs 413")])
        #expect(
            records.first?.extras == [
                KeyedValue("since", .date(1.5)), KeyedValue("level", .integer(3)), KeyedValue("big", .integer(1 << 40)),
                KeyedValue("neg", .integer(-7)), KeyedValue("ok", .bool(true)), KeyedValue("score", .real(0.1)),
                KeyedValue("blob", .data([0, 0xFF])),
                KeyedValue(
                    "more",
                    .dictionary([
                        KeyedValue("a", .array([.integer(1), .string("x"), .dictionary([])])),
                        KeyedValue("b", .array([])),
                    ])),
            ])
        #expect(records.last?.values == [.text(""), .text(String(repeating: "x", count: 300))])
    }
}
