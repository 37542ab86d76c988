import Foundation
import Testing

@Suite("End to end: #ID names a record for good")
struct RecordIDReferenceTests {
    /// A people list whose ids are given, in `folder`/ids.json; its path.
    static func list(_ people: [(id: String, name: String)], in folder: TemporaryFolder) throws -> String {
        let objects = people.map { "{\"id\":\"\($0.id)\",\"name\":\"\($0.name)\",\"office\":\"\"}" }
        let path = folder.file("ids.json")
        try ("[" + objects.joined(separator: ",") + "]").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Ann, Bob and Cy, whose ids start AAAA, BBBB and CCCC.
    static let threePeople = [
        ("AAAA0000-0000-4000-8000-000000000001", "Ann"), ("BBBB0000-0000-4000-8000-000000000002", "Bob"),
        ("CCCC0000-0000-4000-8000-000000000003", "Cy"),
    ]

    @Test("edit, delete and list take #ID, a unique prefix of the id in any case, after the numbers moved")
    func idsNameRecordsAfterNumbersMove() throws {
        let folder = TemporaryFolder()
        let path = try Self.list(Self.threePeople, in: folder)
        let run = try ProgramRun.run(
            ["--file", path],
            input: "sort name desc\nedit #bbbb\nset office Briggs\ndelete #AAAA-0000\nlist #cccc0\nlist\nquit!\n",
            folder: folder)
        #expect(run.standardError == "")
        #expect(run.standardOutput == "  1  Cy\n  1  Cy\n  2  Bob  Briggs\n")
    }

    @Test("show #ID prints that record without making it current; move #ID moves it whatever its number")
    func showAndMoveTakeIDs() throws {
        let folder = TemporaryFolder()
        let path = try Self.list(Self.threePeople, in: folder)
        let run = try ProgramRun.run(
            ["--file", path, "--format", "csv"],
            input: "sort name desc\nedit 1\nshow #aaaa\nmove #AAAA to 1\nlist\nshow\nundo\nlist #bbbb\nquit!\n",
            folder: folder)
        #expect(run.standardError == "")
        // CSV lines end in CRLF (RFC 4180).
        #expect(
            run.standardOutput.replacingOccurrences(of: "\r\n", with: "\n") == """
                id,name,office
                AAAA0000-0000-4000-8000-000000000001,Ann,
                id,name,office
                AAAA0000-0000-4000-8000-000000000001,Ann,
                CCCC0000-0000-4000-8000-000000000003,Cy,
                BBBB0000-0000-4000-8000-000000000002,Bob,
                id,name,office
                CCCC0000-0000-4000-8000-000000000003,Cy,
                id,name,office
                BBBB0000-0000-4000-8000-000000000002,Bob,
                """ + "\n")
    }

    @Test("an unknown, ambiguous or short #ID says what is wrong and names the candidates")
    func badIDsAreExplained() throws {
        let folder = TemporaryFolder()
        let path = try Self.list(
            [
                ("ABCD0000-0000-4000-8000-000000000001", "Ann"), ("ABCD1111-0000-4000-8000-000000000002", "Bob"),
            ], in: folder)
        let run = try ProgramRun.run(["--file", path], input: "edit #abcd\nedit #ffff\ndelete #ab\n", folder: folder)
        #expect(
            run.standardError == """
                directory: line 1: #ABCD starts the id of more than one record: 1 Ann (#ABCD0000-0000-4000-8000-000000000001), 2 Bob (#ABCD1111-0000-4000-8000-000000000002); type more of the id
                directory: line 2: no record has an id starting with FFFF; show (or --format json) prints each record's id
                directory: line 3: '#ab' is not a record id: write # and at least 4 hex digits of the id that show prints, e.g. #E621

                """)
    }
}
