import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// A file whose ids are in lower case (Python's `str(uuid4())`) is read, and its first save
/// writes them in upper case, as the apps do, saying so once.
@Suite("Session: ids read in lower case")
struct SessionLowerCaseIDTests {
    static let lowerCase =
        #"[{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"Zoë","office":""},"#
        + #"{"id":"0b7d8e3a-1f2c-4d5e-8f90-a1b2c3d4e5f6","name":"Joe","office":""}]"#

    static func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    @Test(
        "the first save of a file with lower-case ids says it writes them in upper case, once",
        arguments: ["people.json", "people.plist"])
    func firstSaveSaysIDsBecomeUpperCase(name: String) throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        var text = Self.lowerCase
        if name.hasSuffix(".plist") {
            // The same list as Python's plistlib writes it: an XML property list.
            let list = try JSONSerialization.jsonObject(with: Data(text.utf8))
            text = String(
                decoding: try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0),
                as: UTF8.self)
            #expect(text.contains("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        }
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        var session = try Session(location: path, kind: nil, store: FileStore(), environment: .fixed())
        #expect(session.records[0].id.description == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        let first = try session.run("new Ann", "save")
        guard case .warning(let said) = first else {
            Issue.record("the save said nothing of the ids: \(first)")
            return
        }
        #expect(said.contains("Note: \(name) had its ids in lower case; they are written in upper case"), "\(said)")
        #expect(Self.contents(path).contains("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(!Self.contents(path).contains("e621e1f8"))
        let second = try session.run("new Bo", "save")
        #expect(second == .feedback("Saved 4 people to \(name)."), "\(second)")
    }

    @Test("a save of the new file after save as says nothing of ids: save as wrote them in upper case")
    func saveAfterSaveAsIsQuiet() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/people.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.lowerCase.utf8))
        var session = try Session(location: path, kind: nil, store: FileStore(), environment: .fixed())
        try session.run("save as \(folder)/other.plist")
        #expect(try session.run("new Ann", "save") == .feedback("Saved 3 people to other.plist."))
        #expect(Self.contents(path) == Self.lowerCase)
    }

    @Test("a file with upper-case ids saves without a word about them")
    func upperCaseIDsSaveQuietly() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/people.json"
        let upperCase = Self.lowerCase.replacingOccurrences(
            of: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", with: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        )
        .replacingOccurrences(of: "0b7d8e3a-1f2c-4d5e-8f90-a1b2c3d4e5f6", with: "0B7D8E3A-1F2C-4D5E-8F90-A1B2C3D4E5F6")
        _ = FileManager.default.createFile(atPath: path, contents: Data(upperCase.utf8))
        var session = try Session(location: path, kind: nil, store: FileStore(), environment: .fixed())
        #expect(try session.run("new Ann", "save") == .feedback("Saved 3 people to people.json."))
    }
}
