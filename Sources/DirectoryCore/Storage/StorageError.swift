/// Why a list or a file could not be read or written. Each message names it and
/// says what to do; the old file is never touched when reading fails.
public enum StorageError: Error, Equatable, Sendable {
    /// The file exists but could not be opened or read (permissions, a folder, I/O error).
    case unreadable(path: String, reason: String)
    /// The file's contents are not a valid list of records.
    case corrupt(path: String, format: FileFormat, FileFormatError)
    /// The file is in none of the known formats.
    case unknownFormat(path: String)
    /// Writing failed; the old file is intact and the edits are still in the session.
    case writeFailed(path: String, reason: String)
    /// The list was changed by someone else and the changes conflict with this session's;
    /// `medium`: what keeps the list, for the message's words.
    case conflict(location: String, medium: StoreMedium, details: [String])
    /// As `conflict`, for a role that may only read the list (a database reader): no `save!` to offer.
    case readerConflict(location: String, details: [String])
    /// A database refused or failed: `problem` is a whole sentence saying what to do, and
    /// `whenSaving` the sentence for the same failure in the middle of a save.
    case database(location: String, problem: String, whenSaving: String)
    /// Another session saved between this save's check and its write; the session merges again and retries.
    case changedMeanwhile(location: String)
    /// The file is empty (0 bytes), which no list is: the apps never write one, so another
    /// program may be writing it. A plain save does not replace it.
    case emptyFile(path: String)
    /// The file held a list when read but is empty or not a list now, and stayed so while the
    /// save (or refresh) waited: `problem` says what is wrong with it. Nothing was written.
    case notAListNow(path: String, problem: String)
    /// The file did not stop changing while the save (or refresh) waited for it to hold a list.
    case unsettled(path: String)
    /// Another program replaced the file twice during a save's swap; the version that
    /// would have been lost was kept at `kept`. Nothing of this session's was written.
    case displacedVersionKept(path: String, kept: String)
    /// The save is in place, but another program opened the replaced version for writing
    /// at that moment and wrote into it after it was removed; what it wrote was copied to
    /// `kept` (`nil`: the copy failed). `saved` is the version the save put in place, when the
    /// store knows it: the save itself succeeded, and the session takes it as saved.
    case lateWriteKept(path: String, kept: String?, saved: FileVersion? = nil)
    /// The file held a `list` list when read, and another program has since written a list of
    /// another kind (`holds`) into it: nothing was merged or written.
    case otherKindNow(path: String, holds: ListKind, list: ListKind)

