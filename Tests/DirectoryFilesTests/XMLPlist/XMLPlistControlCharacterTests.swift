import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Text XML 1.0 has no room for (control characters, U+FFFE, U+FFFF) is written raw
/// in an XML property list, as Foundation writes it, and read back as Foundation reads
/// it: the apps' files that hold such text open, edit and save like any other.
@Suite("XML property lists: control characters, as Foundation writes them")
struct XMLPlistControlCharacterTests {
    static func record(name: String, office: String = "", extras: [KeyedValue] = []) -> Record {
        Record(
            id: RecordID(high: 0x4000, low: 0x8000_0000_0000_0001), values: [.text(name), .text(office)], extras: extras
        )
    }

    /// A path in a new empty folder.
    static func scratchPath(_ name: String = "list.plist") -> String {
        FileStoreTests.scratchFolder() + "/" + name
    }

    /// Every C0 control character, DEL, NUL and the two non-characters.
    static let controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{7F}\u{FFFE}\u{FFFF}"

    @Test(
        "a control character or non-character is saved raw, where PropertyListSerialization writes it, and read back",
        arguments: ["a\u{01}b", "\u{1B}[31mred", "back\u{08}space", "x\u{FFFE}", "\u{FFFF}", "nul\u{0}", controls])
    func writtenAsFoundationWritesIt(office: String) throws {
        let path = Self.scratchPath()
        let record = Self.record(name: "Joe\u{02}Gregg", office: office)
        _ = try FileStore().save([record], kind: .person, format: .xmlPlist, to: path)
        let written = try #require(FileManager.default.contents(atPath: path))
        let foundation = try PropertyListSerialization.data(
            fromPropertyList: [["id": record.id.description, "name": "Joe\u{02}Gregg", "office": office]],
            format: .xml, options: 0)
        // Foundation orders a dictionary's keys as it likes; the text of each is what matters.
        for text in ["Joe\u{02}Gregg", office] {
            let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            #expect(written.range(of: Data(("<string>" + escaped + "</string>").utf8)) != nil)
            #expect(foundation.range(of: Data(("<string>" + escaped + "</string>").utf8)) != nil)
        }
        let list = try unsafe #require(
            try PropertyListSerialization.propertyList(from: written, format: nil) as? [[String: Any]])
        #expect(list.first?["office"] as? String == office)
        #expect(list.first?["name"] as? String == "Joe\u{02}Gregg")
        let read = try RecordCodec.decode(RawSpan(_elements: Array(written).span), format: .xmlPlist, kind: .person)
        #expect(read.records.array == [record])
    }

    @Test("keys and nested values of extra keys with control characters are written and read back too")
    func extrasWritten() throws {
        let path = Self.scratchPath()
        let nested = KeyedValue("notes", .array([.string("fine"), .dictionary([KeyedValue("k", .string("\u{07}"))])]))
        let record = Self.record(name: "Ann", extras: [KeyedValue("bad\u{02}key", .string("x\u{0}")), nested])
        _ = try FileStore().save([record], kind: .person, format: .xmlPlist, to: path)
        let written = try #require(FileManager.default.contents(atPath: path))
        let list = try unsafe #require(
            try PropertyListSerialization.propertyList(from: written, format: nil) as? [[String: Any]])
        #expect(list.first?["bad\u{02}key"] as? String == "x\u{0}")
        let read = try RecordCodec.decode(RawSpan(_elements: Array(written).span), format: .xmlPlist, kind: .person)
        #expect(read.records.array == [record])
    }

    @Test("character references to control characters, as other writers use, are read as the characters")
    func characterReferencesRead() throws {
        let id = Self.record(name: "").id.description
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array><dict><key>id</key>"#
            + "<string>\(id)</string><key>name</key><string>a&#1;b&#x1F;c&#0;</string>"
            + #"<key>office</key><string></string></dict></array></plist>"#
        let read = try RecordCodec.decode(
            RawSpan(_elements: Array(text.utf8).span), format: .xmlPlist, kind: .person)
        let foundation = try unsafe #require(
            try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [[String: Any]])
        #expect(read.records.first?.values.first?.text == "a\u{1}b\u{1F}c\u{0}")
        #expect(foundation.first?["name"] as? String == "a\u{1}b\u{1F}c\u{0}")
    }

    @Test("text XML can hold, awkward characters included, is written and parses with XMLParser and Foundation")
    func awkwardButValidParses() throws {
        let path = Self.scratchPath()
        let office = "tab\t, line\nfeed, return\r, del\u{7F}, c1\u{85}\u{9B}, <&>, \u{E000}\u{FFFD}, 😀, bidi\u{202E}"
        _ = try FileStore().save(
            [Self.record(name: "Ann", office: office)], kind: .person, format: .xmlPlist, to: path)
        let data = try #require(FileManager.default.contents(atPath: path))
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "XMLParser: \(String(describing: parser.parserError))")
        let list = try unsafe #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]])
        #expect(list.first?["office"] as? String == office)
    }
}
