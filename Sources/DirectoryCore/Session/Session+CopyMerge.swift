/// `merge PATH`, `merge!` and `merge conflicts`: another copy of the list merged into this
/// one as one change, against the newest kept version both could have come from (`CopyBase`,
/// `CopyMerge`). What it needs beside the list is here too: the conflict copies a sync tool
/// leaves beside it (found, advised, removed by the save that holds their merge) and the
/// versions kept as bases (`KeptVersionStore`), which every load and save adds to.
extension Session {
    /// A copy merged since the last save: removed by the save that holds the merge when it is
    /// a conflict copy (and `--keep` was not given), and named as a parent of the saved version.
    struct MergedCopy: Equatable {
        /// The copy's path.
        var path: String
        /// Its contents when merged: a save removes it only if it still holds them.
        var version: ListVersion?
        /// Whether the save that holds the merge removes it.
        var removing: Bool
        /// Which merge command merged it (copies merged by one command share it).
        var group: Int
        /// Whether `undo` took the merge back (then a save neither removes it nor names it).
        var undone = false
        /// When a conflict copy was last written, as `conflicts` found it; `nil` for another file.
        var modified: Double?
        /// How many of its values a conflict kept from this list: a copy with any is neither
        /// removed by the save nor named as a parent of the saved version, so nothing of it is
        /// lost and a later `merge!` of it still takes them.
        var conflictsKept = 0
        /// How many records of this list it lacks that a merge without a base kept (it may have
        /// deleted them): such a copy is not removed by the save either.
        var lacking = 0
        /// The kept version it was merged against: merged again after `undo` took this merge
        /// back, it is merged against the same (`CopyMerge.Merged.baseKey`).
        var baseKey: String?

        /// Whether a save's merge with the list's file, changed since, took back values of it
        /// that the list held (`markCopiesTakenBack`): then the save neither removes it nor names
        /// it as a parent, and it is advised again.
        var takenBack = false

        /// Whether the merged list holds all of it: no conflict kept this list's value, no
        /// record of this list it lacks was kept for want of a base, and no save took it back.
        var settled: Bool { conflictsKept == 0 && lacking == 0 && !takenBack }
    }

    /// How many of the records a merge without a base kept are named; the rest are counted.
    static let shownKept = 20

    /// A copy read for a merge.
    struct ReadCopy {
        var path: String
        var maker: String?
        var list: LoadedList
        /// The fields each record lacks in the copy's file (`lackingFields`).
        var lacking: [RecordKey: [Int]] = [:]
    }

