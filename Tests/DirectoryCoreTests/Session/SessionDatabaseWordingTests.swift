import Testing

@testable import DirectoryCore

@Suite("Session: messages about a database call it the database, never the file")
struct SessionDatabaseWordingTests {
    static let database = "postgresql://alice:s3cret@db.example.org/dept"
    static let details = ["'Joe Gregg': office is \"Briggs 600\" here but \"Briggs 500\" in the database"]

    /// Two sessions on one saved list at `database`, the second with a conflicting unsaved edit.
    static func conflicting() throws -> Session {
        let store = MemoryStore(medium: .database)
        var first = try Session.test(path: database, store: store)
        try first.run("save")
        var second = try Session.test(path: database, store: store)
        try first.run("edit 2", "set office Briggs 500", "save")
        try second.run("edit 2", "set office Briggs 600")
        return second
    }

    @Test(
        "conflict and recovery messages name the database, and no password",
        arguments: [
            (
                "refresh", SessionError.refreshConflict(location: database, medium: .database, details: details),
                "take the database's version"
            ),
            (
                "refresh by a reader",
                SessionError.refreshConflict(location: database, medium: .database, details: details, reader: true),
                "may only read this directory"
            ),
            (
                "recover",
                SessionError.recoveryConflict(
                    file: "postgresql://alice@db.example.org/dept", medium: .database, details: details),
                "'the database' the list"
            ),
            (
                "export", SessionError.exportFailed(path: database, reason: "it is the list's own database"),
                "own database"
            ),
        ])
    func databaseMessages(name: String, error: SessionError, wording: String) {
        #expect(error.message.contains(wording), "\(name): \(error.message)")
        #expect(!error.message.contains("the file"), "\(name): \(error.message)")
        #expect(!error.message.contains("s3cret"), "\(name): \(error.message)")
    }

    @Test("a reader's refresh conflict does not offer save!; a writer's keeps what the others saved")
    func readerNotOfferedForceSave() {
        let reader = SessionError.refreshConflict(
            location: Self.database, medium: .database, details: Self.details, reader: true)
        #expect(!reader.message.contains("save!"))
        #expect(reader.message.contains("'save as FILE' to keep yours"))
        let writer = SessionError.refreshConflict(location: Self.database, medium: .database, details: Self.details)
        #expect(writer.message.contains("Use 'save!' to keep your version of these (everything else the others saved"))
    }

    @Test("a file's messages still say the file, and save! keeps what others saved besides, as on a database")
    func fileMessagesUnchanged() {
        let error = SessionError.refreshConflict(
            location: "/data/directory.plist", medium: .file, details: Self.details)
        #expect(
            error.message.hasSuffix(
                "Use 'save!' to keep your version of these (everything else the others saved stays), "
                    + "or 'revert' to take the file's version"))
        #expect(
            SessionError.recoveryConflict(file: "directory.plist", medium: .file, details: []).message.contains(
                "'the file' the list"))
    }

    @Test("refresh on a database that conflicts says the database, through the session")
    func refreshConflictThroughSession() throws {
        var session = try Self.conflicting()
        do {
            try session.run("refresh")
            Issue.record("the refresh was not refused")
        } catch let error as SessionError {
            #expect(error.message.hasPrefix("not refreshed: postgresql://alice@db.example.org/dept was changed"))
            #expect(error.message.contains("\"Briggs 500\" in the database"))
            #expect(error.message.contains("'revert' to take the database's version"))
            #expect(!error.message.contains("the file"))
            #expect(!error.message.contains("s3cret"))
        }
    }

    @Test("changes names the database for a moved record, and save as onto a database says it is now the database")
    func changesAndSaveAs() throws {
        let store = MemoryStore(medium: .database)
        var session = try Session.test(path: Self.database, store: store)
        try session.run("save", "move 3 to 1")
        let changes = try session.run("changes")
        guard case .text(let text) = changes else {
            Issue.record("changes printed no report: \(changes)")
            return
        }
        #expect(text.contains("was 3 in the database"), "\(text)")
        let saved = try session.run("save as postgresql://alice@db.example.org/other")
        #expect(
            saved == .feedback("Saved 3 people to postgresql://alice@db.example.org/other; it is now the database."))
    }

    @Test("the store that keeps the list names the place, whatever the location's spelling")
    func storeNamesItself() throws {
        for (medium, path) in [(StoreMedium.database, "/data/directory.plist"), (.file, Self.database)] {
            var session = try Session.test(path: path, store: MemoryStore(medium: medium))
            try session.run("save", "move 3 to 1")
            guard case .text(let text) = try session.run("changes") else {
                Issue.record("changes printed no report")
                continue
            }
            #expect(text.contains("was 3 in the \(medium.rawValue)"), "\(text)")
            let saved = try session.run("save as /data/other.plist")
            #expect(saved == .feedback("Saved 3 people to /data/other.plist; it is now the \(medium.rawValue)."))
        }
    }
}
