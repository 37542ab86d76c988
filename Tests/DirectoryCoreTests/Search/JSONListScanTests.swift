import Foundation
import Testing

@testable import DirectoryCore

/// A file in memory for `JSONFindScan.listing(of:)`, read at most `piece` bytes at a time.
private struct PiecesFile: FindScanFile {
    let bytes: [UInt8]
    var piece = Int.max

    var size: Int { bytes.count }

    func read(at offset: Int, atMost count: Int, appendingTo output: inout [UInt8]) -> Int {
        let end = min(bytes.count, offset + min(count, piece))
        guard offset < end else { return 0 }
        output.append(contentsOf: bytes[offset..<end])
        return end - offset
    }
}

@Suite("JSONFindScan by numbers: a one-shot list N|RANGE lists exactly what list lists after a full load")
struct JSONListScanTests {
    /// What `list` with `references` lists after the full load of `bytes` (`WorkingList`'s
    /// own `apply`), or `nil` when the load fails, the list repeats an id or `list` says
    /// there is no such record (the full run then says more).
    static func fullList(_ bytes: [UInt8], _ references: [RecordReference]) -> RecordListing? {
        guard let (kind, records) = JSONFindScanTests.fullLoad(bytes) else { return nil }
        var list = WorkingList(kind: kind, records: records, environment: .fixed())
        guard list.repeatedIDs.isEmpty else { return nil }
        guard case .records(let listing)? = try? list.apply(.listRecords(references)) else { return nil }
        return listing
    }

    /// What the scan lists for `references` in the file `bytes`, read through a window of
    /// `windowSize` bytes `piece` bytes at a time, with a split asked for when `split`;
    /// and how many records it built.
    static func scanList(
        _ bytes: [UInt8], _ references: [RecordReference], windowSize: Int, piece: Int = .max, split: Bool = false
    ) -> (listing: RecordListing?, built: Int, joined: Bool) {
        guard let numbers = RecordNumbers(references) else { return (nil, 0, false) }
        var scan = JSONFindScan(numbers: numbers, kind: nil, fallback: .person)
        let listing = scan.listing(
            of: PiecesFile(bytes: bytes, piece: piece), windowSize: windowSize,
            split: split ? JSONFindScan.Split(minimumBytes: 0, lookFrom: bytes.count / 3) : .oneThread)
        return (listing, scan.recordsBuilt, scan.joinedTail)
    }

    /// Checks the scan against the full `list` on `bytes`: the same rows, or both unsure.
    static func expectSame(
        _ bytes: [UInt8], _ references: [RecordReference], windowSize: Int, piece: Int = .max, split: Bool = false,
        _ context: @autoclosure () -> String
    ) {
        let expected = fullList(bytes, references)
        let (scanned, _, joined) = scanList(bytes, references, windowSize: windowSize, piece: piece, split: split)
        #expect(!joined, "a list's scan is never split: \(context())")
        JSONFindScanTests.expectSameListing(scanned, expected, context())
    }