    /// Merges `source` into the list as one change made by `command`.
    mutating func merge(_ source: MergeSource, force: Bool, keep: Bool, command: Command) throws(SessionError)
        -> CommandOutput
    {
        var copies: [(path: String, maker: String?, modified: Double?)]
        var badNames: [String] = []
        switch source {
        case .path(let path):
            let expanded = environment.expandingTilde(path)
            let found = conflictCopy(at: expanded)
            copies = [(expanded, found?.maker, found?.modified)]
        case .conflicts:
            let found = conflictCopies()
            guard !found.isEmpty else { return .feedback("No conflict copies of \(listName) are beside it.") }
            copies = found.filter(\.nameIsUTF8).map { ($0.path, $0.maker, $0.modified) }
            badNames = found.filter { !$0.nameIsUTF8 }.map {
                "  \(StoreLocation.displayName($0.path)): \(Self.nameNotUTF8); left as it is"
            }
        }
        // Compared with the list as read, a copy of what this session saved would be found held.
        let takenIn = try takeInChangedFile()
        var (working, oursKey) = mergeStart()
        var lines: [String] = takenIn.map { [$0] } ?? []
        var unreadable: [String] = []
        var merged: [MergedCopy] = []
        var conflicts = 0
        var earlier: [RecordKey: [Int: String]] = [:]
        var unrelated: [String] = []
        var heldAlready = true
        let group = (mergedCopies.map(\.group).max() ?? 0) + 1
        for copy in copies {
            let read: ReadCopy
            do {
                read = try readCopy(copy.path, maker: copy.maker)
            } catch {
                guard case .conflicts = source else { throw error }
                unreadable.append(
                    "  \(StoreLocation.displayName(copy.path)): \(Self.copyProblem(error)); left as it is")
                continue
            }
            // A file named like a copy (`people 2.json`) that shares no record with the list is
            // another list, not a copy of this one: merging it would join two lists.
            if case .conflicts = source, Self.sharesNoRecord(read.list.records.array, with: working) {
                unrelated.append(StoreLocation.displayName(copy.path))
                continue
            }
            if heldAlready, read.list.records.array != working { heldAlready = false }
            let result = mergeCopy(read, into: working, oursKey: oursKey, preferringCopy: force, earlier: earlier)
            if copies.count > 1 { Self.note(result.records, from: read.path, replacing: working, in: &earlier) }
            keepCopy(read)
            // Merged into nothing, the list is the copy: the next copy is compared with its history.
            if working.isEmpty { oursKey = read.list.version?.keptKey }
            working = result.records
            conflicts += force ? 0 : result.conflicts.count
            let noBase = result.hadBase ? nil : noBaseReason(copy: read)
            lines += Self.report(result, copy: read, into: listName, preferringCopy: force, noBase: noBase)
            merged.append(
                MergedCopy(
                    path: read.path, version: read.list.version, removing: read.maker != nil && !keep,
                    group: group, modified: copy.modified, conflictsKept: force ? 0 : result.conflicts.count,
                    lacking: result.keptWithoutBase.count, baseKey: result.baseKey))
        }
        let unrelatedLines = unrelated.map {
            "  \($0): shares no record with \(listName), so it is taken for another list, not a copy of it; "
                + "left as it is ('merge \(QuotedValue.written($0))' merges it anyway)"
        }
        guard !merged.isEmpty else {
            throw .copiesUnreadable(list: listName, details: badNames + unreadable + unrelatedLines)
        }
        let changed = list.change(into: working, by: command)
        // A merge that changed nothing made no undo entry: no undo takes it back.
        if !changed { for index in merged.indices { merged[index].group = 0 } }
        mergedCopies += merged
        var closing: [String] = []
        if changed {
            closing.append("One undo takes the merge back; save writes it.")
        } else if conflicts > 0 {
            closing.append("Nothing was taken: each difference is a conflict, and this list's value was kept.")
        } else if heldAlready {
            closing.append("Nothing changed: the list already holds \(merged.count == 1 ? "the copy" : "the copies").")
        } else {
            closing.append(
                "Nothing changed: where \(merged.count == 1 ? "the copy differs" : "the copies differ"), "
                    + "this list is newer (changed or deleted here since).")
        }
        let removing = merged.filter { $0.removing && $0.settled }.count
        if removing > 0 {
            closing.append(
                autosave
                    ? "Autosave keeps the merged conflict \(removing == 1 ? "copy" : "copies") until you type save, "
                        + "which removes \(removing == 1 ? "it" : "them") (merge --keep keeps them)."
                    : "Once a save holds it, the merged conflict \(removing == 1 ? "copy is" : "copies are") removed "
                        + "(merge --keep keeps them).")
        }
        if merged.contains(where: { $0.removing && $0.conflictsKept > 0 }) {
            closing.append("A copy whose values a conflict did not take is kept.")
        }
        if merged.contains(where: { $0.removing && $0.conflictsKept == 0 && $0.lacking > 0 }) {
            closing.append("A copy that lacks records kept here is kept.")
        }
        if !unreadable.isEmpty {
            lines.append("Not merged (not a readable list), and never removed:")
            lines += unreadable
        }
        if !badNames.isEmpty {
            lines.append("Not merged (a file name that is not UTF-8), and never removed:")
            lines += badNames
        }
        if !unrelated.isEmpty {
            lines.append("Not merged:")
            lines += unrelatedLines
        }
        let text = (lines + [closing.joined(separator: " ")]).joined(separator: "\n")
        if conflicts > 0 {
            let takingAll = CommandDescription.text(of: .merge(source, force: true, keep: keep))
            throw .mergedWithConflicts(
                report: text + "\n'\(takingAll)' takes the copy's value on every conflict instead.")
        }
        return unreadable.isEmpty && unrelated.isEmpty && badNames.isEmpty ? .text(text) : .warning(text)
    }

