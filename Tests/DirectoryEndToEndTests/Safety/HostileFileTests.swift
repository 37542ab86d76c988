import Foundation
import Testing

/// A damaged or malicious file, and what the error about it must say.
struct HostileFile: Sendable, CustomTestStringConvertible {
    let name: String
    let fileName: String
    let bytes: Data
    var testDescription: String { name }

    init(_ name: String, _ fileName: String, _ bytes: Data) {
        self.name = name
        self.fileName = fileName
        self.bytes = bytes
    }

    init(_ name: String, _ fileName: String, text: String) {
        self.init(name, fileName, Data(text.utf8))
    }
}

@Suite("Safety: hostile files")
struct HostileFileTests {
    static let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let valid = "[{\"id\":\"\(id)\",\"name\":\"Ada\",\"office\":\"Lab\"}]"
    static let xmlHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\">"
    static func xmlRecord(_ body: String) -> String {
        xmlHead + "<array><dict><key>id</key><string>\(id)</string>\(body)</dict></array></plist>"
    }
    static let plist = BinaryPlistBytes.self

    static let files: [HostileFile] = [
        HostileFile("JSON, truncated", "p.json", text: String(valid.prefix(30))),
        HostileFile("JSON, nested 100,000 deep", "p.json", text: String(repeating: "[", count: 100_000)),
        HostileFile("JSON, a name that is a number", "p.json", text: "[{\"id\":\"\(id)\",\"name\":5}]"),
        HostileFile("JSON, a key given twice", "p.json", text: "[{\"id\":\"\(id)\",\"name\":\"a\",\"name\":\"b\"}]"),
        HostileFile(
            "JSON, a date of 1e999", "b.json", text: "[{\"id\":\"\(id)\",\"name\":\"a\",\"completedDate\":1e999}]"),
        HostileFile("JSON, a record without id", "p.json", text: "[{\"name\":\"a\"}]"),
        HostileFile(
            "JSON, invalid UTF-8", "p.json",
            Data("[{\"id\":\"\(id)\",\"name\":\"".utf8) + Data([0xFF, 0x22, 0x7D, 0x5D])),
        HostileFile("XML, truncated", "p.plist", text: String(xmlRecord("").prefix(90))),
        HostileFile(
            "XML, nested 100,000 deep", "p.plist",
            text: xmlHead + String(repeating: "<array>", count: 100_000)),
        HostileFile("XML, a name that is a dict", "p.plist", text: xmlRecord("<key>name</key><dict/>")),
        HostileFile(
            "XML, a key given twice", "p.plist",
            text: xmlRecord("<key>name</key><string>a</string><key>name</key><string>b</string>")),
        HostileFile(
            "XML, a huge integer", "p.plist", text: xmlRecord("<key>n</key><integer>99999999999999999999999</integer>")),
        HostileFile("binary plist, truncated", "p.plist", Data("bplist00\u{A1}\u{01}".utf8)),
        HostileFile("binary plist, an array that contains itself", "p.plist", plist.file([plist.array([0])])),
        HostileFile(
            "binary plist, a dictionary that contains itself", "p.plist",
            plist.file([plist.array([1]), plist.dictionary([(2, 1)]), plist.string("id")])),
        HostileFile(
            "binary plist, an offset past the end", "p.plist",
            plist.file([plist.array([1]), plist.string("x")], offsets: [8, 200])),
        HostileFile(
            "binary plist, an offset into the trailer", "p.plist",
            plist.file([plist.array([1]), plist.string("x")], offsets: [8, 12])),
        HostileFile(
            "binary plist, an array claiming 2^63 elements", "p.plist",
            plist.file([plist.header(0xA0, count: Int.max)])),
        HostileFile(
            "binary plist, a trailer claiming 2^64 - 1 objects", "p.plist",
            plist.file([plist.array([])], objectCount: UInt64.max)),
        HostileFile(
            "binary plist, an offset table past the end", "p.plist",
            plist.file([plist.array([])], tableOffset: UInt64.max / 2)),
        HostileFile(
            "binary plist, a reference to an object that does not exist", "p.plist",
            plist.file([plist.array([7])])),
        HostileFile("binary plist, nested 10,000 deep", "p.plist", plist.nested(depth: 10_000)),
        HostileFile(
            "binary plist, a name that is an integer", "p.plist",
            plist.file([
                plist.array([1]), plist.dictionary([(2, 3), (4, 5)]), plist.string("id"), plist.string(id),
                plist.string("name"), plist.integer(5),
            ])),
        HostileFile(
            "binary plist, a key given twice", "p.plist",
            plist.file([
                plist.array([1]), plist.dictionary([(2, 3), (4, 5), (4, 5)]), plist.string("id"), plist.string(id),
                plist.string("name"), plist.string("Ada"),
            ])),
    ]

    @Test("a hostile file gives a clear error naming it, exit 1, and is left byte for byte untouched", arguments: files)
    func hostileFileRefused(_ file: HostileFile) throws {
        let folder = TemporaryFolder()
        let path = folder.file(file.fileName)
        _ = FileManager.default.createFile(atPath: path, contents: file.bytes)
        let run = try ProgramRun.run(["--file", path, "-c", "new X", "-c", "save", "-c", "save!"], folder: folder)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("directory: \(path) is not a valid"), "\(run.standardError)")
        #expect(run.standardError.contains("The file was left untouched"))
        #expect(FileManager.default.contents(atPath: path) == file.bytes)
        #expect(try SafetyFiles.temporaryFiles(in: folder.path).isEmpty)
    }

    @Test("a valid hand-made binary plist reads, so the broken ones above fail for the reason they name")
    func handMadePlistReads() throws {
        let folder = TemporaryFolder()
        let path = folder.file("p.plist")
        let objects = [
            Self.plist.array([1]), Self.plist.dictionary([(2, 3), (4, 5)]), Self.plist.string("id"),
            Self.plist.string(Self.id),
            Self.plist.string("name"), Self.plist.string("Ada"),
        ]
        _ = FileManager.default.createFile(atPath: path, contents: Self.plist.file(objects))
        let run = try ProgramRun.run(["--file", path, "-c", "list"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Ada"))
    }
}
