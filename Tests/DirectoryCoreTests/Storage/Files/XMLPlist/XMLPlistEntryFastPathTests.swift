import Foundation
import Testing

@testable import DirectoryCore

/// The reader's fast path for plain `<key>`/`<string>` entries (keys matched on
/// their bytes, ids parsed from theirs, repeated text shared) reads what the
/// general path and Foundation read, and refuses what they refuse, in the same words.
struct XMLPlistEntryFastPathTests {
    typealias Data_ = XMLPlistTestData

    /// An XML property list of dictionaries whose entries are given as raw XML.
    static func file(_ records: [String]) -> [UInt8] {
        let body = records.map { "\t<dict>\n\($0)\t</dict>\n" }.joined()
        return Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
            \(body)</array>
            </plist>

            """.utf8)
    }

    static func entry(_ key: String, _ value: String) -> String {
        "\t\t<key>\(key)</key>\n\t\t<string>\(value)</string>\n"
    }

    @Test("repeated long and non-ASCII text reads as PropertyListDecoder reads it")
    func repeatedTextReadsAsFoundationReads() throws {
        let offices = ["Sampson House 429", "Sampson House 428", "Björklunden 243 — Ω", "Short 1", "東京都千代田区丸の内"]
        var generator = SeededGenerator(state: 31)
        let people = (0..<400).map { index in
            Data_.Person(
                id: Data_.uuid(using: &generator), name: index % 2 == 0 ? "Søren Thompson-Ångström" : "Grace O'Brien",
                office: offices[index % offices.count] + (index % 7 == 0 ? " &amp; <b>" : ""))
        }
        let bytes = try Data_.foundationXML(people)
        let decoded = try PropertyListDecoder().decode([Data_.Person].self, from: Data(bytes))
        for kind in [nil, ListKind.person] {
            let records = try Data_.read(bytes, kind: kind)
            #expect(records == decoded.map(Data_.record))
        }
    }

    @Test("ids in lower case and kind keys in any order read as through the general path")
    func lowerCaseIdsAndAnyKeyOrder() throws {
        let id = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        let first =
            Self.entry("office", "Steitz 131 and a long tail") + Self.entry("id", id) + Self.entry("name", "Ann")
        let bytes = Self.file([first, first.replacingOccurrences(of: "e621", with: "f621")])
        let records = try Data_.read(bytes)
        #expect(records.count == 2)
        #expect(records[0].id == RecordID(id.uppercased()))
        #expect(records[1].id == RecordID("F621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(records[1].values == [.text("Ann"), .text("Steitz 131 and a long tail")])
    }

    @Test("keys that only begin like the kind's, and kind keys written otherwise, read as the general path reads them")
    func keysLikeTheKindsReadAsTheGeneralPath() throws {
        let first = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let second = "0F2A6C1E-5B7D-4C8E-9A3B-1D2E3F405162"
        let plain = Self.entry("id", first) + Self.entry("name", "Ann") + Self.entry("office", "Steitz 131")
        let other =
            Self.entry("identity", "x") + "\t\t<key>na&#109;e</key>\n\t\t<string>Bob</string>\n"
            + "  <key>i&#x64;</key>  <string>\(second)</string>" + Self.entry("names", "y")
            + "<key>office</key><string>A &amp; B</string>" + Self.entry("d", "z")
        // The last record in the other order, its last entry a few bytes before the file ends.
        let last = Self.entry("office", "Z") + Self.entry("name", "Cy") + Self.entry("id", first.lowercased())
        for kind in [nil, ListKind.person] {
            let records = try Data_.read(Self.file([plain, other, last]), kind: kind)
            #expect(records.count == 3)
            #expect(records[0].id == RecordID(first))
            #expect(records[0].values == [.text("Ann"), .text("Steitz 131")])
            #expect(records[1].id == RecordID(second))
            #expect(records[1].values == [.text("Bob"), .text("A & B")])
            #expect(records[1].extras.map(\.key) == ["identity", "names", "d"])
            #expect(records[1].extras.map(\.value) == [.string("x"), .string("y"), .string("z")])
            #expect(records[2].id == RecordID(first))
            #expect(records[2].values == [.text("Cy"), .text("Z")])
        }
    }

    @Test(
        "a bad id, a repeated key or a wrong type in a later record is refused as in the first",
        arguments: [
            (entry("id", "not-a-uuid"), "'id' is not a UUID"),
            (entry("id", "E621E1F8-C36C-495A-93FC-0C247A3E6E5Z"), "'id' is not a UUID"),
            (entry("name", "Ann") + entry("name", "Bob"), "has the key 'name' twice"),
            ("\t\t<key>office</key>\n\t\t<date>2020-01-01T00:00:00Z</date>\n", "'office' is a date, expected a string"),
            (entry("zExtra", "x") + entry("zExtra", "y"), "has the key 'zExtra' twice"),
        ])
    func refusesBadEntries(bad: String, message: String) throws {
        let good = Self.entry("id", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") + Self.entry("name", "Ann")
        let other = bad.contains("<key>id</key>") ? "" : Self.entry("id", "0F2A6C1E-5B7D-4C8E-9A3B-1D2E3F405162")
        for records in [[bad + other], [good, bad + other]] {
            let error = try #require(Data_.readError(Self.file(records)))
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.message.contains("record \(records.count)"), "\(error.message)")
        }
    }

    @Test("invalid UTF-8 in a key or a value is refused with its offset")
    func refusesInvalidUTF8() throws {
        let good = Self.entry("id", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        for bad in [Self.entry("name", "Ann \u{FFFD}"), Self.entry("n\u{FFFD}me", "Ann")] {
            var bytes = Self.file([good, good + bad])
            let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
            let index = try #require(
                bytes.indices.first { bytes[$0...].starts(with: replacement) })
            bytes[index] = 0xFF
            let error = try #require(Data_.readError(bytes))
            #expect(error.message.contains("invalid UTF-8"), "\(error.message)")
            #expect(error.offset == index)
        }
    }
}