    /// Whether `copy` and `ours`, both holding records, have no record in common.
    static func sharesNoRecord(_ copy: [Record], with ours: [Record]) -> Bool {
        guard !copy.isEmpty, !ours.isEmpty else { return false }
        let keys = Set(ours.map(\.key))
        return !copy.contains { keys.contains($0.key) }
    }

    /// Reads the copy at `path` as this list's kind. It must hold the same contents after the
    /// read as the read saw: a file written while it was read is not merged.
    func readCopy(_ path: String, maker: String?) throws(SessionError) -> ReadCopy {
        let copyStore = stores.store(for: path)
        guard copyStore.medium == .file else { throw .mergeNotAFile(path: path) }
        if store.medium == .file, copyStore.isSameList(path, as: location) { throw .mergeOwnFile(path: path) }
        let loaded: LoadedList?
        do {
            loaded = try copyStore.load(location: path, kind: nil, fallback: kind)
        } catch {
            // Without the advice meant for the list's own file ("--file", "save!").
            guard error.isNotAList else { throw .storage(error) }
            throw .mergeNotAList(
                path: StoreLocation.displayName(path), problem: error.notAListProblem,
                importHint: StorageError.importHint(for: path, instead: "merged"))
        }
        guard var list = loaded else { throw .storage(.unreadable(path: path, reason: "there is no such file")) }
        guard list.kind.name == kind.name else {
            throw .mergeOtherKind(path: StoreLocation.displayName(path), copy: list.kind.name, list: kind.name)
        }
        let after = try? copyStore.version(at: path, known: list.version)
        guard let after, let read = list.version, after.sameContents(as: read) else {
            throw .copyChangedWhileRead(path: path)
        }
        RecordKey.numberOccurrences(in: &list.records)
        return ReadCopy(path: path, maker: maker, list: list, lacking: lackingFields(of: list, at: path, in: copyStore))
    }

    /// The records a merge starts from, and the kept version they came from. A list whose file
    /// is gone (rclone bisync renames both sides of a conflict away) and that holds no edits
    /// starts from nothing: the sample records a missing file shows are not a list to merge into.
    func mergeStart() -> (records: [Record], key: String?) {
        if !listExists, !hasUnsavedChanges, store.medium == .file { return ([], nil) }
        return (records.array, version?.keptKey)
    }

    /// The merge of `copy` into `ours` (the working list's records, maybe with copies merged
    /// before), which came from the kept version `oursKey`.
    func mergeCopy(
        _ copy: ReadCopy, into ours: [Record], oursKey: String?, preferringCopy: Bool,
        earlier: [RecordKey: [Int: String]] = [:]
    ) -> CopyMerge.Merged {
        let theirs = copy.list.records.array
        let merger = CopyMerge(
            kind: kind, place: StoreLocation.displayName(copy.path),
            takingAll: CommandDescription.text(of: .merge(.path(copy.path), force: true)),
            preferringCopy: preferringCopy, earlier: earlier)
        let saved = oursKey.flatMap { keptVersions?.records(of: $0, kind: kind) }.map { list in
            var records = list
            RecordKey.numberOccurrences(in: &records)
            return Set(records.map(\.key))
        }
        let (baseKey, base, taken) = bases(for: copy, oursKey: oursKey)
        var merged = merger.merge(
            base: base, ours: ours, theirs: theirs, saved: saved ?? [], lacking: copy.lacking, taken: taken ?? [])
        merged.baseKey = base == nil ? nil : baseKey
        return merged
    }

    /// Notes in `earlier` what the merge of the copy at `path` changed from `before` into
    /// `after`: the fields it changed, the records it added or deleted (as `CopyMerge.earlier`).
    static func note(
        _ after: [Record], from path: String, replacing before: [Record], in earlier: inout [RecordKey: [Int: String]]
    ) {
        let name = StoreLocation.displayName(path)
        var old: [RecordKey: Record] = [:]
        for record in before { old[record.key] = record }
        for record in after {
            guard let was = old.removeValue(forKey: record.key) else {
                earlier[record.key] = [CopyMerge.wholeRecord: name]
                continue
            }
            for field in record.values.indices
            where field >= was.values.count || record.values[field] != was.values[field] {
                earlier[record.key, default: [:]][field] = name
            }
        }
        for key in old.keys { earlier[key] = [CopyMerge.wholeRecord: name] }
    }

