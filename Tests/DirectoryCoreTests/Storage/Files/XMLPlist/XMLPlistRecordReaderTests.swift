import Foundation
import Testing

@testable import DirectoryCore

/// `XMLPlistRecordReader` reads what Foundation writes, with the values Foundation reads.
struct XMLPlistRecordReaderTests {
    typealias Data_ = XMLPlistTestData

    @Test("reads the fixture file Foundation wrote")
    func readsTheFixtureFileFoundationWrote() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/people-xml", withExtension: "plist"))
        let bytes = Array(try Data(contentsOf: url))
        let (kind, records) = try Data_.readList(bytes)
        #expect(kind == .person)
        #expect(records == Data_.samplePeople.map(Data_.record))
    }

    @Test("reads people that PropertyListEncoder wrote")
    func readsPeopleThatPropertyListEncoderWrote() throws {
        let people = Data_.people(300, seed: 1)
        let records = try Data_.read(try Data_.foundationXML(people), kind: .person)
        #expect(records == people.map(Data_.record))
    }

    @Test("reads bucket items with the dates PropertyListDecoder reads")
    func readsBucketItemsWithTheDatesPropertyListDecoderReads() throws {
        let items = Data_.items(300, seed: 2)
        let bytes = try Data_.foundationXML(items)
        let decoded = try PropertyListDecoder().decode([Data_.BucketItem].self, from: Data(bytes))
        let records = try Data_.read(bytes)
        #expect(records.count == items.count)
        for (record, item) in zip(records, decoded) {
            #expect(record.id.description == item.id.uuidString)
            #expect(
                record.values == [
                    .text(item.name), .text(item.note), .date(item.completedDate.timeIntervalSinceReferenceDate),
                ])
        }
        // Date.distantPast survives, as it does through PropertyListDecoder.
        #expect(records[0].values[2] == .date(ListKind.distantPast))
    }

    @Test("keeps unknown keys with nested values in file order")
    func keepsUnknownKeysWithNestedValuesInFileOrder() throws {
        let extras: [String: Any] = [
            "age": 42, "big": Int64.min, "ratio": 0.1, "whole": 3.0, "tiny": Double.leastNonzeroMagnitude, "flag": true,
            "off": false,
            "blob": Data((0..<200).map { UInt8($0) }), "empty": Data(),
            "when": Date(timeIntervalSinceReferenceDate: 86_399),
            "tags": ["a", 1, ["deep": [[], [String: Any]()]]] as [Any], "text": "😀 & <b>",
        ]
        var record = extras
        record["id"] = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        record["name"] = "Ann"
        let bytes = Array(try PropertyListSerialization.data(fromPropertyList: [record], format: .xml, options: 0))
        let records = try Data_.read(bytes, kind: .person)
        let expected: [KeyedValue] = [
            KeyedValue("age", .integer(42)), KeyedValue("big", .integer(Int64.min)),
            KeyedValue("blob", .data((0..<200).map { UInt8($0) })), KeyedValue("empty", .data([])),
            KeyedValue("flag", .bool(true)), KeyedValue("off", .bool(false)), KeyedValue("ratio", .real(0.1)),
            KeyedValue(
                "tags",
                .array([
                    .string("a"), .integer(1),
                    .dictionary([KeyedValue("deep", .array([.array([]), .dictionary([])]))]),
                ])),
            KeyedValue("text", .string("😀 & <b>")), KeyedValue("tiny", .real(Double.leastNonzeroMagnitude)),
            KeyedValue("when", .date(86_399)), KeyedValue("whole", .real(3)),
        ]
        #expect(records.count == 1)
        #expect(records.first?.values == [.text("Ann"), .text("")])
        #expect(records.first?.extras.realsAsDoubles == expected)
    }

    @Test("accepts the XML that Foundation accepts")
    func acceptsTheXMLThatFoundationAccepts() throws {
        let text = """
            \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
            <!-- a comment -->
            <!DOCTYPE plist [ <!ENTITY x "y"> ]>
            <?app instruction?>
            <plist version="1.0"><array >
            <dict><key>id</key><string>e621e1f8-c36c-495a-93fc-0c247a3e6e5f</string>
            <key>name</key><string>A&amp;B&lt;&gt;&quot;&apos;&#65;&#x1F600;<![CDATA[<raw> & ]]>z</string>
            <key >office</key ><string/>
            <key>n</key><integer>-0x1F</integer><key>p</key><integer>+012</integer>
            <key>r</key><array><real>-infinity</real><real>NaN</real><real>.5</real><real>1e400</real></array>
            <key>t</key><true></true><key>d</key><data> AQ
            ID </data><key></key><dict/><key>c</key><string>a<!-- skipped -->b</string>
            </dict></array></plist> <!-- trailing -->
            """
        let records = try Data_.read(Array(text.utf8))
        let record = try #require(records.first)
        #expect(record.id.description == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(record.values == [.text("A&B<>\"'A😀<raw> & z"), .text("")])
        #expect(record.extras.map(\.key) == ["n", "p", "r", "t", "d", "", "c"])
        #expect(record.extras[0].value == .integer(-31))
        #expect(record.extras[1].value == .integer(12))
        guard case .array(let reals) = record.extras[2].value.realsAsDoubles, reals.count == 4,
            case .real(let negativeInfinity) = reals[0], case .real(let nan) = reals[1]
        else {
            Issue.record("expected four reals")
            return
        }
        #expect(negativeInfinity == -.infinity && nan.isNaN)
        #expect(reals[2] == .real(0.5) && reals[3] == .real(.infinity))
        #expect(record.extras[3].value == .bool(true))
        #expect(record.extras[4].value == .data([1, 2, 3]))
        #expect(record.extras[6].value == .string("ab"))
    }

    @Test("reads a bare array without <plist>, and empty lists")
    func readsABareArrayWithoutPlistAndEmptyLists() throws {
        #expect(try Data_.read(Array("<array/>".utf8)).isEmpty)
        #expect(try Data_.read(Array("<plist><array></array></plist>".utf8)).isEmpty)
        let bare = "<array><dict><key>id</key><string>E621E1F8-C36C-495A-93FC-0C247A3E6E5F</string></dict></array>"
        #expect(try Data_.read(Array(bare.utf8)).count == 1)
    }

    @Test("reads empty lists Foundation wrote")
    func readsEmptyListsFoundationWrote() throws {
        let bytes = try Data_.foundationXML([Data_.Person]())
        #expect(try Data_.read(bytes).isEmpty)
    }
}
