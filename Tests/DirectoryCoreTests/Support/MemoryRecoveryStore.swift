@testable import DirectoryCore

/// A `RecoveryStore` in memory: one live journal, and orphans put in place by `crash()`.
final class MemoryRecoveryStore: RecoveryStore {
    /// This session's journal, if it has one.
    private(set) var journal: [UInt8]?
    /// Journals of ended sessions.
    var ended: [RecoveryOrphan] = []
    /// How many times `sync` was called with something to make durable.
    private(set) var syncs = 0
    private var unsynced = false

    /// How many times `append` was called.
    private(set) var appends = 0
    /// The pid the next journal's header names.
    var pid = 42

    func append(_ entries: [UInt8], location path: String, kind: String) {
        append(entries, location: path, kind: kind, witnesses: [])
    }

    func append(_ entries: [UInt8], location path: String, kind: String, witnesses: [RecordID]) {
        appends += 1
        if journal == nil {
            journal = RecoveryJournal.header(location: path, kind: kind, pid: pid, started: 0, witnesses: witnesses)
        }
        journal? += entries
        unsynced = true
    }

    func sync() -> String? {
        if unsynced { syncs += 1 }
        unsynced = false
        return nil
    }

    /// Whether the journal holds what was appended: `fails` makes it not.
    var isKept: Bool { !fails }
    /// Whether the journal is to be taken as one a write failed to.
    var fails = false

    func removeJournal() { journal = nil }

    func orphans(of path: String) -> [RecoveryOrphan] {
        ended.filter { RecoveryJournal.decode($0.bytes)?.location ?? path == path }
    }

    func remove(_ orphan: RecoveryOrphan) { ended.removeAll { $0.name == orphan.name } }

    /// The live journal becomes an orphan, as when its session is killed.
    func crash() {
        guard let journal else { return }
        // Each a minute after the one before, so that the later of two is known.
        ended.append(RecoveryOrphan(name: "crashed-\(ended.count)", modified: Double(60 * ended.count), bytes: journal))
        self.journal = nil
    }
}
