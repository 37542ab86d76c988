import DirectoryCore
import Testing

@testable import DirectoryPostgreSQL

@Suite("PostgreSQL: failures said in the program's words")
struct PostgreSQLMessageTests {
    static let location = "postgresql://alice:s3cret-x@db/dept?sslpassword=s3cret-y"

    /// Redaction asks libpq, as the program does.
    init() {
        ConnectionSecrets.install()
    }

    static func message(_ error: PostgreSQLError, saving: Bool = false) -> String {
        PostgreSQLStore.storageError(error, location: location, saving: saving).message
    }

    @Test("a refused password is an authentication failure with what to check, never 'cannot be reached'")
    func refusedPassword() {
        var error = PostgreSQLError(
            "connection to server failed: FATAL:  password authentication failed for user \"alice\"",
            connectionLost: true)
        error.authentication = .passwordRefused
        error.user = "alice"
        let text = Self.message(error)
        #expect(text.hasPrefix("postgresql://alice@db/dept: cannot connect: authentication failed: "))
        #expect(text.contains("the server refused the password of user alice. Check the password (the one typed"))
        #expect(!text.contains("FATAL"))
        #expect(!text.contains("cannot be reached"))
        #expect(!text.contains("s3cret"))
    }

    @Test("a lock wait that ran out names who holds the lock and keeps the edits")
    func lockTimeout() {
        var error = PostgreSQLError("waited 10s for a lock", state: "55P03")
        error.lockHolders = ["process 42 (user bob, psql, idle in transaction since 09:14:03 UTC)"]
        #expect(
            Self.message(error, saving: true)
                == "postgresql://alice@db/dept: not saved: waited 10s for a lock held by process 42 (user bob, psql, "
                + "idle in transaction since 09:14:03 UTC) on the directory's tables, and gave up. Nothing was "
                + "written and your edits are kept: save again when that transaction ends (a psql session ends it "
                + "with COMMIT or ROLLBACK)")
    }

    @Test("a statement Ctrl-C cancelled says so, not the server's words")
    func cancelled() {
        var error = PostgreSQLError("canceling statement due to user request", state: "57014")
        error.cancelledByUser = true
        #expect(
            Self.message(error).hasSuffix("cannot read the directory: stopped by Ctrl-C (the statement was cancelled)"))
    }

    @Test("a secret quoted in libpq's message is taken out of it")
    func secretInMessage() {
        let error = PostgreSQLError("invalid sslpassword \"s3cret-y\"")
        #expect(!Self.message(error).contains("s3cret"))
    }

    @Test("libpq's levels are not shown: its message is one line without ERROR:, FATAL:, WARNING:")
    func cleaned() {
        #expect(
            PostgreSQLError.cleaned("FATAL:  terminating connection due to administrator command\n")
                == "terminating connection due to administrator command")
        #expect(
            PostgreSQLError.cleaned("WARNING:  there is no transaction in progress\n")
                == "there is no transaction in progress")
        #expect(
            PostgreSQLError.cleaned(
                "connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: No such file or directory\n"
                    + "\tIs the server running locally and accepting connections on that socket?\n")
                == "connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: No such file or directory; "
                + "Is the server running locally and accepting connections on that socket?")
    }
}
