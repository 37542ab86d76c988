import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A save to an XML property list refuses text that XML 1.0 cannot hold, writing
/// nothing, and what it does write parses with strict XML parsers.
@Suite("XML property lists: characters XML cannot hold")
struct XMLPlistCharacterCheckTests {
    static func record(name: String, office: String = "", extras: [KeyedValue] = []) -> Record {
        Record(
            id: RecordID(high: 0x4000, low: 0x8000_0000_0000_0001), values: [.text(name), .text(office)], extras: extras
        )
    }

    /// A path in a new empty folder.
    static func scratchPath(_ name: String = "list.plist") -> String {
        FileStoreTests.scratchFolder() + "/" + name
    }

    @Test(
        "a character XML cannot hold is refused, naming record, field and character; nothing is written",
        arguments: [
            ("a\u{01}b", "U+0001"), ("\u{1B}[31mred", "U+001B"), ("back\u{08}space", "U+0008"),
            ("x\u{FFFE}", "U+FFFE"), ("\u{FFFF}", "U+FFFF"), ("form\u{0C}feed", "U+000C"),
        ])
    func refused(office: String, code: String) throws {
        let path = Self.scratchPath()
        #expect(throws: StorageError.self) {
            _ = try FileStore().save(
                [Self.record(name: "Joe Gregg", office: office)], kind: .person, format: .xmlPlist, to: path)
        }
        do {
            _ = try FileStore().save(
                [Self.record(name: "Joe Gregg", office: office)], kind: .person, format: .xmlPlist, to: path)
        } catch {
            #expect(
                error.message.contains(
                    "'Joe Gregg' has the character \(code) in office, which an XML property list cannot hold"))
            #expect(error.message.contains("save as a .json or binary .plist file"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("keys and nested values of extra keys are checked too; the old file stays as it was")
    func extrasChecked() throws {
        let path = Self.scratchPath()
        let good = [Self.record(name: "Kept")]
        _ = try FileStore().save(RecordList(good), kind: .person, format: .xmlPlist, to: path)
        let before = FileManager.default.contents(atPath: path)
        let nested = KeyedValue("notes", .array([.string("fine"), .dictionary([KeyedValue("k", .string("\u{07}"))])]))
        for extras in [[KeyedValue("bad\u{02}key", .string("x"))], [nested]] {
            #expect(throws: StorageError.self) {
                _ = try FileStore().save(
                    [Self.record(name: "Ann", extras: extras)], kind: .person, format: .xmlPlist, to: path)
            }
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        // JSON and binary plists hold any character: the same record saves there.
        let json = Self.scratchPath("list.json")
        _ = try FileStore().save(
            [Self.record(name: "Ann", office: "a\u{01}b", extras: [nested])], kind: .person, format: .json, to: json)
        #expect(FileManager.default.fileExists(atPath: json))
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