    /// The key and records of the newest kept version both this list and `copy` could have
    /// come from, and the records of the newest version this list came from that took some of
    /// the copy (`CopyBase.taker`). A copy whose merge `undo` took back in this session is
    /// merged against the base it was merged against then: the undo brought the list back to
    /// what came from it, while the versions saved in between (autosave) took the copy in, and
    /// one saved back to the contents of an earlier version names that merge as its own origin
    /// (found trying it: merged again, nothing of the copy was taken, and the save removed it).
    private func bases(for copy: ReadCopy, oursKey: String?) -> (key: String?, base: [Record]?, taken: [Record]?) {
        guard let keptVersions, store.medium == .file else { return (nil, nil, nil) }
        let kind = self.kind
        func records(_ key: String) -> [Record]? {
            guard var list = keptVersions.records(of: key, kind: kind) else { return nil }
            RecordKey.numberOccurrences(in: &list)
            return list.array
        }
        var chooser = CopyBase(kept: keptVersions.versions(of: location), load: records)
        let copyRecords = copy.list.records.array
        let copyKey = copy.list.version?.keptKey
        let undone = mergedCopies.last { merged in
            merged.undone && merged.path == copy.path && merged.baseKey != nil
                && merged.version?.keptKey == copyKey
        }
        if let undone, let key = undone.baseKey, let base = records(key) { return (key, base, nil) }
        let base = chooser.base(ours: oursKey, copy: copyKey, copyRecords: copyRecords, lacking: copy.lacking)
        let taker = chooser.taker(ours: oursKey, copy: copyKey)
        return (base, base.flatMap(records), taker.flatMap(records))
    }

    /// The records of the copies merged since the last save, by key, newest merge first, read
    /// from their kept versions only when asked (`RecordMerge.addedOrigin`); `nil` when none.
    func copiedRecords() -> ((RecordKey) -> Record?)? {
        let keys = mergedCopies.filter { !$0.undone }.compactMap { $0.version?.keptKey }.reversed()
        guard let keptVersions, !keys.isEmpty else { return nil }
        let kind = self.kind
        let read = CopiedRecords()
        return { key in
            for copyKey in keys {
                if read.lists[copyKey] == nil {
                    var records = keptVersions.records(of: copyKey, kind: kind) ?? RecordList(packing: [], kind: kind)
                    RecordKey.numberOccurrences(in: &records)
                    read.lists[copyKey] = records
                }
                if let records = read.lists[copyKey], let index = records.index(of: key) { return records[index] }
            }
            return nil
        }
    }

    /// The copies `copiedRecords` read, each once.
    private final class CopiedRecords {
        var lists: [String: RecordList] = [:]
    }

    /// After `undo` took back (or `redo` made again) a merge: a save removes and names only the
    /// copies of merges in effect.
    mutating func markLastMerge(undone: Bool) {
        let groups = mergedCopies.filter { $0.undone != undone && $0.group != 0 }.map(\.group)
        guard let group = undone ? groups.max() : groups.min() else { return }
        for index in mergedCopies.indices where mergedCopies[index].group == group {
            mergedCopies[index].undone = undone
        }
    }
}

/// The conflict copies beside the list: finding them and `conflicts` (the notice that names
/// them and their removal by the save that holds their merge are with the save, in
/// `Session+Save`).
extension Session {
    /// Starts looking for conflict copies beside the list with `store`.
    public mutating func findConflictCopies(with store: ConflictCopyStore) {
        conflictCopyStore = store
    }

    /// The file at `path` as a conflict copy of this list (in its folder, named as a sync tool
    /// names one); else `nil`.
    func conflictCopy(at path: String) -> ConflictCopy? {
        conflictCopies().first { store.isSameList($0.path, as: path) }
    }

