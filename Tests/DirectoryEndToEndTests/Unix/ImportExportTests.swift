import Foundation
import Testing

@Suite("End to end: import and export")
struct ImportExportTests {
    /// Builds a directory with awkward values in `d.plist` and returns its listing as JSON.
    private func makeDirectory(in folder: TemporaryFolder) throws -> String {
        let setup = """
            new Zoë "Z" 高橋, Jr.
            set office Briggs 413; 2nd floor
            new Ann
            set office "line one\\nline two"
            save
            """
        let run = try ProgramRun.run(["--file", "d.plist"], input: setup, folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return try ProgramRun.run(["--file", "d.plist", "--format", "json", "-c", "list"], folder: folder)
            .standardOutput
    }

    @Test(
        "a directory exported to CSV, vCard and JSON re-imports to the same records",
        arguments: [
            ("csv", "csv"), ("vcard", "vcf"), ("json", "json"),
        ])
    func roundTrip(_ format: String, _ suffix: String) throws {
        let folder = TemporaryFolder()
        let original = try makeDirectory(in: folder)
        let export = try ProgramRun.run(["--file", "d.plist", "-c", "export \(format) out.\(suffix)"], folder: folder)
        #expect(export.status == 0)
        #expect(export.standardError == "")
        let reimport = try ProgramRun.run(
            ["--file", "new.plist"],
            input: "delete 1-3\nimport \(format) out.\(suffix)\nsave\n", folder: folder)
        #expect(reimport.status == 0, "\(reimport.standardError)")
        let listed = try ProgramRun.run(["--file", "new.plist", "--format", "json", "-c", "list"], folder: folder)
        #expect(listed.standardOutput == original)
    }

    @Test("a CSV saved by a spreadsheet (BOM, CRLF, quoted commas and quotes) imports")
    func spreadsheetCSV() throws {
        let folder = TemporaryFolder()
        let bytes = [0xEF, 0xBB, 0xBF] + Array("Name,Office\r\n\"Gregg, Joe\",\"Briggs \"\"413\"\"\"\r\nZoë,\r\n".utf8)
        _ = FileManager.default.createFile(atPath: folder.file("sheet.csv"), contents: Data(bytes))
        let run = try ProgramRun.run(
            ["--file", "d.plist"], input: "delete 1-3\nimport csv sheet.csv\nlist\nquit!\n", folder: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput == "  1  Gregg, Joe  Briggs \"413\"\n  2  Zoë\n")
    }

    @Test("an ignored column is said in a script too, with the field it may have meant")
    func ignoredColumnIsSaidInScripts() throws {
        let folder = TemporaryFolder()
        _ = FileManager.default.createFile(
            atPath: folder.file("t.csv"), contents: Data("Name,Ofice,Phone\nAnn,Room 1,555\n".utf8))
        let run = try ProgramRun.run(["--file", "d.json"], input: "import csv t.csv\nsave\n", folder: folder)
        #expect(run.status == 0)
        #expect(run.standardError.contains("the column 'Ofice' was ignored (did you mean 'office'?)"))
        #expect(run.standardError.contains("the column 'Phone' was ignored."))
    }

    @Test("a malformed file imports nothing and names each rejected line; --partial imports the rest")
    func malformedFile() throws {
        let folder = TemporaryFolder()
        let text = "name,office\nA,1\nB,2,extra\n\"C,3\nD,4\n"
        _ = FileManager.default.createFile(atPath: folder.file("bad.csv"), contents: Data(text.utf8))
        let refused = try ProgramRun.run(
            ["--file", "d.plist", "-c", "import csv bad.csv", "-c", "list"], folder: folder)
        #expect(refused.status == 1)
        #expect(
            refused.standardError == """
                directory: warning: d.plist does not exist: the session starts with 3 sample people \
                (not saved; 'save' creates the file with them; 'delete 1-3' first starts it empty)
                directory: -c #1: bad.csv: 2 of 3 records rejected, so nothing was imported; fix them, \
                or add --partial to import the rest:
                  line 3: 3 fields, expected 2 as in the header row
                  line 4: field 1 opens a quote that is never closed

                """)
        #expect(!refused.standardOutput.contains("  4  "))
        let partial = try ProgramRun.run(
            ["--file", "d.plist"], input: "import csv --partial bad.csv\nlist\nundo\nlist\n", folder: folder)
        #expect(
            partial.standardError.hasPrefix(
                ProgramRun.samplesWarning("d.plist")
                    + "directory: Imported 1 person from bad.csv (read 3). Rejected 2:\n"))
        #expect(partial.standardOutput.contains("  4  A               1\n"))
        #expect(partial.standardOutput.hasSuffix("  3  Kurt Krebsbach  Briggs 411\n"))
    }

    @Test("vCard export of a bucket list is refused with the formats that work; status 1")
    func vcardRefusedForBucketList() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--kind", "bucket", "-c", "export vcard x.vcf"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError == "directory: -c #1: vCard holds people, not bucket lists; use csv or json\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.vcf")))
    }
}
