import Foundation
import Testing

@Suite("End to end: files")
struct FileSafetyTests {
    @Test("a corrupt file is left byte for byte untouched, with an error naming it; exit 1")
    func corruptFileUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.file("directory.plist")
        let garbage = Data("bplist00 this is not really a property list".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        let run = try ProgramRun.run(["--file", path], input: "new X\nsave\n", folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains(path))
        #expect(run.standardError.contains("left untouched"))
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test("a file in no known format is refused and kept")
    func unknownFormatKept() throws {
        let folder = TemporaryFolder()
        let path = folder.file("notes.plist")
        let text = Data("just some notes\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: text)
        let run = try ProgramRun.run(["--file", path, "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("neither a property list nor JSON"))
        #expect(FileManager.default.contents(atPath: path) == text)
    }

    @Test("save keeps the file's permissions and leaves no temporary file")
    func saveKeepsPermissions() throws {
        let folder = TemporaryFolder()
        let path = folder.file("d.plist")
        _ = try ProgramRun.run(["--file", path, "-c", "save"], folder: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        _ = try ProgramRun.run(["--file", path, "-c", "new X", "-c", "save"], folder: folder)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains("directory-save") })
    }

    @Test("an XML plist stays XML, and a JSON file stays JSON")
    func formatIsKept() throws {
        let folder = TemporaryFolder()
        struct Person: Codable {
            var id = UUID()
            var name: String
            var office: String
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let xmlPath = folder.file("people.plist")
        try encoder.encode([Person(name: "Ada", office: "Lab")]).write(to: URL(fileURLWithPath: xmlPath))
        let run = try ProgramRun.run(["--file", xmlPath, "-c", "new Bob", "-c", "save"], folder: folder)
        #expect(run.status == 0)
        let xml = try #require(FileManager.default.contents(atPath: xmlPath))
        #expect(String(decoding: xml, as: UTF8.self).hasPrefix("<?xml"))
        let people = try PropertyListDecoder().decode([Person].self, from: xml)
        #expect(people.map(\.name) == ["Ada", "Bob"])

        let jsonPath = folder.file("people.json")
        try JSONEncoder().encode([Person(name: "Cy", office: "B 1")]).write(to: URL(fileURLWithPath: jsonPath))
        _ = try ProgramRun.run(
            ["--file", jsonPath, "-c", "edit 1", "-c", "set office B 2", "-c", "save"], folder: folder)
        let json = try JSONDecoder().decode(
            [Person].self, from: try #require(FileManager.default.contents(atPath: jsonPath)))
        #expect(json.first?.office == "B 2")
    }

    @Test("a save that cannot write says why, keeps the old file, and exits 1")
    func unwritableFolder() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", folder.file("missing/folder/d.plist"), "-c", "save", "-c", "quit!"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("could not save"))
        #expect(run.standardError.contains("the folder does not exist"))
    }

    @Test("~/ in a path typed in a command means the home folder")
    func tildeInCommandPaths() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--file", "d.plist", "-c", "save as ~/copy.json"], folder: folder)
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("copy.json")))
    }
}
