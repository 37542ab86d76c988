/// Why a command could not be carried out. Each message says what to do next.
public enum SessionError: Error, Equatable, Sendable {
    /// Reading or writing a file failed.
    case storage(StorageError)
    /// `set`, `show`, `done` need a current record and there is none.
    case noCurrentRecord(noun: String)
    /// `set` named a field the kind does not have.
    case unknownField(String, valid: [String], suggestion: String?)
    /// A record number past the end of the list.
    case noSuchRecord(Int, count: Int)
    /// A range of record numbers that goes past the end of the list.
    case noSuchRange(Int, Int, count: Int)
    /// No record has this name; `near`: the records whose names are near it (`N NAME`, at most
    /// `NearNames.shown`), and whether there are more.
    case nameNotFound(String, near: [String] = [], more: Bool = false)
    /// `#ID` matched no record's id.
    case idNotFound(String)
    /// `#ID` matched several records' ids: each as `N NAME (#ID)`, and whether there were more.
    case ambiguousID(String, candidates: [String], more: Bool)
    /// Several records have this name.
    case ambiguousName(String, matches: [Int])
    /// `undo` with nothing left to undo.
    case nothingToUndo
    /// Nothing to undo because a merge with another session's save cleared the journal.
    case undoClearedByMerge
    /// `quit` or `open` while changes are unsaved.
    case unsavedChanges(action: String, count: Int, file: String)
    /// A date that could not be understood.
    case invalidDate(String)
    /// A date `done` cannot take: not a date, or `none` (which `undone` means).
    case invalidDoneDate(String)
    /// A command that this kind of list does not have (`done` on people).
    case wrongKind(command: String, kinds: [String], current: String)
    /// `help` about a command that does not exist.
    case unknownHelpTopic(String, suggestion: String?)
    /// `import` or `export` in a format that cannot hold this kind of record (vCard and bucket lists).
    case formatNotForKind(format: String, kind: String, formats: [String])
    /// An import file that cannot be read at all (not JSON, no header row); nothing was imported.
    case importUnreadable(path: String, format: String, reason: String)
    /// An import file with records that could not be read; nothing was imported.
    case importRejected(path: String, total: Int, rejected: [String])
    /// An export file that could not be written.
    case exportFailed(path: String, reason: String)
    /// `save as` could not write its new file; `editsUnsaved`: whether there are edits it would have saved.
    case saveAsFailed(path: String, reason: String, editsUnsaved: Bool)
    /// `save as --xml` where that format cannot be written: a database, or a name that says JSON.
    case formatNotForLocation(location: String, format: FileFormat, reason: String)
    /// `redo` with nothing undone since the last change.
    case nothingToRedo
    /// Ctrl-C stopped the command (`Interruption`) before it changed anything.
    case interrupted(command: String)
    /// The text from `editor` has lines that cannot be used; nothing was changed.
    case editorTextInvalid([EditorTextProblem])
    /// A record written for `editor` was gone when the text came back.
    case editorListChanged
    /// `editor` was asked for records whose ids other records share (numbers in `list`).
    case editorRepeatedIDs([Int])
    /// `refresh` found the other session's changes in conflict with this session's; nothing changed.
    /// `reader`: the role may only read the list (a database reader), so there is no `save!` to offer;
    /// `medium`: what keeps the list.
    case refreshConflict(location: String, medium: StoreMedium, details: [String], reader: Bool = false)
    /// `merge` or `conflicts` took in the list's file, changed since it was read, first, and
    /// its changes conflict with this session's (`Session.takeInChangedFile`); nothing changed.
    case takeInConflict(location: String, details: [String])
    /// `save as` or `export` onto a list or file that exists; `replacing` is the command that replaces it.
    case fileExists(location: String, replacing: String)
    /// `save as` or `export` onto something that is no regular file (a device, a FIFO, a
    /// standard stream): `what` it is, and for `export` the command that writes to standard output.
    case notAFile(location: String, what: String, standardOutput: String?)
    /// `recover` met changes made to the list since the journal was written; nothing was recovered.
    /// `medium`: what keeps the list.
    case recoveryConflict(file: String, medium: StoreMedium, details: [String])
    /// `recover` could not use a journal; nothing was recovered.
    case recoveryFailed(file: String, reason: String)
    /// A save failed after it had merged what others saved into the list: the error, and
    /// what came from the others, which the list now holds beside this session's edits.
    case notSavedAfterMerge(StorageError, merged: [String])
    /// `merge` merged, but fields both sides changed differently kept this session's value:
    /// `report` says what it merged and lists each conflict with the command that takes the other value.
    case mergedWithConflicts(report: String)
    /// `merge conflicts` found copies, but none of them is a readable list; nothing changed.
    case copiesUnreadable(list: String, details: [String])
    /// `merge` was given a location that is not a file (a database).
    case mergeNotAFile(path: String)
    /// `merge` was given the list's own file.
    case mergeOwnFile(path: String)
    /// The copy changed while it was read (another program is writing it); nothing was merged.
    case copyChangedWhileRead(path: String)
    /// The copy holds another kind of list (a bucket list given to a directory); nothing was merged.
    case mergeOtherKind(path: String, copy: String, list: String)
    /// `merge PATH` of a file that is not a list (empty, another format, broken); `importHint`
    /// gives the `import` line for a file named as CSV, TSV or vCard (`StorageError.importHint`).
    case mergeNotAList(path: String, problem: String, importHint: String?)
    /// `--kind` names one kind, and the file's records are of another: saving would write
    /// records that neither app reads.
    case kindContradicted(location: String, given: ListKind, holds: ListKind)
    /// Two journals of ended sessions changed one record in different ways.
    case recoveryJournalsConflict(file: String, details: [String])
    /// `versions` or `restore` on a list with no kept version: `reason` says why there is none.
    case noKeptVersions(list: String, reason: String)
    /// `restore N` past the kept versions (`count` of them, as `versions` numbers them).
    case noSuchVersion(Int, count: Int)
    /// `restore N` of a kept version whose contents are gone or cannot be read.
    case versionUnreadable(Int, list: String)

