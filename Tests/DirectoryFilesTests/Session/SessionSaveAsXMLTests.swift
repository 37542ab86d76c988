import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// `save as` writes an XML property list when asked (`--xml`, or a name ending in `.xml`), read
/// back by Foundation as the apps read a list; without asking, a property list stays binary.
@Suite("Session: save as an XML property list")
struct SessionSaveAsXMLTests {
    /// What the Directory app decodes a list into.
    struct Person: Codable, Equatable {
        var id: UUID
        var name: String
        var office: String
    }

    /// A session on `name` in a new folder holding `contents`, and the folder.
    static func session(_ name: String, contents: String) throws -> (Session, String) {
        let folder = FileStoreTests.scratchFolder()
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        let session = try Session(location: path, kind: nil, store: FileStore(), environment: .fixed())
        return (session, folder)
    }

    static let twoListed =
        #"[{"id":"00000000-0000-0000-0000-000000000001","name":"Zoë 高橋","office":"B & <1>"},"#
        + #"{"id":"00000000-0000-0000-0000-000000000002","name":"Joe","office":""}]"#

    static func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

    /// The people Foundation's `PropertyListDecoder` reads from `path`, and the format
    /// `PropertyListSerialization` says the file is in.
    static func decoded(_ path: String) throws -> ([Person], PropertyListSerialization.PropertyListFormat) {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        var format = PropertyListSerialization.PropertyListFormat.binary
        _ = try unsafe PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        return (try PropertyListDecoder().decode([Person].self, from: data), format)
    }

    /// The message of the error `line` fails with, or "" when it does not fail.
    static func failure(of line: String, in session: inout Session) -> String {
        do {
            try session.run(line)
            return ""
        } catch {
            return (error as? SessionError)?.message ?? "\(error)"
        }
    }

    static let expected = [
        Person(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), name: "Zoë 高橋", office: "B & <1>"),
        Person(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)), name: "Joe", office: ""),
    ]

    @Test("save as --xml writes a JSON list as an XML property list that Foundation decodes, and it stays XML")
    func xmlOptionWritesXML() throws {
        var (session, folder) = try Self.session("people.json", contents: Self.twoListed)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try session.run("save as --xml \(folder)/people.plist")
        let (people, format) = try Self.decoded(folder + "/people.plist")
        #expect(format == .xml)
        #expect(people == Self.expected)
        #expect(Self.bytes(folder + "/people.plist").starts(with: Array("<?xml".utf8)))
        // The next save keeps the format the list was saved in.
        try session.run("edit 2", "set office Briggs 1", "save")
        let (again, formatAgain) = try Self.decoded(folder + "/people.plist")
        #expect(formatAgain == .xml)
        #expect(again[1].office == "Briggs 1")
    }

    @Test("a name ending in .xml is written as XML; any other plist name stays binary, as the apps write it")
    func nameDecidesTheFormat() throws {
        var (session, folder) = try Self.session("people.json", contents: Self.twoListed)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try session.run("save as \(folder)/small.XML")
        #expect(try Self.decoded(folder + "/small.XML") == (Self.expected, .xml))
        try session.run("save as \(folder)/people.plist")
        #expect(try Self.decoded(folder + "/people.plist") == (Self.expected, .binary))
        #expect(Self.bytes(folder + "/people.plist").starts(with: Array("bplist00".utf8)))
    }

    @Test("save as --xml the list's own binary file turns it into XML, with nothing unsaved")
    func ownFileBecomesXML() throws {
        var (session, folder) = try Self.session("people.json", contents: Self.twoListed)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/directory.plist"
        try session.run("save as \(path)")
        #expect(try Self.decoded(path).1 == .binary)
        #expect(!session.hasUnsavedChanges)
        try session.run("save as --xml \(path)")
        #expect(try Self.decoded(path) == (Self.expected, .xml))
        // Opened again, the file is XML and a save keeps it so.
        var reopened = try Session(location: path, kind: nil, store: FileStore(), environment: .fixed())
        try reopened.run("new Ann", "save")
        #expect(try Self.decoded(path).1 == .xml)
    }

    @Test("save as --xml refuses a name ending in .json and writes nothing")
    func xmlRefusesJSONName() throws {
        var (session, folder) = try Self.session("people.json", contents: Self.twoListed)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let message = Self.failure(of: "save as --xml \(folder)/other.json", in: &session)
        #expect(message.contains("a name ending in .json is read as JSON"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.json"))
    }

    @Test("a failed save as with nothing unsaved does not say edits are kept; with edits it does")
    func failedSaveAsSaysEditsOnlyWhenThereAreAny() throws {
        var (session, folder) = try Self.session("people.json", contents: Self.twoListed)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clean = Self.failure(of: "save as \(folder)/missing/x.plist", in: &session)
        #expect(clean.hasPrefix("could not save \(folder)/missing/x.plist: "), "\(clean)")
        #expect(!clean.contains("edits"), "\(clean)")
        #expect(clean.contains("save as again"), "\(clean)")
        try session.run("new Ann")
        let edited = Self.failure(of: "save as \(folder)/missing/x.plist", in: &session)
        #expect(edited.contains("your edits are kept, unsaved"), "\(edited)")
    }
}
