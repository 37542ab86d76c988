/// The loop of a save: merge with what others saved, write, and merge again when another
/// session saved in between; a database store is sent only what changed (`listChanges`).
extension Session {
    /// How many times a save merges and tries again when other sessions keep saving first.
    static let saveAttempts = 200

    /// What `open` says of a database that has no tables yet.
    static let noTablesNote = " (the database has no directory tables yet: save creates them)"

    /// Merges with what others saved and writes this session's changes, again and again
    /// while others save in between; returns what came from the others. `preferringOurs`
    /// (`save!`) resolves conflicts this session's way.
    mutating func mergeAndWriteChanges(preferringOurs: Bool = false) throws(SessionError) -> [String] {
        var notes: [String] = []
        // A failure after a merge says what the merge took in: the list holds it now.
        func failure(_ error: StorageError) -> SessionError {
            notes.isEmpty ? .storage(error) : .notSavedAfterMerge(error, merged: notes)
        }
        for _ in 0..<Self.saveAttempts {
            do {
                notes += try mergeBeforeSave(preferringOurs: preferringOurs)
            } catch .storage(let error) {
                throw failure(error)
            } catch {
                throw error
            }
            do {
                let changes = store.savesChangeSet(to: path) ? list.listChanges : ListChanges()
                fingerprint = try store.save(
                    changes, giving: records, schema: schema, format: format, to: path, known: fingerprint)
                markSaved()
                return notes
            } catch .changedMeanwhile {
                continue
            } catch {
                throw failure(error)
            }
        }
        throw failure(.changedMeanwhile(location: path))
    }
}
