import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// A JSON list read in two parts at once gives exactly what one thread gives: the same
/// records in the same order, the same table (rows, values, key orders), the same version
/// (size and hash of the whole file), or the same first error with the same words and offset.
@Suite("JSON: a large list read in two parts")
struct JSONRecordStreamPartsTests {
    /// All a read gives, made comparable.
    struct Outcome: Equatable {
        var error: String?
        var kind = ""
        var records = ""
        var tableRows: [Int?] = []
        var ids: [RecordID] = []
        var starts: [UInt32] = []
        var bytes: [UInt8] = []
        var keyOrders: [KeyOrder?] = []
        var rowOrders: [UInt8] = []
        /// Where each row was in the file (`RecordOrigin`).
        var origins: [UInt32] = []
        var size = 0
        var hash: UInt64 = 0
        /// Whether the file was read in two parts (not compared).
        var inParts = false

        static func == (left: Outcome, right: Outcome) -> Bool {
            left.error == right.error && left.kind == right.kind && left.records == right.records
                && left.tableRows == right.tableRows && left.ids == right.ids && left.starts == right.starts
                && left.bytes == right.bytes && left.keyOrders == right.keyOrders && left.rowOrders == right.rowOrders
                && left.origins == right.origins && left.size == right.size && left.hash == right.hash
        }
    }

    /// Reads the file at `path` through windows of `capacity` bytes, as `split` allows.
    static func read(_ path: String, capacity: Int, split: JSONRecordStream.Split) throws -> Outcome {
        guard var window = try ReadWindow(path: path, capacity: capacity) else { return Outcome(error: "no file") }
        var builder = RecordBuilder(kind: nil, fallback: .person, sizeHint: window.expectedSize)
        var outcome = Outcome()
        do {
            outcome.inParts = try JSONRecordStream.read(&window, into: &builder, split: split)
        } catch {
            outcome.error = "\(error) at \(error.offset.map(String.init) ?? "-")"
            return outcome
        }
        let (kind, list) = builder.finish()
        outcome.kind = kind.noun
        outcome.records = String(reflecting: list.array)
        outcome.tableRows = list.indices.map { list.tableRow(at: $0) }
        if let table = list.table {
            outcome.ids = table.ids
            outcome.starts = table.starts
            outcome.bytes = table.bytes
            outcome.keyOrders = table.keyOrders
            outcome.rowOrders = table.rowOrders
            outcome.origins = table.origins
        }
        outcome.size = window.version.size
        outcome.hash = window.version.hash
        return outcome
    }

    /// Reads `bytes` from a file on one thread and in two parts, through windows of a few
    /// sizes, checks that they agree, and returns how many reads were in two parts.
    @discardableResult
    static func expectSameReads(
        _ bytes: [UInt8], _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let path = FileManager.default.temporaryDirectory.path + "/parts-" + UUID().uuidString + ".json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var inParts = 0
        for capacity in [64, 257, 4096] {
            let one = try read(path, capacity: capacity, split: .oneThread)
            let parts = try read(path, capacity: capacity, split: JSONRecordStream.Split(minimumBytes: 0))
            #expect(parts == one, "\(context), \(capacity)-byte windows", sourceLocation: sourceLocation)
            if parts.inParts { inParts += 1 }
        }
        return inParts
    }

    /// Texts that hold what a split looks for, escapes, and text outside ASCII.
    static let texts = [
        "Ann", "Zoë Brontë", "},{", "\"},{\"id\":\"", "a\\b", "tab\there", "line\nbreak", "高橋 413", "🧑🏽‍💻", "",
        "} , {", "x\u{01}y", "]", "[{", "Briggs 413",
    ]

    /// A random list of `count` records of JSON text: people or bucket items, in random key
    /// orders, some keys missing, some extras (arrays and objects holding `},{`), some ids repeated,
    /// with random white space between tokens when `spaced`.
    static func randomList(count: Int, bucket: Bool, spaced: Bool, using random: inout some RandomNumberGenerator)
        -> [UInt8]
    {
        var ids: [String] = []
        func space() -> String {
            guard spaced else { return "" }
            return ["", " ", "\n  ", "\t", "\r\n"].randomElement(using: &random) ?? ""
        }
        func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        var records: [String] = []
        for _ in 0..<count {
            let id: String
            if !ids.isEmpty, Int.random(in: 0..<20, using: &random) == 0 {
                id = ids.randomElement(using: &random) ?? ""
            } else {
                id = UUID().uuidString
                ids.append(id)
            }
            var members = ["\"id\"" + space() + ":" + space() + quoted(id)]
            let fields = bucket ? ["name", "note"] : ["name", "office"]
            for field in fields where Int.random(in: 0..<10, using: &random) > 0 {
                members.append(
                    quoted(field) + space() + ":" + space() + quoted(texts.randomElement(using: &random) ?? ""))
            }
            if bucket, Bool.random(using: &random) {
                members.append("\"completedDate\":" + String(Int.random(in: -1000...800_000_000, using: &random)))
            }
            if Int.random(in: 0..<8, using: &random) == 0 {
                members.append("\"extra\":[{\"a\":\"},{\"},{\"b\":[1,2.5,null,true]}]")
            }
            members.shuffle(using: &random)
            records.append("{" + space() + members.joined(separator: space() + "," + space()) + space() + "}")
        }
        let text =
            space() + "[" + space() + records.joined(separator: space() + "," + space()) + space() + "]" + space()
        return Array(text.utf8)
    }

