import Foundation
import Testing

@Suite("PostgreSQL: moving a large list in and out", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLMoveTests {
    @Test("a 100,000-person file moves into a database and back byte for byte; one edit then saves only that row")
    func hundredThousandPeople() throws {
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        let folder = TemporaryFolder()
        var json = "["
        var generator = SystemRandomNumberGenerator()
        for index in 0..<100_000 {
            if index > 0 { json += "," }
            let id = UUID(
                uuid: (
                    UInt8.random(in: 0...255, using: &generator), 1, 2, 3, 4, 5, 0x46, 7, 0x88, 9, 10, 11,
                    UInt8(index >> 16), UInt8((index >> 8) & 0xFF), UInt8(index & 0xFF), 15
                )
            ).uuidString
            let extra = index % 1000 == 0 ? #","badge":{"n":\#(index)}"# : ""
            json += #"{"id":"\#(id)","name":"Person \#(index) \"Q\"\tTab","office":"Room \#(index % 997)\\n"\#(extra)}"#
        }
        json += "]"
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder.file("generated.json")))
        let original = folder.file("original.plist")
        let back = folder.file("back.plist")
        let made = try ProgramRun.run([folder.file("generated.json"), "-c", "save as \(original)"], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let into = try ProgramRun.run([original, "-c", "save as \(uri)"], folder: folder)
        #expect(into.status == 0, "\(into.standardError)")
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people") == "100000\n")
        let out = try ProgramRun.run([uri, "-c", "save as \(back)"], folder: folder)
        #expect(out.status == 0, "\(out.standardError)")
        let before = try #require(FileManager.default.contents(atPath: original))
        let after = try #require(FileManager.default.contents(atPath: back))
        #expect(before == after)
        let edited = try ProgramRun.run(
            [uri, "-c", "edit 5000", "-c", "set office Moved", "-c", "save"], folder: folder)
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(
            try cluster.psql(uri, "SELECT count(*) FROM people WHERE revision = (SELECT max(revision) FROM people)")
                == "1\n")
        #expect(try cluster.psql(uri, "SELECT name FROM people WHERE office = 'Moved'") == "Person 4999 \"Q\"\tTab\n")
    }
}