    /// The message for the user.
    public var message: String {
        switch self {
        case .storage(let error): return error.message
        case .noCurrentRecord(let noun):
            return "no current \(noun); use 'new' to add one or 'edit N' to pick one from list"
        case .unknownField(let name, let valid, let suggestion):
            let hint = suggestion.map { "did you mean '\($0)'? " } ?? ""
            return "unknown field '\(name)'; \(hint)the fields are: \(valid.joined(separator: ", "))"
        case .noSuchRecord(let number, 0):
            return "there is no record \(number): the list is empty"
        case .noSuchRecord(let number, let count):
            return "there is no record \(number); the list has \(count) (see list)"
        case .noSuchRange(let low, let high, 0):
            return "there are no records \(Self.range(low, high)): the list is empty"
        case .noSuchRange(let low, let high, let count) where low > count:
            return
                "there are no records \(Self.range(low, high)): the list has \(count), numbered 1-\(count) (see list)"
        case .noSuchRange(let low, let high, let count):
            return "records \(Self.range(low, high)) go past the end of the list: it has \(count), so the last is "
                + "\(count) (\(low)-\(count) names the rest)"
        case .idNotFound(let prefix):
            return "no record has an id starting with \(prefix); show (or --format json) prints each record's id"
        case .ambiguousID(let prefix, let candidates, let more):
            return "#\(prefix) starts the id of more than one record: \(candidates.joined(separator: ", "))"
                + "\(more ? " and more" : ""); type more of the id"
        case .nameNotFound(let name, let near, let more) where !near.isEmpty:
            let names = near.count == 1 ? "the nearest name is " : "the nearest names are "
            return "no record is called '\(name)'; \(names)\(near.joined(separator: ", "))\(more ? " and more" : ""): "
                + "give the number (as listed) or the whole name"
        case .nameNotFound(let name, _, _):
            return "no record is called '\(name)'; use find to search, or a number from list"
        case .ambiguousName(let name, let matches):
            let numbers = matches.prefix(10).map(String.init).joined(separator: ", ")
            return "'\(name)' matches records \(numbers)\(matches.count > 10 ? ", …" : ""); use a number instead"
        case .nothingToUndo:
            return "nothing to undo"
        case .undoClearedByMerge:
            return "nothing to undo: merging what another session saved cleared the undo history, which no "
                + "longer fitted the merged list; 'changes' shows what is unsaved, and 'revert' takes the saved version"
        case .unsavedChanges(let action, let count, let file):
            let them = count == 1 ? "it" : "them"
            return "\(Counted.text(count, "unsaved change")) to \(file); type 'save' to keep \(them), "
                + "or '\(action)!' to discard \(them) ('changes' lists \(them))"
        case .invalidDoneDate(let text):
            let reason = InvalidDate(text: text).reason.map { ": " + $0 } ?? ""
            return "'\(text)' is not a date for done\(reason); use YYYY-MM-DD, an ISO 8601 date-time such as "
                + "2026-05-01T14:30:00Z, or 'today' (undone clears the date)"
        case .invalidDate(let text):
            return InvalidDate(text: text).message
        case .wrongKind(let command, let kinds, let current):
            return "\(command) is for \(kinds.joined(separator: " and ")) lists; this is a \(current) list"
        case .unknownHelpTopic(let name, let suggestion?):
            return "no command '\(name)'; did you mean 'help \(suggestion)'?"
        case .unknownHelpTopic(let name, nil):
            return "no command '\(name)'; type 'help' for the list of commands"
        case .formatNotForKind(let format, let kind, let formats):
            return "\(format) holds people, not \(kind) lists; use \(formats.joined(separator: " or "))"
        case .importUnreadable(let path, let format, let reason):
            return "cannot import \(path) as \(format): \(reason); nothing was imported"
        case .importRejected(let path, let total, let rejected) where rejected.count >= total:
            // No rest for --partial to import.
            let what = total == 1 ? "the 1 record was rejected" : "all \(total) records rejected"
            return "\(path): \(what), so nothing was imported; fix \(total == 1 ? "it" : "them"):\n"
                + ImportReport.lines(rejected)
        case .importRejected(let path, let total, let rejected):
            return "\(path): \(rejected.count) of \(total) records rejected, so nothing was imported; "
                + "fix them, or add --partial to import the rest:\n" + ImportReport.lines(rejected)
        case .exportFailed(let path, let reason):
            return "could not export to \(StoreLocation.redacted(path)): \(reason)"
        case .saveAsFailed(let path, let reason, let editsUnsaved):
            let kept = editsUnsaved ? "; your edits are kept, unsaved" : ""
            return "could not save \(StoreLocation.redacted(path)): \(reason). Nothing was written there and the list "
                + "stays where it was\(kept): fix the cause and save as again, or choose another path"
        case .formatNotForLocation(let location, let format, let reason):
            return "cannot save \(StoreLocation.redacted(location)) as an \(format.rawValue): \(reason); "
                + "nothing was written"
        case .nothingToRedo:
            return "nothing to redo: redo makes again what undo took back, until the next change"
        case .interrupted(let command):
            return "Interrupted: \(command) stopped; nothing changed."
        case .editorRepeatedIDs(let numbers):
            let shown = numbers.prefix(5).map(String.init).joined(separator: ", ")
            return "records \(shown)\(numbers.count > 5 ? " and more" : "") share an id with another record, "
                + "so the editor's text could not tell them apart; edit them with edit and set, "
                + "or give editor the numbers of the other records"
        case .editorListChanged:
            return "the list changed while the editor was open, so nothing was changed; run editor again"
        case .editorTextInvalid(let problems):
            let shown = problems.prefix(20).map { "  " + $0.description }
            let more = problems.count > 20 ? ["  … and \(problems.count - 20) more"] : []
            return "the edited text has \(problems.count == 1 ? "a line" : "\(problems.count) lines") that cannot be "
                + "used, so nothing was changed:\n" + (shown + more).joined(separator: "\n")
        case .refreshConflict(let path, let medium, let details, let reader):
            let place = medium.place
            let next =
                reader
                ? "Your role may only read this directory, so nothing can be written. Use 'revert' to take "
                    + "\(place)'s version, or 'save as FILE' to keep yours"
                : "Use 'save!' to keep your version of these (everything else the others saved stays), or "
                    + "'revert' to take \(place)'s version"
            return "not refreshed: \(StoreLocation.redacted(path)) was changed by another session and the changes "
                + "conflict:\n" + details.map { "  " + $0 }.joined(separator: "\n")
                + "\nNothing changed here and your edits are kept. " + next
        case .takeInConflict(let path, let details):
            return "not merged: \(StoreLocation.redacted(path)) changed since this session read or saved it, and "
                + "its changes conflict with yours, so it could not be taken in before the merge:\n"
                + details.map { "  " + $0 }.joined(separator: "\n")
                + "\nNothing changed here and your edits are kept. Use 'save!' to keep your version of these "
                + "(everything else the others saved stays), or 'revert' to take the file's version; then merge"
        case .fileExists(let path, let replacing):
            return "\(StoreLocation.redacted(path)) already exists and was left as it is; to replace it on purpose use "
                + "'\(replacing)', or choose another path"
        case .notAFile(let path, let what, let standardOutput?):
            return "could not export to \(StoreLocation.redacted(path)): it is \(what), not a regular file, and "
                + "export only writes files, so it was left as it is (export! does not replace it either); "
                + "to write the records to standard output use '\(standardOutput)' (a shell can redirect that "
                + "to a pipe or device), or name a regular file"
        case .notAFile(let path, let what, nil):
            return "could not save to \(StoreLocation.redacted(path)): it is \(what), not a regular file, so it "
                + "was left as it is (save! as does not replace it either); name a regular file"
        case .recoveryConflict(let file, let medium, let details):
            return "cannot recover the changes to \(file): they conflict with the list as it is now "
                + "('here' is the journal, '\(medium.place)' the list); nothing was recovered. "
                + "'recover!' recovers everything with the journal's version of these, 'discard' deletes the "
                + "journal, or leave it for later:\n"
                + details.map { "  " + $0 }.joined(separator: "\n")
        case .recoveryJournalsConflict(let file, let details):
            return "cannot recover the changes to \(file): two sessions that ended changed the same records in "
                + "different ways; nothing was recovered. 'recover!' recovers everything, each of these with "
                + "the later journal's version (the earlier one's is named, not kept), 'discard' deletes the "
                + "journals, or leave them for later:\n"
                + details.map { "  " + $0 }.joined(separator: "\n")
        case .recoveryFailed(let file, let reason):
            return
                "cannot recover the changes to \(file): \(reason); nothing was recovered ('discard' deletes the journal)"
        case .mergedWithConflicts(let report):
            return report
        case .copiesUnreadable(let list, let details):
            return "no conflict copy of \(list) could be merged, so nothing changed; they are left as they are:\n"
                + details.joined(separator: "\n")
        case .mergeNotAFile(let path):
            return "merge reads another copy of the list from a file; \(StoreLocation.redacted(path)) is not one "
                + "(to take in what others saved to a database, use refresh)"
        case .mergeOwnFile(let path):
            return "\(path) is this list's own file: refresh takes in what others saved to it"
        case .mergeOtherKind(let path, let copy, let list):
            return "\(path) holds a \(copy) list, not a \(list) list like this one, so nothing was merged; "
                + "merge a copy of this list"
        case .kindContradicted(let path, let given, let holds):
            let fields = holds.fields.filter { given.fieldIndex(named: $0.name) == nil }.map { "'\($0.name)'" }
            return "\(path) holds \(holds.pluralNoun) (its records have \(fields.joined(separator: " and "))), "
                + "not \(given.pluralNoun), so it was not opened as \(given.pluralNoun): a save would write records "
                + "neither app reads. Open it without --kind (the file decides) or with --kind \(holds.name)"
        case .mergeNotAList(let path, let problem, let importHint):
            if let importHint { return "\(path) cannot be merged: \(problem), so nothing was merged. \(importHint)" }
            return "\(path) cannot be merged: \(problem), so nothing was merged (a CSV or vCard file is "
                + "brought in with 'import')"
        case .copyChangedWhileRead(let path):
            return "\(path) changed while it was read (another program is writing it), so nothing was merged; "
                + "merge it again once it is written"
        case .noKeptVersions(let list, let reason):
            return "no version of \(list) is kept: \(reason)"
        case .noSuchVersion(let number, let count):
            return "there is no version \(number); \(count == 1 ? "1 is" : "\(count) are") kept, numbered 1-\(count), "
                + "newest first (see versions)"
        case .versionUnreadable(let number, let list):
            return "version \(number) of \(list) can no longer be read (its kept copy is damaged), so "
                + "nothing changed; versions lists the others"
        case .notSavedAfterMerge(let error, let merged):
            return error.message + "\nBefore it failed, the save took in changes another session saved; "
                + "the list now holds them beside your unsaved edits:\n"
                + merged.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}

extension SessionError {
    /// `4-9` for a range of record numbers; `from 4 on` for one whose end was too large for a
    /// number (the parser's `Int.max`), which no message should print as typed otherwise.
    static func range(_ low: Int, _ high: Int) -> String {
        high == Int.max ? "from \(low) on" : "\(low)-\(high)"
    }

    /// Whether a save failed because the file holds no list to merge with: it is empty,
    /// damaged, in no format this program reads, or did not stop changing. `save!` writes
    /// over such a file; any other failure stands.
    var isNoListToMerge: Bool {
        let error: StorageError
        switch self {
        case .storage(let storage): error = storage
        case .notSavedAfterMerge(let storage, _): error = storage
        default: return false
        }
        switch error {
        case .emptyFile, .notAListNow, .unsettled, .corrupt, .unknownFormat: return true
        default: return false
        }
    }
}