    /// One to four numbers and ranges around a list of `count` records: within it, past its
    /// end, running past it, overlapping, to the largest number.
    static func randomReferences(count: Int, _ generator: inout SeededGenerator) -> [RecordReference] {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            let first = Int.random(in: 1...count + 2, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: return .number(first)
            case 1: return .range(first, Int.max)
            default: return .range(first, first + Int.random(in: 0...count / 2 + 3, using: &generator))
            }
        }
    }

    /// The number of records in the JSON list `bytes`, when the full load reads it.
    static func count(_ bytes: [UInt8]) -> Int {
        var builder = RecordBuilder(kind: nil, fallback: .person)
        guard (try? JSONRecordReader.read(bytes.span, into: &builder)) != nil else { return 8 }
        return builder.finish().1.count
    }

    @Test("random lists and ranges: escapes, non-ASCII texts, extra keys, repeated ids, through small windows")
    func randomListsAndRanges() {
        var generator = SeededGenerator(state: 3_409)
        var listed = 0
        for round in 0..<300 {
            let (bytes, _) = JSONFindScanTests.randomList(&generator)
            let count = Self.count(bytes)
            let windowSize = [4, 16, 64, 1 << 20].randomElement(using: &generator) ?? 16
            let piece = [1, 3, Int.max].randomElement(using: &generator) ?? 1
            for _ in 0..<4 {
                let references = Self.randomReferences(count: count, &generator)
                if Self.fullList(bytes, references) != nil { listed += 1 }
                Self.expectSame(
                    bytes, references, windowSize: windowSize, piece: piece, split: round % 2 == 0,
                    "round \(round), \(references)")
            }
        }
        #expect(listed > 400)
    }

    @Test("a list the full load refuses, or whose ids repeat, or a number past the end, leaves the scan unsure")
    func refusedOrRepeated() {
        var generator = SeededGenerator(state: 3_410)
        var refused = 0
        for round in 0..<200 {
            var (bytes, _) = JSONFindScanTests.randomList(&generator)
            guard !bytes.isEmpty else { continue }
            let count = Self.count(bytes)
            switch round % 3 {
            case 0: bytes.removeLast(Int.random(in: 1...min(bytes.count, 30), using: &generator))
            case 1:
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                    [0x7B, 0x22, 0x2C, 0xFF, 0x5C].randomElement(using: &generator) ?? 0
            default: bytes.insert(contentsOf: Array("{\"id\":\"0\"},".utf8), at: min(bytes.count, 1))
            }
            let references = Self.randomReferences(count: count, &generator)
            if Self.fullList(bytes, references) == nil { refused += 1 }
            Self.expectSame(bytes, references, windowSize: 16, "round \(round), \(references)")
        }
        #expect(refused > 80)
    }

    @Test("every file of the JSON fuzzing corpus, and the bucket list fixture")
    func hostileCorpus() throws {
        let inputs = try JSONFindScanTests.hostileInputs()
        let lists: [[RecordReference]] = [
            [.number(1)], [.range(1, 2)], [.range(2, Int.max)], [.number(3), .range(1, 1)], [.range(2, 4), .number(9)],
        ]
        for input in inputs {
            for references in lists {
                Self.expectSame(input.bytes, references, windowSize: 1 << 20, "\(input.name), \(references)")
                Self.expectSame(input.bytes, references, windowSize: 5, "\(input.name), \(references), windows of 5")
            }
        }
    }

    static let five = """
        [{"id":"6FFC18D1-8F14-40A0-8C52-4413324CF863","name":"Grace O'Brien","office":"Sampson House 429"},
         {"id":"B2671002-B869-4727-9AEA-C9970FEADE86","name":"S\\u00f8ren Krebsbach","office":"Bj\\u00f6rklunden 243"},
         {"id":"C8814A7C-D51F-45D1-B37D-0DB237CFAB2B","name":"Thomas Thompson","office":"Björklunden 317"},
         {"id":"2BE54000-4BAD-4790-AFE3-BECD52872B39","name":"Acacia KREBSBACH","office":"Science Hall 221"},
         {"id":"7E1DB5D0-5957-49C6-A61D-7559DB4B1A1F","name":"Olivia Harris","office":"Wriston 406"}]
        """

    @Test("only the records listed are built (and the first, and those with escapes), numbered as in the whole list")
    func numbersAndBuiltRecords() throws {
        let bytes = Array(Self.five.utf8)
        let (found, built, _) = Self.scanList(bytes, [.range(3, 4)], windowSize: 1 << 20)
        let listing = try #require(found)
        #expect(listing.rows.map(\.number) == [3, 4])
        #expect(listing.rows.map { $0.record.values[0].text } == ["Thomas Thompson", "Acacia KREBSBACH"])
        // The first record (which tells the kind), the one with escapes, and the two listed.
        #expect(built == 4)
        let (pastEnd, _, _) = Self.scanList(bytes, [.range(5, Int.max), .number(1)], windowSize: 7)
        #expect(try #require(pastEnd).rows.map(\.number) == [1, 5])
        let (escaped, _, _) = Self.scanList(bytes, [.number(2)], windowSize: 7)
        #expect(try #require(escaped).rows.map { $0.record.values[0].text } == ["Søren Krebsbach"])
        for references: [RecordReference] in [[.number(6)], [.range(6, 9)], [.range(1, 2), .number(7)]] {
            #expect(Self.scanList(bytes, references, windowSize: 1 << 20).listing == nil, "\(references)")
        }
    }

    @Test(
        "a repeated id inside or outside the range, a damaged record after it: unsure, as the full run warns or fails")
    func repeatedIDsAndDamageOutsideTheRange() {
        // Records 1 and 5 (outside 2-3), then 1 and 3 (inside), share an id.
        let firstID = "6FFC18D1-8F14-40A0-8C52-4413324CF863"
        let repeatedOutside = Self.five.replacingOccurrences(of: "7E1DB5D0-5957-49C6-A61D-7559DB4B1A1F", with: firstID)
        let repeatedInside = Self.five.replacingOccurrences(of: "C8814A7C-D51F-45D1-B37D-0DB237CFAB2B", with: firstID)
        let damaged = Self.five.replacingOccurrences(of: "\"Wriston 406\"", with: "\"Wriston 406")
        let twice = Self.five.replacingOccurrences(
            of: "\"office\":\"Wriston 406\"", with: "\"name\":\"A\",\"name\":\"B\"")
        for (name, text) in [
            ("outside", repeatedOutside), ("inside", repeatedInside), ("damaged", damaged), ("twice", twice),
        ] {
            #expect(Self.fullList(Array(text.utf8), [.range(2, 3)]) == nil, "\(name)")
            Self.expectSame(Array(text.utf8), [.range(2, 3)], windowSize: 1 << 20, name)
            Self.expectSame(Array(text.utf8), [.range(2, 3)], windowSize: 8, piece: 1, name)
        }
    }
}
