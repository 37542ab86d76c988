import DirectoryCore

extension PostgreSQLStore {
    /// One location's open connection, the kind of list it holds, and the changes
    /// others made that it heard of since the list was last read or written.
    final class Link {
        let connection: PostgreSQLConnection
        /// The schema (`SCHEMA.`) whose notifications are about this directory.
        let schemaPrefix: String
        /// The kind of list last read or written here.
        var kind: RecordSchema?
        /// Records others changed since the last load or save.
        var heardSinceLoad = 0

        init(connection: PostgreSQLConnection) throws(PostgreSQLError) {
            self.connection = connection
            let schema = try connection.run("SELECT current_schema()").value(row: 0, column: 0) ?? "public"
            schemaPrefix = schema + "."
            try connection.run("LISTEN " + (try connection.quoted(DatabaseTables.channel)))
        }

        /// Reads what arrived and adds others' changes to this list's table to `heardSinceLoad`.
        func listen() throws(PostgreSQLError) {
            let table = DirectoryTable(schema: kind ?? .person).name
            for notice in try connection.notifications() where notice.sender != connection.backendID {
                let parts = notice.payload.split(separator: " ")
                guard parts.count >= 2, parts[0] == schemaPrefix + table, let count = Int(parts[1]) else { continue }
                heardSinceLoad += count
            }
        }

        /// Drops what was heard: the list was just read or written, so it holds those changes.
        func forgetHeard() throws(PostgreSQLError) {
            _ = try connection.notifications()
            heardSinceLoad = 0
        }
    }

    /// Runs `body` with the location's connection, opening one when there is none or the
    /// old one broke (a stale connection after a server restart is retried once, fresh).
    /// A failure rolls back and comes out as a message naming the database.
    func perform<Value>(
        on location: String, saving: Bool, _ body: (Link) throws(PostgreSQLError) -> Value
    ) throws(StorageError) -> Value {
        do throws(PostgreSQLError) {
            return try state.withLock { links throws(PostgreSQLError) -> Value in
                var attempts = 0
                while true {
                    attempts += 1
                    let reused = links[location] != nil
                    let link: Link
                    if let open = links[location], open.connection.isOpen {
                        link = open
                    } else {
                        link = try Link(connection: try PostgreSQLConnection(location: location))
                        links[location] = link
                    }
                    do throws(PostgreSQLError) {
                        return try body(link)
                    } catch {
                        _ = try? link.connection.run("ROLLBACK")
                        guard error.connectionLost || !link.connection.isOpen else { throw error }
                        links[location] = nil
                        guard reused, attempts == 1 else { throw error }
                    }
                }
            }
        } catch {
            throw Self.storageError(error, location: location, saving: saving)
        }
    }

    /// The user's message for a failure at `location`, worded for a save when `saving`.
    static func storageError(_ error: PostgreSQLError, location: String, saving: Bool) -> StorageError {
        if error.state == "40001" || error.state == "40P01" { return .changedMeanwhile(path: location) }
        let kept = "Nothing was written and your edits are kept"
        let reading: String
        let writing: String
        if error.isPermissionDenied {
            reading = "cannot read the directory: \(error.message); ask the directory's owner for read access"
            writing =
                "not saved: \(error.message). Your role may only read this directory. \(kept); ask the "
                + "directory's owner for write access, or use 'save as FILE'"
        } else if error.connectionLost {
            let server = "the database cannot be reached (\(error.message))"
            reading = "cannot read the directory: \(server). Check the location, the server, the user and the password"
            writing = "not saved: \(server). \(kept): save again when the server is back; the next command reconnects"
        } else {
            reading = "cannot read the directory: \(error.message)"
            writing = "not saved: \(error.message). \(kept)"
        }
        return .database(location: location, problem: saving ? writing : reading, whenSaving: writing)
    }

    /// How many records others changed since this session last read or wrote `location`,
    /// or `nil` when it is not open; reads the notifications that arrived.
    public func changesByOthers(at location: String) -> Int? {
        state.withLock { links -> Int? in
            guard let link = links[location] else { return nil }
            do {
                try link.listen()
            } catch {
                return link.heardSinceLoad
            }
            return link.heardSinceLoad
        }
    }
}