    /// `conflicts`: each copy, oldest first, with what merging it would change.
    mutating func listConflictCopies() throws(SessionError) -> CommandOutput {
        let copies = conflictCopies()
        guard !copies.isEmpty else { return .text("No conflict copies of \(listName) are beside it.") }
        var lines: [String]
        do {
            lines = try takeInChangedFile().map { [$0] } ?? []
        } catch {
            // Only a report: it still lists the copies, saying what it compared them with.
            lines = [
                "\(listName) changed since this session read or saved it and could not be taken in first "
                    + "('refresh' says why): each copy is compared with the list as read."
            ]
        }
        lines.append(
            copies.count == 1
                ? "1 conflict copy of \(listName):" : "\(copies.count) conflict copies of \(listName), oldest first:")
        let (ours, oursKey) = mergeStart()
        var unmergeable = 0
        var unrelated = 0
        for copy in copies {
            let name = "\(StoreLocation.displayName(copy.path)) (\(copy.maker), \(localTime(copy.modified)))"
            guard copy.nameIsUTF8 else {
                lines.append("  \(name): cannot be merged, \(Self.nameNotUTF8); it is never removed")
                unmergeable += 1
                continue
            }
            do {
                let read = try readCopy(copy.path, maker: copy.maker)
                if Self.sharesNoRecord(read.list.records.array, with: ours) {
                    lines.append("  \(name): shares no record with \(listName): another list, not a copy of it")
                    unmergeable += 1
                    unrelated += 1
                    continue
                }
                let result = mergeCopy(read, into: ours, oursKey: oursKey, preferringCopy: false)
                var what =
                    "would add \(result.added.count), change \(result.changed.count), delete \(result.deleted.count)"
                if !result.conflicts.isEmpty {
                    what += result.conflicts.count == 1 ? ", 1 conflict" : ", \(result.conflicts.count) conflicts"
                }
                if !result.hadBase {
                    let why = noBaseReason(copy: read).map { ", as \($0)" } ?? ""
                    what += " (no kept version to compare with\(why): nothing would be deleted)"
                }
                lines.append("  \(name): \(what)")
            } catch {
                lines.append("  \(name): cannot be merged, \(Self.copyProblem(error)); it is never removed")
                unmergeable += 1
            }
        }
        if unmergeable < copies.count {
            lines.append("Type 'merge conflicts' to merge them all, oldest first, as one change.")
        } else {
            lines.append(
                unrelated == copies.count
                    ? "None can be merged: none shares a record with \(listName) ('merge PATH' merges a file anyway)."
                    : "None can be merged: look at each, and delete it once you have what you need from it.")
        }
        return .text(lines.joined(separator: "\n"))
    }

    /// Why a copy whose file name is not UTF-8 is not merged (`ConflictCopy.nameIsUTF8`).
    static let nameNotUTF8 =
        "its file name is not valid UTF-8 (shown as \\xFF), so it cannot be opened by name: "
        + "rename it, then merge it"

    /// What is wrong with a copy that cannot be merged, without the advice meant for the
    /// list's own file ("save!", "--file"), which does not fit a copy.
    static func copyProblem(_ error: SessionError) -> String {
        if case .mergeNotAList(_, let problem, _) = error { return problem }
        guard case .storage(let storage) = error, storage.isNotAList else { return error.message }
        return storage.notAListProblem
    }
}

/// Keeping the versions of the list this session loads and reads for a merge
/// (`KeptVersionStore`), the bases `merge` compares a copy with; a save keeps its version in
/// `Session+Save`.
extension Session {
    /// Starts keeping versions in `store`, beginning with the list as loaded.
    public mutating func keepVersions(in store: KeptVersionStore) {
        keptVersions = store
        keepVersion(parents: [])
    }

    /// Keeps a copy read for a merge, so a later merge knows the saved list came from it too.
    func keepCopy(_ copy: ReadCopy) {
        guard let keptVersions, store.medium == .file, let version = copy.list.version else { return }
        keptVersions.keep(version, of: location, from: copy.path, parents: [])
    }
}
