import Foundation
import Testing

@testable import DirectoryCore

/// A file in memory for `JSONFindScan.listing(of:)`: each read gives at most `piece` bytes
/// (a short read, as `pread(2)` may give), and a read from `failsAt` on fails.
private struct MemoryFile: FindScanFile {
    let bytes: [UInt8]
    var piece = Int.max
    var failsAt = Int.max

    var size: Int { bytes.count }

    func read(at offset: Int, atMost count: Int, appendingTo output: inout [UInt8]) -> Int {
        guard offset < failsAt else { return -1 }
        let end = min(bytes.count, offset + min(count, piece), failsAt)
        guard offset < end else { return offset >= bytes.count ? 0 : -1 }
        output.append(contentsOf: bytes[offset..<end])
        return end - offset
    }
}

@Suite("JSONFindScan in two halves: the same rows as one scan and as find after a full load, wherever it splits")
struct JSONFindScanHalvesTests {
    /// What the scan of the file `bytes` lists for `text` with the tail's start looked for
    /// from `lookFrom` (every file splits), and whether the halves were joined.
    static func halves(
        _ bytes: [UInt8], _ text: String, lookFrom: Int, windowSize: Int = 16, piece: Int = .max
    ) -> (listing: RecordListing?, joined: Bool) {
        var scan = JSONFindScan(text: text, kind: nil, fallback: .person)
        let listing = scan.listing(
            of: MemoryFile(bytes: bytes, piece: piece), windowSize: windowSize,
            split: JSONFindScan.Split(minimumBytes: 0, lookFrom: lookFrom))
        return (listing, scan.joinedTail)
    }

    /// Checks the halves split from `lookFrom` against `expected`, the full find's rows
    /// (`JSONFindScanTests.fullFind`); returns whether they joined.
    @discardableResult
    static func expectSame(
        _ bytes: [UInt8], _ text: String, expected: RecordListing?, lookFrom: Int, windowSize: Int = 16,
        piece: Int = .max, _ context: @autoclosure () -> String
    ) -> Bool {
        let (scanned, joined) = halves(bytes, text, lookFrom: lookFrom, windowSize: windowSize, piece: piece)
        guard let expected else {
            #expect(scanned == nil, "the halves answered where the full load fails: \(context())")
            return joined
        }
        guard let scanned else {
            Issue.record("the halves gave up on a list the full load reads: \(context())")
            return joined
        }
        #expect(scanned.rows.map(\.number) == expected.rows.map(\.number), "\(context())")
        #expect(scanned == expected, "\(context())")
        return joined
    }

    /// The needles of `needles` that fold to some text, each with the full find's rows in `bytes`.
    static func expectations(_ bytes: [UInt8], _ needles: some Sequence<String>) -> [(String, RecordListing?)] {
        needles.filter { !TextMatcher($0).folded.isEmpty }.map { ($0, JSONFindScanTests.fullFind(bytes, $0)) }
    }