    @Test("random lists read the same in two parts, spaced or not, people or bucket items")
    func randomLists() throws {
        var random = SeededGenerator(state: 33)  // the count of two-part reads below is the same every run
        var inParts = 0
        for round in 0..<24 {
            let bucket = round % 2 == 0
            let spaced = round % 3 == 0
            let bytes = Self.randomList(
                count: Int.random(in: 1...300, using: &random), bucket: bucket, spaced: spaced, using: &random)
            inParts += try Self.expectSameReads(bytes, "round \(round), bucket \(bucket), spaced \(spaced)")
        }
        // Most of these files must take the two-part path, or the test pins nothing.
        #expect(inParts > 24)
    }

    @Test("broken lists fail in two parts with one thread's error, record number and offset")
    func brokenLists() throws {
        var random = SystemRandomNumberGenerator()
        let hostile: [UInt8] = Array("{}[],:\"\\ x0\u{01}".utf8) + [0xC3, 0xFF]
        for round in 0..<40 {
            var bytes = Self.randomList(
                count: Int.random(in: 20...200, using: &random), bucket: round % 2 == 0, spaced: round % 4 == 0,
                using: &random)
            switch round % 4 {
            case 0:
                // A byte changed past the middle, where the second part reads.
                let at = Int.random(in: (bytes.count / 2)..<bytes.count, using: &random)
                bytes[at] = hostile.randomElement(using: &random) ?? 0
            case 1:
                // Bytes changed anywhere.
                for _ in 0..<3 {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = hostile.randomElement(using: &random) ?? 0
                }
            case 2:
                // Cut short.
                bytes.removeLast(Int.random(in: 1..<(bytes.count / 2), using: &random))
            default:
                // Something after the end, or a trailing comma.
                bytes += Array((Bool.random(using: &random) ? " x" : ",").utf8)
            }
            try Self.expectSameReads(bytes, "broken round \(round)")
        }
    }

    @Test("a split point inside a text is found and refused: the file reads as one thread reads it")
    func splitInsideText() throws {
        // Every text holds `},{` between records' worth of bytes, so the first place a split
        // is looked for is inside a string.
        var records: [String] = []
        for number in 0..<200 {
            let text = String(repeating: "},{", count: 30) + " \(number)"
            records.append("{\"id\":\"\(UUID().uuidString)\",\"name\":\"\(text)\",\"office\":\"B \(number)\"}")
        }
        let bytes = Array(("[" + records.joined(separator: ",") + "]").utf8)
        try Self.expectSameReads(bytes, "texts holding },{")
    }

    @Test("a large list is read in two parts through the reader's own windows")
    func largeList() throws {
        // Seeded: random texts can put `},{` where the split is looked for, and a refused split
        // reads on one thread (right, but then not what this test is about; found in CI).
        var random = SeededGenerator(state: 34)
        let bytes = Self.randomList(count: 20_000, bucket: false, spaced: false, using: &random)
        let path = FileManager.default.temporaryDirectory.path + "/parts-" + UUID().uuidString + ".json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let one = try Self.read(path, capacity: 1 << 16, split: .oneThread)
        let parts = try Self.read(path, capacity: 1 << 16, split: JSONRecordStream.Split(minimumBytes: 0))
        #expect(parts == one)
        #expect(parts.inParts)
        #expect(parts.hash == ContentHash.of(bytes))
    }

    @Test("a split is looked for only at a `{` after `}` and `,`")
    func recordStarts() {
        func start(_ text: String) -> Int? { JSONRecordReader.recordStart(in: Array(text.utf8).span) }
        func joint(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return JSONRecordReader.isJoint(bytes.span, from: 0, to: bytes.count)
        }
        #expect(start("ab},{cd") == 4)
        #expect(start("x}\n ,\t{") == 6)
        #expect(start("{a},b{") == nil)
        #expect(start(",{") == nil)
        #expect(joint(" , "))
        #expect(!joint(" ,, "))
        #expect(!joint("  "))
    }

    @Test("the sum that compares two reads of a tail is the same whatever pieces the bytes come in")
    func checksumOfPieces() {
        var random = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 31, 100, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            var whole = ByteChecksum()
            bytes.span.withRawBytes { whole.add($0) }
            var pieces = ByteChecksum()
            var start = 0
            while start < length {
                let end = min(length, start + Int.random(in: 1...13, using: &random))
                unsafe bytes[start..<end].withUnsafeBytes { unsafe pieces.add($0.bytes) }
                start = end
            }
            #expect(pieces.matches(whole), "\(length) bytes")
            guard length > 0 else { continue }
            var changed = bytes
            changed[Int.random(in: 0..<length, using: &random)] &+= 1
            var other = ByteChecksum()
            changed.span.withRawBytes { other.add($0) }
            #expect(!other.matches(whole), "\(length) bytes, one changed")
        }
    }
}
