import Testing

@testable import DirectoryCore

/// `RecordBuilder`'s two ways of taking a text field as bytes: as a range of the bytes the
/// reader ends the record with, and as a copy the builder keeps.
@Suite("Record builder: texts given as bytes")
struct RecordBuilderTextTests {
    /// The id of record `number`.
    private static func id(_ number: Int) -> RecordID { RecordID(high: 7, low: UInt64(number)) }

    @Test("texts given as ranges of the reader's bytes become the records' values")
    func rangesOfTheReadersBytes() throws {
        let bytes = Array("Ada LovelaceBriggs 413Grace HopperSteitz 131".utf8)
        let ranges = [(0..<12, 12..<22), (22..<34, 34..<44)]
        var builder = RecordBuilder(schema: .person)
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

    @Test("copied texts stay right across records, past the point where the builder empties its copy")
    func copiesAcrossRecords() throws {
        var builder = RecordBuilder(schema: .person)
        // 3,000 records of about 60 bytes of text: past the copy's 64 KiB more than once.
        let count = 3000
        for number in 0..<count {
            let name = Array("Person \(number) with a name long enough to fill the copy".utf8)
            let office = Array("Office \(number)".utf8)
            builder.beginRecord()
            try builder.add(id: Self.id(number))
            try builder.add(field: 0, utf8: name.span)
            try builder.add(field: 1, utf8: office.span)
            try builder.endRecord()
        }
        let records = builder.finish().records.array
        #expect(records.count == count)
        let wrong = records.indices.filter { number in
            records[number].values != [
                .text("Person \(number) with a name long enough to fill the copy"), .text("Office \(number)"),
            ]
        }
        #expect(wrong.isEmpty, "records with the wrong text: \(wrong.prefix(5))")
    }

    @Test("a copied text and a repeated key: the key is refused and the next record reads right")
    func repeatedKeyWithCopies() throws {
        let (first, again, second) = (Array("First".utf8), Array("Again".utf8), Array("Second".utf8))
        var builder = RecordBuilder(schema: .person)
        builder.beginRecord()
        try builder.add(id: Self.id(0))
        try builder.add(field: 0, utf8: first.span)
        #expect(throws: FileFormatError.self) { try builder.add(field: 0, utf8: again.span) }
        builder.beginRecord()
        try builder.add(id: Self.id(1))
        try builder.add(field: 0, utf8: second.span)
        try builder.endRecord()
        #expect(builder.finish().records.array.map(\.values) == [[.text("Second"), .text("")]])
    }
}
