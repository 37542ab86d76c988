import Foundation
import Testing

@Suite("End to end: a file that cannot be opened as the list says how to bring it in or fix it, and that works")
struct UnopenableFileAdviceTests {
    /// The command between quotes that `message` gives just before `following` (which starts
    /// with the closing quote).
    private func quotedCommand(in message: String, before following: String) -> String? {
        guard let end = message.range(of: following) else { return nil }
        guard let start = message[..<end.lowerBound].range(of: "'", options: .backwards) else { return nil }
        return String(message[start.upperBound..<end.lowerBound])
    }

    @Test(
        "a CSV, TSV or vCard file given as the list is refused with the import line that brings it in, which does",
        arguments: [
            ("a.csv", "name,office\nAnn Lee,B 1\n", "import csv a.csv"),
            ("a.tsv", "name\toffice\nAnn Lee\tB 1\n", "import csv --separator tab a.tsv"),
            ("c.VCF", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann Lee\r\nEND:VCARD\r\n", "import vcard c.VCF"),
        ])
    func importLineForItsName(name: String, contents: String, command: String) throws {
        let folder = TemporaryFolder()
        try contents.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
        let refused = try ProgramRun.run([name, "-c", "list"], folder: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("\(name) is neither a property list nor JSON"))
        let given = quotedCommand(in: refused.standardError, before: "' adds its records to the list that is open")
        #expect(given == command, "\(refused.standardError)")
        let imported = try ProgramRun.run(
            ["--file", "d.plist", "-c", "delete 1-3", "-c", try #require(given), "-c", "list"], folder: folder)
        #expect(imported.standardOutput.contains("Ann Lee"), "\(imported.standardError)")
    }

    @Test("a file of no known format with another name is not pointed at import")
    func otherNamesGetNoImportLine() throws {
        let folder = TemporaryFolder()
        try "name,office\n".write(toFile: folder.file("notes.plist"), atomically: true, encoding: .utf8)
        let run = try ProgramRun.run(["notes.plist", "-c", "list"], folder: folder)
        #expect(run.standardError.contains("neither a property list nor JSON"))
        #expect(!run.standardError.contains("import"), "\(run.standardError)")
    }

    @Test("an XML plist whose record has no id says the line to add, and with it added the file opens")
    func xmlRecordWithoutID() throws {
        let folder = TemporaryFolder()
        let path = folder.file("team.plist")
        let record = "<dict><key>name</key><string>Ann Lee</string></dict>"
        let xml =
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<plist version=\"1.0\"><array>\(record)</array></plist>\n"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try ProgramRun.run([path, "-c", "list"], folder: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("record 1 has no 'id'"), "\(refused.standardError)")
        let line = "<key>id</key><string>UUID</string>"
        #expect(refused.standardError.contains("add \(line) to each record's <dict> that lacks it"))
        #expect(!refused.standardError.contains("import"), "import does not read property lists")
        let fixed = line.replacingOccurrences(of: "UUID", with: UUID().uuidString)
        try xml.replacingOccurrences(of: "<dict>", with: "<dict>" + fixed).write(
            toFile: path, atomically: true, encoding: .utf8)
        let opened = try ProgramRun.run([path, "-c", "list"], folder: folder)
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.standardOutput.contains("Ann Lee"))
    }

    @Test("a JSON list whose record has no id says the member to add, and the import json line that takes it as it is")
    func jsonRecordWithoutID() throws {
        let folder = TemporaryFolder()
        try #"[{"name":"Ann Lee","office":"B 1"}]"#.write(
            toFile: folder.file("old.json"), atomically: true, encoding: .utf8)
        let refused = try ProgramRun.run(["old.json", "-c", "list"], folder: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains(#"add "id": "UUID", to each record's {…} that lacks it"#))
        let given = quotedCommand(
            in: refused.standardError, before: "', which gives each record without an id a new one")
        #expect(given == "import json old.json", "\(refused.standardError)")
        let command = try #require(given)
        let imported = try ProgramRun.run(
            ["--file", "new.json", "-c", "delete 1-3", "-c", command, "-c", "list"], folder: folder)
        #expect(imported.standardOutput == "  1  Ann Lee  B 1\n", "\(imported.standardError)")
    }
}
