import Foundation
import Testing

@testable import DirectoryCore

/// Hostile and broken XML property lists throw `FileFormatError` with a useful
/// message and offset; none crashes.
struct XMLPlistMalformedInputTests {
    typealias Data_ = XMLPlistTestData

    /// `body` as the only record's `name` value.
    static func record(_ body: String) -> String {
        "<plist><array><dict><key>id</key><string>E621E1F8-C36C-495A-93FC-0C247A3E6E5F</string>"
            + "<key>x</key>\(body)</dict></array></plist>"
    }

    @Test(
        "rejects malformed structure with a clear message",
        arguments: [
            ("<dict></dict>", "the top level is a dictionary, expected an array of records"),
            ("<plist><string>x</string></plist>", "the top level is a string, expected an array of records"),
            ("<plist><array><string>x</string></array></plist>", "record 1 is a string, expected a dictionary"),
            (
                "<plist><array><dict><key>id</key><string>x</string></array></plist>",
                "expected </dict> but found </array>"
            ),
            ("<plist><array><foo/></array></plist>", "unknown element <foo>"),
            ("<plist><array></dict></plist>", "expected </array> but found </dict>"),
            ("<plist><array><dict><key>id</key></dict></array></plist>", "the key 'id' has no value"),
            ("<plist><array><dict><string>a</string></dict></array></plist>", "expected <key> or </dict>"),
            ("<plist><array>junk</array></plist>", "unexpected text 'junk' inside <array>"),
            ("<plist><array/></plist>trailing", "unexpected content after the end"),
            ("<plist></plist>", "the property list is empty"),
            ("", "the file ends before"),
            ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><array/>", "unsupported encoding 'iso-8859-1'"),
            ("<!-- never closed <array/>", "unterminated comment"),
            ("<plist><array><dict></dict></array></plist>", "record 1 has no 'id'"),
        ])
    func rejectsMalformedStructureWithAClearMessage(text: String, message: String) throws {
        let error = try #require(Data_.readError(text))
        #expect(error.message.contains(message), "\(error.description)")
    }

    @Test(
        "rejects malformed values with a clear message",
        arguments: [
            ("<string>&foo;</string>", "unknown entity '&foo;'"),
            ("<string>&amp</string>", "entity"),
            ("<string>&#xD800;</string>", "not a unicode character"),
            ("<string>&#x110000;</string>", "beyond unicode"),
            ("<string>&#99999999999999;</string>", "beyond unicode"),
            ("<string>&#;</string>", "empty character reference"),
            ("<string>&#12a;</string>", "malformed character reference"),
            ("<string>a<b/></string>", "unknown element <b>"),
            ("<string>a<dict/></string>", "expected </string> but found <dict/>"),
            ("<string>x</dict>", "expected </string> but found </dict>"),
            ("<date>2001-13-01T00:00:00Z</date>", "malformed <date>"),
            ("<date>2001-02-29T00:00:00Z</date>", "malformed <date>"),
            ("<date>2001-01-01T00:00:00.5Z</date>", "malformed <date>"),
            ("<date>2001-01-01</date>", "malformed <date>"),
            ("<date>2001-01-01T24:00:00Z</date>", "malformed <date>"),
            ("<date>9999999999-01-01T00:00:00Z</date>", "malformed <date>"),
            ("<integer>12a</integer>", "malformed <integer>"),
            ("<integer></integer>", "empty <integer>"),
            ("<integer/>", "empty <integer>"),
            ("<integer> 1</integer>", "malformed <integer>"),
            ("<integer>1.5</integer>", "malformed <integer>"),
            ("<integer>0x</integer>", "malformed <integer>"),
            ("<integer>99999999999999999999</integer>", "out of range"),
            ("<integer>-9223372036854775809</integer>", "out of range"),
            ("<integer>18446744073709551616</integer>", "out of range"),
            ("<real>1e</real>", "malformed <real>"),
            ("<real>0x10</real>", "malformed <real>"),
            ("<real>nanx</real>", "malformed <real>"),
            ("<real/>", "empty <real>"),
            ("<data>AQ</data>", "malformed base64"),
            ("<data>A!==</data>", "malformed base64"),
            ("<data>AQ==AQID</data>", "malformed base64"),
            ("<true>x</true>", "unexpected text"),
            ("<key>k</key>", "the key 'x' has no value: found <key>"),
            ("<dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict>", "has the key 'a' twice"),
        ])
    func rejectsMalformedValuesWithAClearMessage(body: String, message: String) throws {
        let error = try #require(Data_.readError(Self.record(body)))
        #expect(error.message.lowercased().contains(message.lowercased()), "\(error.description)")
        #expect(error.offset != nil)
    }

    @Test("rejects invalid UTF-8")
    func rejectsInvalidUTF8() throws {
        let record = Self.record("<string>ok\u{0}</string>")
        let head = Array(record.prefix { $0 != "\u{0}" }.utf8)
        let tail = Array(record.drop { $0 != "\u{0}" }.dropFirst().utf8)
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            let error = try #require(Data_.readError(head + bad + tail))
            #expect(error.message.contains("invalid UTF-8"))
            #expect(error.offset == head.count)
            let slow = head + Array("&amp;".utf8) + bad + tail
            #expect(Data_.readError(slow)?.message.contains("invalid UTF-8") == true)
        }
    }

    @Test("the UTF-8 check agrees with the standard library")
    func utf8CheckAgreesWithTheStandardLibrary() {
        var generator = SeededGenerator(state: 14)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                interesting.randomElement(using: &generator) ?? 0
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let checked = UTF8Text.firstInvalid(in: bytes.span) == nil
            #expect(valid == checked, "\(bytes)")
        }
    }

    @Test("rejects deep nesting without overflowing the stack")
    func rejectsDeepNestingWithoutOverflowingTheStack() throws {
        let depth = 100_000
        let text =
            "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</plist>"
        #expect(Data_.readError(text) != nil)
        let inRecord = Self.record(
            String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        #expect(Data_.readError(inRecord)?.message.contains("nested more than 512 deep") == true)
        let allowed = Self.record(String(repeating: "<array>", count: 500) + String(repeating: "</array>", count: 500))
        #expect(Data_.readError(allowed) == nil)
    }

    @Test("rejects every truncation of a valid file")
    func rejectsEveryTruncationOfAValidFile() throws {
        let bytes = XMLPlistRecordWriter.write(Data_.people(3, seed: 6).map(Data_.record), kind: .person)
        let end = bytes.count - 1  // the final newline is optional
        for length in 0..<end {
            #expect(Data_.readError(Array(bytes.prefix(length))) != nil, "prefix of \(length) bytes was accepted")
        }
        #expect(Data_.readError(Array(bytes.prefix(end))) == nil)
    }

    @Test("survives garbage and random corruption")
    func survivesGarbageAndRandomCorruption() {
        var generator = SeededGenerator(state: 7)
        for _ in 0..<300 {
            let length = Int.random(in: 0..<200, using: &generator)
            let garbage = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Data_.readError(garbage) != nil)
        }
        let valid = XMLPlistRecordWriter.write(Data_.people(4, seed: 8).map(Data_.record), kind: .person)
        for _ in 0..<2_000 {
            var corrupt = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<corrupt.count, using: &generator)
                corrupt[index] = "<>/&;!?[]-=\"' \0\u{FF}ax0".utf8.randomElement(using: &generator) ?? 0
            }
            _ = Data_.readError(corrupt)  // either outcome is fine; crashing is not
        }
    }
}
