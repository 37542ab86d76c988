import Foundation
import Testing

@testable import DirectoryCore

/// `XMLPlistDate` writes and reads `<date>` text as `PropertyListEncoder` and
/// `PropertyListDecoder` do, with civil-date arithmetic.
struct XMLPlistDateTests {
    typealias Data_ = XMLPlistTestData

    /// The `<date>` text this codec writes for `seconds`.
    static func text(_ seconds: Double) -> String {
        var output: [UInt8] = []
        XMLPlistDate.append(seconds, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The seconds this codec reads from `text`.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return XMLPlistDate.parse(bytes.span)
    }

    /// The `<date>` lines of `PropertyListEncoder`'s output for `dates`.
    static func foundationTexts(_ dates: [Double]) throws -> [String] {
        let xml = String(
            decoding: try Data_.foundationXML(dates.map(Date.init(timeIntervalSinceReferenceDate:))), as: UTF8.self)
        return xml.split(separator: "\n").filter { $0.contains("<date>") }.map {
            String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    @Test("writes the text PropertyListEncoder writes, from year 1 to 9999")
    func writesTheTextPropertyListEncoderWritesFromYear1To9999() throws {
        var generator = SeededGenerator(state: 9)
        var dates: [Double] = [ListKind.distantPast, 0, -0.5, 0.999, 86_399.75, -13_197_600_000, -13_197_600_001]
        for _ in 0..<3_000 {
            dates.append(Double.random(in: ListKind.distantPast...252_423_993_599, using: &generator))
        }
        let expected = try Self.foundationTexts(dates)
        #expect(dates.map(Self.text) == expected)
    }

    @Test("reads the seconds PropertyListDecoder reads")
    func readsTheSecondsPropertyListDecoderReads() throws {
        var generator = SeededGenerator(state: 10)
        var texts = [
            "0001-01-01T00:00:00Z", "1582-10-04T23:59:59Z", "1582-10-10T12:00:00Z", "1582-10-15T00:00:00Z",
            "1600-02-29T00:00:00Z", "1900-02-28T23:59:59Z", "2000-02-29T00:00:00Z", "9999-12-31T23:59:59Z",
            "0100-02-29T00:00:00Z", "12345-06-07T08:09:10Z",
        ]
        for _ in 0..<2_000 {
            let seconds = Double(Int64.random(in: -63_114_076_800...252_423_993_599, using: &generator))
            texts.append(Self.text(seconds))
        }
        let xml = "<plist><array>" + texts.map { "<date>\($0)</date>" }.joined() + "</array></plist>"
        let decoded = try PropertyListDecoder().decode([Date].self, from: Data(xml.utf8))
        #expect(texts.map(Self.parse) == decoded.map { $0.timeIntervalSinceReferenceDate })
    }

    @Test("the distant past is year 1 and comes back unchanged")
    func distantPastIsYear1AndRoundTrips() {
        #expect(Self.text(ListKind.distantPast) == "0001-01-01T00:00:00Z")
        #expect(Self.parse("0001-01-01T00:00:00Z") == ListKind.distantPast)
        #expect(Self.parse("2001-01-01T00:00:00Z") == 0)
    }

    @Test("whole seconds far outside the usual years come back unchanged")
    func roundTripsWholeSecondsFarOutsideTheUsualYears() {
        var generator = SeededGenerator(state: 11)
        for _ in 0..<5_000 {
            let seconds = Double(Int64.random(in: -30_000_000_000_000_000...30_000_000_000_000_000, using: &generator))
            #expect(Self.parse(Self.text(seconds)) == seconds, "\(seconds) -> \(Self.text(seconds))")
        }
        #expect(Self.parse(Self.text(-1e300)) == -XMLPlistDate.limit)
        #expect(Self.text(.nan) == "2001-01-01T00:00:00Z")
        #expect(Self.text(.infinity) == Self.text(XMLPlistDate.limit))
    }

    @Test("rejects days that do not exist")
    func rejectsDaysThatDoNotExist() {
        for text in [
            "2001-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2001-04-31T00:00:00Z", "2001-00-10T00:00:00Z",
            "2001-01-00T00:00:00Z", "2001-01-01T00:60:00Z", "2001-01-01T00:00:60Z", "201-01-01T00:00:00Z",
            "2001-01-01T00:00:00", "2001-01-01 00:00:00Z", "+2001-01-01T00:00:00Z", "",
        ] {
            #expect(Self.parse(text) == nil, "\(text)")
        }
        // The Julian calendar has 29 February in every fourth year, 1500 included.
        #expect(Self.parse("1500-02-29T00:00:00Z") != nil)
    }
}
