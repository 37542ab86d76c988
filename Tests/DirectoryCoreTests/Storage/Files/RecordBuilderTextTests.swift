import Testing

@testable import DirectoryCore

/// `RecordBuilder` taking a text field as bytes: a range of the bytes the reader ends the
/// record with.
@Suite("Record builder: texts given as bytes")
struct RecordBuilderTextTests {
    /// The id of record `number`.
    private static func id(_ number: Int) -> RecordID { RecordID(high: 7, low: UInt64(number)) }

    @Test("texts given as ranges of the reader's bytes become the records' values")
    func rangesOfTheReadersBytes() throws {
        let bytes = Array("Ada LovelaceBriggs 413Grace HopperSteitz 131".utf8)
        let ranges = [(0..<12, 12..<22), (22..<34, 34..<44)]
        var builder = RecordBuilder(kind: .person)
        for (number, (name, office)) in ranges.enumerated() {
            builder.beginRecord()
            try builder.add(id: Self.id(number))
            try builder.add(field: 0, textAt: name)
            try builder.add(field: 1, textAt: office)
            try builder.endRecord(texts: bytes.span)
        }
        let records = builder.finish().records.array
        #expect(
            records.map(\.values) == [
                [.text("Ada Lovelace"), .text("Briggs 413")], [.text("Grace Hopper"), .text("Steitz 131")],
            ])
    }

    @Test("a text range and a repeated key: the key is refused and the next record reads right")
    func repeatedKeyWithRanges() throws {
        let bytes = Array("FirstAgainSecond".utf8)
        var builder = RecordBuilder(kind: .person)
        builder.beginRecord()
        try builder.add(id: Self.id(0))
        try builder.add(field: 0, textAt: 0..<5)
        #expect(throws: FileFormatError.self) { try builder.add(field: 0, textAt: 5..<10) }
        builder.beginRecord()
        try builder.add(id: Self.id(1))
        try builder.add(field: 0, textAt: 10..<16)
        try builder.endRecord(texts: bytes.span)
        #expect(builder.finish().records.array.map(\.values) == [[.text("Second"), .text("")]])
    }
}
