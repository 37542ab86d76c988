import Foundation
import Testing

/// Several sessions of the built program, each fed through a pipe, editing one record of a
/// database at once and saving after every edit: the proof that a merge's base is what was
/// merged (no other editor's change ever counts as a session's own) and that nothing is lost.
@Suite("PostgreSQL: editors saving one record in loops", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLEditorLoopTests {
    /// The commands of one editor: `saves` times, change its own field of item 1 and save.
    static func loop(field: String, saves: Int) -> [String] {
        (1...saves).flatMap { index -> [String] in
            switch field {
            case "name": return ["edit 1", "set name Name \(index)", "save"]
            case "note": return ["edit 1", "set note Note \(index)", "save"]
            default: return ["edit 1", "done \(date(index))", "save"]
            }
        }
    }

    /// The `index`-th day from 2020-01-01, as `YYYY-MM-DD`.
    static func date(_ index: Int) -> String {
        let day = Date(timeIntervalSince1970: 1_577_836_800 + Double(index) * 86_400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: day)
    }

    /// A fresh database whose bucket list holds one item.
    static func oneItem() throws -> (TestCluster, String, TemporaryFolder) {
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        let folder = TemporaryFolder()
        let made = try ProgramRun.run([uri, "--kind", "bucket", "-c", "new Start", "-c", "save"], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        return (cluster, uri, folder)
    }

    /// Runs the editors at once and checks that none saw a conflict or failed.
    static func run(_ editors: [[String]], uri: String, folder: TemporaryFolder) throws {
        let sessions = try editors.map { _ in try LiveProgram([uri, "--kind", "bucket"], folder: folder) }
        for (session, lines) in zip(sessions, editors) {
            for line in lines { session.send(line) }
            session.send("quit")
        }
        for session in sessions {
            let run = session.finish()
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!run.standardError.contains("conflict"), "\(run.standardError)")
            #expect(!run.standardError.contains("not saved"), "\(run.standardError)")
        }
    }

    @Test("three editors, three fields of one item, 100 saves each: no conflict, every field's last value kept")
    func threeEditors() throws {
        let (cluster, uri, folder) = try Self.oneItem()
        let saves = 100
        try Self.run(["name", "note", "date"].map { Self.loop(field: $0, saves: saves) }, uri: uri, folder: folder)
        #expect(
            try cluster.psql(uri, "SELECT name, note, completed_date::date FROM bucket_items")
                == "Name \(saves)|Note \(saves)|\(Self.date(saves))\n")
    }

    @Test("five editors: three on one item's fields, two adding items, 60 saves each: nothing lost")
    func fiveEditors() throws {
        let (cluster, uri, folder) = try Self.oneItem()
        let saves = 60
        var editors = ["name", "note", "date"].map { Self.loop(field: $0, saves: saves) }
        for adder in ["A", "B"] {
            editors.append((1...saves).flatMap { ["new \(adder) \($0)", "save"] })
        }
        try Self.run(editors, uri: uri, folder: folder)
        #expect(
            try cluster.psql(
                uri,
                "SELECT name, note, completed_date::date FROM bucket_items WHERE position = "
                    + "(SELECT min(position) FROM bucket_items)")
                == "Name \(saves)|Note \(saves)|\(Self.date(saves))\n")
        #expect(try cluster.psql(uri, "SELECT count(*) FROM bucket_items") == "\(1 + 2 * saves)\n")
        for adder in ["A", "B"] {
            let order = try cluster.psql(
                uri, "SELECT string_agg(name, ',' ORDER BY position) FROM bucket_items WHERE name LIKE '\(adder) %'")
            #expect(order == (1...saves).map { "\(adder) \($0)" }.joined(separator: ",") + "\n")
        }
    }
}
