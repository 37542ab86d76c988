import Testing

@testable import DirectoryCore

@Suite("CSV export: texts a spreadsheet would run as formulas")
struct CSVFormulaGuardTests {
    static let texts = [
        "=HYPERLINK(\"http://example.com\",\"x\")", "+1 555 0100", "-5", "@SUM(A1)", "\tTab", "\rReturn",
        "'=already quoted", "''+twice", "'\u{301}=accent after the quote", "'plain quote", "'", "O'Brien", "a=b", "",
        "=",
    ]

    static func people() -> [Record] {
        texts.enumerated().map { index, text in
            Record(id: RecordID(high: 3, low: UInt64(index)), values: [.text(text), .text(text)])
        }
    }

    @Test("a text that starts a formula is written after a ', so a spreadsheet shows it as text")
    func formulasAreGuarded() throws {
        let bytes = try RecordExchange.write(RecordList(Self.people()), format: .csv, kind: .person, options: .init())
        let rows = CSVParser.rows(of: bytes, separator: UInt8(ascii: ",")).dropFirst().map(\.fields)
        #expect(rows[0][1] == "'=HYPERLINK(\"http://example.com\",\"x\")")
        #expect(rows[1][1] == "'+1 555 0100")
        #expect(rows[2][1] == "'-5")
        #expect(rows[3][1] == "'@SUM(A1)")
        #expect(rows[4][1] == "'\tTab")
        #expect(rows[5][1] == "'\rReturn")
        #expect(rows[6][1] == "''=already quoted")
        #expect(rows[7][1] == "'''+twice")
        #expect(rows[8][1] == "'\u{301}=accent after the quote")
        #expect(rows[9][1] == "'plain quote")
        #expect(rows[11][1] == "O'Brien")
        #expect(rows[12][1] == "a=b")
        // No cell the spreadsheet would run.
        for row in rows {
            for cell in row { #expect(!["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init) ?? "")) }
        }
    }

    @Test("import csv of our own export gives back every value exactly, guarded or not")
    func ownExportReadsBackExactly() throws {
        for separator in [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09] {
            let options = ExchangeOptions(separator: separator)
            let bytes = try RecordExchange.write(
                RecordList(Self.people()), format: .csv, kind: .person, options: options)
            let result = try RecordExchange.read(
                bytes, format: .csv, kind: .person, options: options, environment: .fixed())
            #expect(result.rejected.isEmpty)
            #expect(result.records == Self.people())
        }
    }
}
