import Foundation
import Testing

@testable import DirectoryCore

/// The XML writer hands a save its file in pieces: together they are exactly the
/// file it writes whole, and each but the last holds at least the piece size.
struct XMLPlistPieceWriterTests {
    typealias Data_ = XMLPlistTestData

    /// Records with everything the writer treats specially: non-ASCII, entities,
    /// carriage returns, repeated long text, dates, and extras of every kind.
    static func trickyRecords() -> [Record] {
        var records = Data_.people(120, seed: 21).map(Data_.record)
        for index in records.indices where index % 3 == 0 {
            records[index].values[1] = .text("Sampson House 429 — Böðvarsdóttir & <Co>\r")
        }
        records[5].extras = [
            KeyedValue("zData", .data(Array(0..<200))),
            KeyedValue("zList", .array([.integer(-3), .real(0.5), .bool(true), .null, .array([])])),
            KeyedValue("zDict", .dictionary([KeyedValue("ключ", .string("значение")), KeyedValue("n", .null)])),
            KeyedValue("zWhen", .date(-1_234_567.5)),
        ]
        return records
    }

    @Test("pieces of any size join into the whole file", arguments: [1, 7, 100, 4096, 1 << 20])
    func piecesJoinIntoTheWholeFile(pieceSize: Int) {
        for (records, kind) in [(Self.trickyRecords(), ListKind.person), ([], .person), ([], .bucket)] {
            let whole = XMLPlistRecordWriter.write(records, kind: kind)
            var pieces: [[UInt8]] = []
            XMLPlistRecordWriter.write(RecordList(records), kind: kind, pieceSize: pieceSize) { piece in
                var bytes: [UInt8] = []
                bytes.append(piece)
                pieces.append(bytes)
            }
            #expect(Array(pieces.joined()) == whole)
            #expect(pieces.dropLast().allSatisfy { $0.count >= pieceSize })
            if pieceSize <= 100, !records.isEmpty { #expect(pieces.count > 10) }
        }
    }

    @Test("a slice of a list writes as that list would")
    func writesAnySliceOfRecords() throws {
        let records = Self.trickyRecords()
        let slice = records[10..<40]
        #expect(
            XMLPlistRecordWriter.write(slice, kind: .person)
                == XMLPlistRecordWriter.write(Array(slice), kind: .person))
        var joined: [UInt8] = []
        RecordCodec.encode(RecordList(slice), kind: .person, format: .xmlPlist) { piece in
            for offset in 0..<piece.byteCount { joined.append(piece.byte(at: offset)) }
        }
        #expect(joined == XMLPlistRecordWriter.write(Array(slice), kind: .person))
        #expect(try Data_.read(joined) == Array(slice))
    }

    @Test("people written in pieces are what PropertyListEncoder writes")
    func piecesMatchFoundation() throws {
        let people = Data_.people(300, seed: 22, pieces: Data_.plainPieces + ["Sampson House 429 Ω"])
        var joined: [UInt8] = []
        RecordCodec.encode(RecordList(people.map(Data_.record)), kind: .person, format: .xmlPlist) { piece in
            for offset in 0..<piece.byteCount { joined.append(piece.byte(at: offset)) }
        }
        #expect(joined == (try Data_.foundationXML(people)))
    }
}
