import Foundation
import Testing

@testable import DirectoryCore

/// Text XML 1.0 can hold, awkward characters included, is written so that strict XML
/// parsers read it (control characters, which it cannot hold, are written raw as Foundation
/// writes them: `XMLPlistControlCharacterTests`, in DirectoryFilesTests).
@Suite("XML property lists: awkward text read by Python's plistlib")
struct XMLPlistPlistlibTests {
    static func record(name: String, office: String = "", extras: [KeyedValue] = []) -> Record {
        Record(
            id: RecordID(high: 0x4000, low: 0x8000_0000_0000_0001), values: [.text(name), .text(office)], extras: extras
        )
    }

    @Test(
        "Python's plistlib reads the awkward file too (a raw carriage return, as Foundation writes it, as a line feed)",
        .enabled(if: XMLPlistPython.path != nil, "python3 is not installed"))
    func plistlibReads() throws {
        let office = "del\u{7F}, c1\u{85}, \u{FFFD}, return\r"
        let bytes = RecordCodec.encode([Self.record(name: "Ann", office: office)], kind: .person, format: .xmlPlist)
        let output = try XMLPlistPythonInteropTests.run(
            "import plistlib, sys; print(ascii(plistlib.loads(sys.stdin.buffer.read())[0]['office']))", input: bytes)
        #expect(String(decoding: output, as: UTF8.self) == "'del\\x7f, c1\\x85, \\ufffd, return\\n'\n")
    }
}
