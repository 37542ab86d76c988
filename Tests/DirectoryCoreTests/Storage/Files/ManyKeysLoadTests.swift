import Testing

@testable import DirectoryCore

/// A record with a very large number of keys loads in time linear in the keys
/// (issue 15, defect 6: 40,000 keys took 48 s). Not a timed test: the load is
/// compared with loading a file of about the same size whose records have few keys,
/// with a generous ratio that a quadratic reader misses by orders of magnitude.
@Suite("Loading a record with many keys")
struct ManyKeysLoadTests {
    static let keyCount = 200_000

    /// One person with `keyCount` unknown keys.
    static func wideRecord() -> Record {
        var extras: [KeyedValue] = []
        extras.reserveCapacity(keyCount)
        for index in 0..<keyCount { extras.append(KeyedValue("key\(index)", .string("v\(index % 10)"))) }
        return Record(
            id: RecordID(high: 1, low: 2), values: [.text("Wide Person"), .text("Briggs 1")], extras: extras)
    }

    /// People with three unknown keys each, `count` of them.
    static func narrowRecords(_ count: Int) -> [Record] {
        (0..<count).map { index in
            Record(
                id: RecordID(high: UInt64(index), low: 7), values: [.text("P\(index)"), .text("B\(index % 100)")],
                extras: [
                    KeyedValue("a\(index % 7)", .string("v")), KeyedValue("b", .string("w")),
                    KeyedValue("c", .integer(Int64(index))),
                ])
        }
    }

    /// The fastest of three loads of `bytes`, in seconds, and the records read.
    static func bestLoad(_ bytes: [UInt8], format: FileFormat) throws -> (Double, [Record]) {
        var best = Double.infinity
        var records: [Record] = []
        for _ in 0..<3 {
            let clock = ContinuousClock()
            let start = clock.now
            records = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: format, kind: nil).records.array
            let elapsed = clock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return (best, records)
    }

    @Test("200,000 keys in one record load about as fast as a file of the same size", arguments: FileFormat.allCases)
    func wideRecordLoadsLinearly(format: FileFormat) throws {
        let wide = RecordCodec.encode([Self.wideRecord()], kind: .person, format: format)
        var narrowCount = 1000
        var narrow = RecordCodec.encode(Self.narrowRecords(narrowCount), kind: .person, format: format)
        narrowCount = max(1, narrowCount * wide.count / narrow.count)
        narrow = RecordCodec.encode(Self.narrowRecords(narrowCount), kind: .person, format: format)
        let (wideTime, wideRecords) = try Self.bestLoad(wide, format: format)
        let (narrowTime, narrowRecords) = try Self.bestLoad(narrow, format: format)
        #expect(wideRecords.count == 1)
        #expect(wideRecords.first?.extras.count == Self.keyCount)
        #expect(wideRecords.first?.extras.last == KeyedValue("key\(Self.keyCount - 1)", .string("v9")))
        #expect(narrowRecords.count == narrowCount)
        // Linear readers give a ratio near 1; the quadratic one gave thousands.
        #expect(
            wideTime < max(narrowTime, 0.001) * 20,
            "\(format): \(wide.count) bytes with one record took \(wideTime) s, \(narrow.count) bytes with \(narrowCount) records \(narrowTime) s"
        )
    }

    @Test("a key repeated among many is still refused", arguments: FileFormat.allCases)
    func repeatedKeyAmongManyRefused(format: FileFormat) throws {
        var record = Self.wideRecord()
        record.extras.removeSubrange(1000...)
        record.extras.append(KeyedValue("key500", .string("again")))
        let bytes = RecordCodec.encode([record], kind: .person, format: format)
        #expect(throws: FileFormatError.self) {
            _ = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: format, kind: nil)
        }
        #expect(throws: FileFormatError.self) {
            _ = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: format, kind: .person)
        }
    }
}
