/// One version of a list that this program loaded or saved, kept so that a later `merge` of
/// a copy (a sync tool's conflict copy) has a base to compare both sides with.
///
/// Versions are named by their contents (`key`: the content hash and size of the file), so
/// the same contents seen twice are one version. What a version came from is known when this
/// program made it (a save: the version it replaced and the copies it merged); for a version
/// another program saved, `after` names the newest version kept before it was seen, and the
/// merge works out from the records which of those it could have come from (`CopyBase`).
public struct KeptVersion: Equatable, Sendable {
    /// The contents' name: `ListVersion.keptKey`.
    public var key: String
    /// The versions it was made from, when this program made it (a save); else empty.
    public var parents: [String]
    /// For a version this program did not make: the newest version of the list kept before
    /// it was first seen, from which it may have come.
    public var after: String?
    /// Whether it was kept as a copy read for a merge (a conflict copy, a backup), not as a
    /// version of the list's own file: copies are bounded apart, so reading copies never
    /// pushes the list's own versions out of the log (found trying it).
    public var isCopy = false
    /// Whether it is a step: a version saved here that the next save, less than a minute
    /// later, was made from (`FileKeptVersions.thinning`). Steps are bounded apart from the
    /// list's other versions, so autosave's versions reach back minutes, yet each stays an
    /// exact base while kept: a sync tool may have taken it (found trying it).
    public var isStep = false
    /// When it was kept (seconds since 1970, from the store's clock), for a version of the
    /// list's own file; `nil` when not known.
    public var kept: Double?

    /// The parent a version has when this program made it as a new file, from no earlier
    /// version of the list (`save` of a list whose file did not exist, `save as` a new file):
    /// where it came from is known, and it is nothing. Never a key (keys are `HASH-SIZE`).
    public static let newFile = "new"

    /// Whether this program made it as a new file (`newFile`).
    public var isNewFile: Bool { parents.contains(Self.newFile) }

    /// What marks, among `parents`, a copy this version took some of but not all (a merge
    /// whose conflict kept this list's value, or that kept records the copy lacks): not where
    /// it came from, but what its own changes are not (`takenFrom`).
    public static let partialMark = "~"

    /// What marks, among `parents`, a copy a merge with no base took into this version: merged
    /// again, it has no base either (`mergedWithoutBase`).
    public static let baselessMark = "!"

    /// The keys of the copies merged into this version with no base: a later merge of one
    /// reaches the same verdict, rather than taking what it took from the copy as proof of a
    /// base (found trying it).
    public var mergedWithoutBase: [String] {
        parents.filter { $0.hasPrefix(Self.baselessMark) }.map { String($0.dropFirst(Self.baselessMark.count)) }
    }

    /// The keys of the copies this version took some of but not all (with a base or without):
    /// their changes are not this version's own, and prove nothing of another copy (found
    /// trying it).
    public var takenFrom: [String] {
        parents.filter { $0.hasPrefix(Self.partialMark) || $0.hasPrefix(Self.baselessMark) }
            .map { String($0.dropFirst()) }
    }

    /// What marks, among `parents`, a step that dropped out of the log (`isStep`): the version
    /// made from it took its parents, and what it changed since that step is no longer known
    /// apart from the step's own changes, so it proves nothing of a copy (`lostSteps`).
    public static let lostStepMark = "^"

    /// What marks, among `parents`, a copy whose merge an earlier version named as a parent and
    /// `undo` took back before this version was saved: it is not where this version came from,
    /// so merged again it is compared with an older base, and all of it is taken again.
    public static let undoneMark = "/"

    /// Whether a step this version was made from dropped out of the log (`lostStepMark`).
    public var lostSteps: Bool { parents.contains { $0.hasPrefix(Self.lostStepMark) } }

    /// The keys of the copies whose merge was undone before this version was saved (`undoneMark`).
    public var undone: [String] {
        parents.filter { $0.hasPrefix(Self.undoneMark) }.map { String($0.dropFirst(Self.undoneMark.count)) }
    }

    /// Creates a kept version.
    public init(
        key: String, parents: [String] = [], after: String? = nil, isCopy: Bool = false, isStep: Bool = false,
        kept: Double? = nil
    ) {
        self.key = key
        self.parents = parents
        self.after = after
        self.isCopy = isCopy
        self.isStep = isStep
        self.kept = kept
    }
}

/// Where a session keeps the last few versions of each list it loads or saves (private,
/// bounded in count and size, named by contents). `FileKeptVersions` keeps them in the XDG
/// state folder; tests give one in memory.
public protocol KeptVersionStore: AnyObject {
    /// Keeps `version` of the list at `location`, read from the file at `path` (the list's
    /// own, or a copy merged into it: then kept as a copy, `KeptVersion.isCopy`) just now, as
    /// made from `parents` (keys; empty when another program made it). A version that cannot be kept (too big, changed since, no
    /// file) is skipped without a word: a merge then has fewer bases to choose from, and says
    /// so when it has none.
    func keep(_ version: ListVersion, of location: String, from path: String, parents: [String])

    /// The kept versions of the list at `location`, newest first.
    func versions(of location: String) -> [KeptVersion]

    /// The records of a kept version, read as `kind`; `nil` when it is gone or unreadable.
    func records(of key: String, kind: ListKind) -> RecordList?

    /// Why no version of a file of `size` bytes is kept ("versions of a list over 16 MiB are
    /// not kept"), or `nil` when one of that size is: a merge without a base says so.
    func notKept(size: Int) -> String?
}

extension KeptVersionStore {
    /// Every size is kept.
    public func notKept(size: Int) -> String? { nil }
}

extension ListVersion {
    /// The name a kept version of these contents has: the content hash and the size of a
    /// file; `nil` for a database's counter, whose versions are not kept.
    public var keptKey: String? {
        guard case .file(let file) = self else { return nil }
        let digits = String(file.hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits + "-" + String(file.size)
    }
}
