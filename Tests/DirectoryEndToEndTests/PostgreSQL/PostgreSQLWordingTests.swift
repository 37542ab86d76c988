import Foundation
import Testing

/// The failures of issue 32's point 6, as a user meets them: in the program's words, naming
/// the record or what is missing, and the fix.
@Suite("PostgreSQL: failures in the program's words", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLWordingTests {
    @Test("an open session meeting a row whose extra is not an object names the row and the fix, not the raw row")
    func badExtraInAnOpenSession() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let session = try LiveProgram([uri], folder: folder)
        session.send("list")
        #expect(session.waitForOutput(containing: "Joe Gregg"))
        try cluster.psql(uri, "UPDATE people SET extra = '[1, 2]' WHERE name = 'Joe Gregg'")
        session.send("refresh")
        let run = session.finish()
        #expect(run.standardError.contains("('Joe Gregg') has an extra column that is not a JSON object"))
        #expect(run.standardError.contains("UPDATE people SET extra = jsonb_build_object"), "\(run.standardError)")
        #expect(!run.standardError.contains("\t"), "\(run.standardError)")
    }
}
