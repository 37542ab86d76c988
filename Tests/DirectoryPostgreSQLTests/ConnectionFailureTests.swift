import Testing

@testable import DirectoryPostgreSQL

@Suite("PostgreSQL: a connection that could not be made, in the program's words")
struct ConnectionFailureTests {
    /// libpq's message, and what the user is told instead.
    static let cases: [(libpq: String, said: String)] = [
        (
            "connection to server on socket \"/tmp/s/.s.PGSQL.5432\" failed: FATAL:  database \"dept\" does not exist",
            "the server has no database \"dept\"; check the database in the location (or PGDATABASE), or ask "
                + "the server's administrator to create it"
        ),
        (
            "connection to server on socket \"/tmp/s/.s.PGSQL.5432\" failed: FATAL:  role \"gina\" does not exist",
            "the server has no role (user) \"gina\"; check the user in the location (or PGUSER), or ask the "
                + "server's administrator to create it"
        ),
        (
            "connection to server on socket \"/tmp/s/.s.PGSQL.5432\" failed: No such file or directory; "
                + "Is the server running locally and accepting connections on that socket?",
            "no server is listening on the socket \"/tmp/s/.s.PGSQL.5432\"; check that it runs and that the "
                + "location's host names its socket folder"
        ),
        (
            "connection to server at \"db\" (10.0.0.5), port 5432 failed: Connection refused; Is the server running",
            "no server is listening at \"db\" (the connection was refused); check that it runs and the "
                + "location's host and port"
        ),
        (
            "connection to server failed: FATAL:  the database system is starting up",
            "the database cannot be reached (connection to server failed: the database system is starting up)"
        ),
    ]

    @Test("each failure names what is missing and what to check, never libpq's FATAL", arguments: cases)
    func worded(libpq: String, said: String) {
        #expect(ConnectionFailure.words(libpq) == said)
        var error = PostgreSQLError(libpq, connectionLost: true)
        error.whileConnecting = true
        let message = PostgreSQLStore.storageError(error, location: "postgresql:///dept", saving: false).message
        #expect(message == "postgresql:///dept: cannot connect: " + said)
        #expect(!message.contains("FATAL"))
    }
}