    /// At most `most` offsets to split `bytes` at: `random` of them at random, the others
    /// where `bytes` hold `}`, `,` or `{` (where a record may start, or a text may fool the look).
    static func offsets(_ bytes: [UInt8], _ generator: inout SeededGenerator, random: Int, most: Int) -> [Int] {
        guard !bytes.isEmpty else { return [0] }
        let random = (0..<random).map { _ in Int.random(in: 0..<bytes.count, using: &generator) }
        let marks = bytes.indices.filter { index in
            bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "{")
        }
        return random + marks.shuffled(using: &generator).prefix(max(most - random.count, 0))
    }

    @Test("random lists and needles split at random offsets and at every `}`, `,` and `{`")
    func randomListsInHalves() {
        var generator = SeededGenerator(state: 3_434)
        var joined = 0
        for round in 0..<60 {
            let (bytes, texts) = JSONFindScanTests.randomList(&generator)
            let needles = JSONFindScanTests.needles(for: texts, &generator).shuffled(using: &generator).prefix(3)
            let windowSize = [8, 64, 1 << 20].randomElement(using: &generator) ?? 16
            let piece = [1, 5, Int.max].randomElement(using: &generator) ?? 1
            let cases = Self.expectations(bytes, needles)
            for offset in Self.offsets(bytes, &generator, random: 4, most: 24) {
                for (needle, expected) in cases {
                    let context = "round \(round), split from \(offset), needle \(needle.debugDescription)"
                    if Self.expectSame(
                        bytes, needle, expected: expected, lookFrom: offset, windowSize: windowSize, piece: piece,
                        context)
                    {
                        joined += 1
                    }
                }
            }
        }
        #expect(joined > 500)
    }

    /// A list whose texts and extras hold what a record's start looks like: `},{`, `}, {`,
    /// `{"id":…}` in nested arrays, and `},{"` at a text's end, where the bytes after it
    /// read as the start of a key. Records 1 and 17 are plain and hold no `krebsbach`, so a
    /// scan for it passes them over; when `repeatingID`, they share an id.
    static func trickyList(repeatingID: Bool) -> [UInt8] {
        let texts = ["a},{b", "},{", "}, {\\\"id\\\":1}", "x},{", "Krebsbach},{", "{\\\"", "},", ",{"]
        var records: [String] = []
        for index in 0..<20 {
            let number = repeatingID && index == 17 ? 1 : index
            let id = String(format: "00000000-0000-4000-8000-%012d", number)
            var members = ["\"id\":\"\(id)\""]
            if index == 1 || index == 17 {
                members += ["\"name\":\"Plain Person\"", "\"office\":\"Main Hall\""]
            } else {
                let name = texts[index % texts.count] + (index % 3 == 0 ? " Krebsbach" : "")
                members += ["\"name\":\"\(name)\"", "\"office\":\"\(texts[(index + 3) % texts.count])\""]
            }
            if index % 4 == 2 {
                let inner = String(format: "00000000-0000-4000-8000-%012d", 90 + index)
                members.append("\"tags\":[{\"id\":\"\(inner)\",\"name\":\"Krebsbach\"},{\"id\":\"\(inner)\"}]")
            }
            records.append("{" + members.joined(separator: ",") + "}")
        }
        return Array(("[" + records.joined(separator: ",\n ") + "]\n").utf8)
    }

    @Test("texts and extras that hold `}`, `,`, `{` and `{\"`: split at every offset, the rows of one scan")
    func textsThatLookLikeRecordStarts() {
        let bytes = Self.trickyList(repeatingID: false)
        #expect(JSONFindScanTests.fullFind(bytes, "krebsbach")?.rows.isEmpty == false)
        var joined = 0
        var notJoined = 0
        let cases = Self.expectations(bytes, ["krebsbach", "},{", "b"])
        for offset in 0..<bytes.count {
            for (needle, expected) in cases {
                let context = "split from \(offset), \(needle)"
                if Self.expectSame(bytes, needle, expected: expected, lookFrom: offset, windowSize: 32, context) {
                    joined += 1
                } else {
                    notJoined += 1
                }
            }
        }
        #expect(joined > 100)
        #expect(notJoined > 100)
    }

    @Test("an id repeated in the other half leaves the halves unsure, as a repeat within one half does")
    func repeatedIDAcrossHalves() {
        let bytes = Self.trickyList(repeatingID: true)
        #expect(JSONFindScanTests.fullFind(bytes, "krebsbach") == nil)
        var acrossHalves = 0
        // Records 1 and 17, passed over by the scan, share an id.
        for offset in 0..<bytes.count {
            let (listing, joined) = Self.halves(bytes, "krebsbach", lookFrom: offset, windowSize: 32)
            #expect(listing == nil, "split from \(offset)")
            if joined { acrossHalves += 1 }
        }
        #expect(acrossHalves > 100)
    }

    @Test("a list the full load refuses, cut short, or with a byte changed, split anywhere: unsure as the load fails")
    func refusedListsInHalves() {
        var generator = SeededGenerator(state: 3_435)
        var refused = 0
        for round in 0..<60 {
            var (bytes, _) = JSONFindScanTests.randomList(&generator)
            guard bytes.count > 2 else { continue }
            switch round % 3 {
            case 0: bytes.removeLast(Int.random(in: 1...min(bytes.count, 30), using: &generator))
            case 1:
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                    [0x7B, 0x22, 0x2C, 0xFF, 0x5C, 0x7D].randomElement(using: &generator) ?? 0
            default:
                bytes.insert(contentsOf: Array("\"x\",".utf8), at: Int.random(in: 0..<bytes.count, using: &generator))
            }
            let expected = JSONFindScanTests.fullFind(bytes, "e")
            if expected == nil { refused += 1 }
            for offset in Self.offsets(bytes, &generator, random: 3, most: 12) {
                let context = "round \(round), split from \(offset)"
                Self.expectSame(bytes, "e", expected: expected, lookFrom: offset, windowSize: 8, context)
            }
        }
        #expect(refused > 20)
    }

    @Test("every file of the JSON fuzzing corpus split at several offsets")
    func hostileCorpusInHalves() throws {
        let inputs = try FuzzCorpusReplayTests.inputs("json")
        #expect(inputs.count > 100)
        var generator = SeededGenerator(state: 3_436)
        for input in inputs {
            let cases = Self.expectations(input.bytes, ["a", "é", "K", "1"])
            for offset in Self.offsets(input.bytes, &generator, random: 3, most: 10) {
                for (needle, expected) in cases {
                    let context = "\(input.name), split from \(offset), \(needle)"
                    Self.expectSame(input.bytes, needle, expected: expected, lookFrom: offset, windowSize: 64, context)
                }
            }
        }
    }

    @Test("a read that fails in either half, or a file that is not JSON, leaves the scan unsure")
    func failedReads() {
        let bytes = Self.trickyList(repeatingID: false)
        for failsAt in stride(from: 0, to: bytes.count, by: 7) {
            var scan = JSONFindScan(text: "krebsbach", kind: nil, fallback: .person)
            let listing = scan.listing(
                of: MemoryFile(bytes: bytes, failsAt: failsAt), windowSize: 16,
                split: JSONFindScan.Split(minimumBytes: 0, lookFrom: bytes.count / 2))
            #expect(listing == nil, "a read failing at \(failsAt)")
        }
        var scan = JSONFindScan(text: "krebsbach", kind: nil, fallback: .person)
        let plist = Array("<?xml version=\"1.0\"?><plist/>".utf8)
        #expect(scan.listing(of: MemoryFile(bytes: plist), split: JSONFindScan.Split(minimumBytes: 0)) == nil)
    }

    @Test("a file below the threshold is scanned on one thread")
    func smallFileOneThread() {
        let bytes = Self.trickyList(repeatingID: false)
        var scan = JSONFindScan(text: "krebsbach", kind: nil, fallback: .person)
        let listing = scan.listing(
            of: MemoryFile(bytes: bytes), windowSize: 16,
            split: JSONFindScan.Split(minimumBytes: bytes.count + 1, lookFrom: bytes.count / 2))
        #expect(!scan.joinedTail)
        #expect(listing != nil)
        #expect(listing == JSONFindScanTests.fullFind(bytes, "krebsbach"))
    }
}
