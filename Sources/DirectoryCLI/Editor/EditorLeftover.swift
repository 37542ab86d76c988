import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Where `editor` keeps the text it hands the user's editor, so that the text of a session
/// killed while the editor ran can be found, as vim finds its swap files: in the recovery
/// folder, named by the list's identity (as its journals are) and the process,
/// `HASH-PID-editor-XXXXXX.tsv`. `ExternalEditor` removes it when `editor` finishes; one left
/// by a process that is gone is named at the next start on that list, and never deleted.
struct EditorLeftover {
    /// The recovery folder (`DataPaths.recoveryFolder`).
    let folder: String
    /// The hash of the list's identity (`RecoveryLocation.hash`).
    let hash: String

    /// The place for the editor files of the list `session` has open, in `folder`.
    init(folder: String, session: Session) {
        self.folder = folder
        hash = RecoveryLocation.hash(RecoveryLocation.of(session.journalLocation))
    }

    /// The start of this process's file names (mkstemps adds six characters and the suffix).
    var stem: String { "\(hash)-\(getpid())-editor-" }

    /// The files left by processes that are gone, oldest name first.
    func leftovers() -> [String] {
        let prefix = hash + "-"
        return RecoveryFolder.names(in: folder).filter { name in
            guard name.hasPrefix(prefix), let marker = name.range(of: "-editor-") else { return false }
            guard let pid = Int32(name[name.index(name.startIndex, offsetBy: prefix.count)..<marker.lowerBound])
            else { return false }
            return Self.isGone(pid)
        }.sorted().map { folder + "/" + $0 }
    }

    /// What to say at start when an `editor` of `listName` did not finish, or `nil`.
    func notice(listName: String) -> String? {
        let paths = leftovers()
        guard let newest = paths.last else { return nil }
        let more = paths.count > 1 ? " (and \(paths.count - 1) older)" : ""
        return "an 'editor' of \(listName) did not finish (its session ended while the editor ran); "
            + "the text it was editing is in \(newest)\(more): copy what you need from it with 'editor', "
            + "then delete the file"
    }

    /// Whether no process `pid` runs (this one is new: a file of its pid is from an earlier one).
    private static func isGone(_ pid: Int32) -> Bool {
        pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
    }
}