    /// The message for the user. A password in a database location never appears in it.
    public var message: String {
        switch redactingLocation {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .corrupt(let path, let format, let error) where error.isNoID:
            return "\(path) is not a valid \(format.rawValue) list of records: \(error.description). "
                + "The file was left untouched; fix it, or use --file to work on another file. "
                + Self.missingIDRemedy(format: format, path: path)
        case .corrupt(let path, let format, let error):
            return "\(path) is not a valid \(format.rawValue) list of records: \(error.description). "
                + "The file was left untouched; fix or move it, or use --file to work on another file"
        case .unknownFormat(let path):
            return "\(path) is neither a property list nor JSON. The file was left untouched; "
                + "use --file to work on another file" + (Self.importHint(for: path).map { ". " + $0 } ?? "")
        case .writeFailed(let path, let reason):
            return "could not save \(path): \(reason). The file on disk is unchanged and your edits "
                + "are kept: fix the cause and save again, or use 'save as PATH'"
        case .conflict(let path, let medium, let details):
            return "not saved: \(path) was changed by another session and the changes conflict:\n"
                + details.map { "  " + $0 }.joined(separator: "\n")
                + "\nNothing was written and your edits are kept. Use 'save!' to keep your version of these "
                + "(everything else the others saved stays), or 'revert' to take \(medium.place)'s "
                + "version (your unsaved edits are discarded)"
        case .readerConflict(let path, let details):
            return "not saved: \(path) was changed by another session and the changes conflict:\n"
                + details.map { "  " + $0 }.joined(separator: "\n")
                + "\nYour role may only read this directory, so nothing can be written; your edits are kept. "
                + "Use 'revert' to take the database's version, or 'save as FILE' to keep yours"
        case .database(let location, let problem, _):
            return "\(location): \(problem)"
        case .changedMeanwhile(let path):
            return "not saved: \(path) was changed by another session while saving; nothing was written and "
                + "your edits are kept: save again"
        case .emptyFile(let path):
            return "\(path) is empty (0 bytes), and an empty file is not a list: the apps never write one "
                + "(an empty list is [] or a small property list), so another program may be writing it. "
                + "Nothing was written and your edits are kept: 'refresh' once it holds a list, "
                + "or 'save!' to write your list over it"
        case .notAListNow(let path, let problem):
            return "\(path) held a list when it was read, but not now: \(problem). Another program may be "
                + "writing it or have damaged it. Nothing was written and your edits are kept: try again once "
                + "it holds a list, 'save!' to write your list over it, or 'save as PATH' to keep both"
        case .unsettled(let path):
            return "\(path) kept changing for \(Self.settleLimitText) while another program wrote it, "
                + "and never held a list in between. Nothing was written and your edits are kept: try again "
                + "in a moment"
        case .displacedVersionKept(let path, let kept):
            return "not saved: another program replaced \(path) twice while it was being saved; its earlier "
                + "version is the file now and its later one was kept as \(kept), so nothing is lost. "
                + "Your edits are kept: save again, then take what you need from \(kept) "
                + "(open it, or import it)"
        case .lateWriteKept(let path, let kept?, _):
            return "\(path) was saved, but another program wrote to its previous version at the same moment; "
                + "what it wrote was kept as \(kept), so nothing is lost: it is a conflict copy, "
                + "which 'merge conflicts' merges into this list"
        case .lateWriteKept(let path, nil, _):
            return "\(path) was saved, but another program wrote to its previous version at the same moment, "
                + "and what it wrote could not be copied: save it again from that program"
        case .otherKindNow(let path, let holds, let list):
            return "\(path) holds a \(holds.name) list now, not a \(list.name) list like this one: another "
                + "program wrote it since it was read. Nothing was merged or written and your edits are kept: "
                + "'save as PATH' keeps them in a file of their own"
        }
    }

    /// The error with any password taken out of the location it names.
    private var redactingLocation: StorageError {
        switch self {
        case .unreadable(let path, let reason): return .unreadable(path: StoreLocation.redacted(path), reason: reason)
        case .corrupt(let path, let format, let error):
            return .corrupt(path: StoreLocation.redacted(path), format: format, error)
        case .unknownFormat(let path): return .unknownFormat(path: StoreLocation.redacted(path))
        case .writeFailed(let path, let reason): return .writeFailed(path: StoreLocation.redacted(path), reason: reason)
        case .conflict(let path, let medium, let details):
            return .conflict(location: StoreLocation.redacted(path), medium: medium, details: details)
        case .readerConflict(let path, let details):
            return .readerConflict(location: StoreLocation.redacted(path), details: details)
        case .database(let location, let problem, let whenSaving):
            return .database(location: StoreLocation.redacted(location), problem: problem, whenSaving: whenSaving)
        case .changedMeanwhile(let path): return .changedMeanwhile(location: StoreLocation.redacted(path))
        case .emptyFile, .notAListNow, .unsettled, .displacedVersionKept, .lateWriteKept, .otherKindNow:
            return self  // files only: no password
        }
    }

    /// The error as a failed save: a file that cannot be read back while saving (it became a
    /// folder, its permissions changed) is reported as a save that failed, with the edits kept.
    var asSaveFailure: StorageError {
        switch self {
        case .unreadable(let path, let reason): return .writeFailed(path: path, reason: reason)
        case .database(let location, _, let whenSaving):
            return .database(location: location, problem: whenSaving, whenSaving: whenSaving)
        default: return self
        }
    }

    /// How long a file store's save waits at most for a file that is being written, in words
    /// (`FileStore.SettleWait.standard`).
    static let settleLimitText = "2 seconds"
}
