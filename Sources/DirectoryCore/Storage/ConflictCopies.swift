/// A copy of a list that a sync tool (or this program) put beside it when two versions met:
/// `merge conflicts` merges it, `conflicts` says what it would change.
public struct ConflictCopy: Equatable, Sendable {
    /// The copy's path.
    public var path: String
    /// Who made it, for messages: "Syncthing", "Dropbox", "this program, a late write".
    public var maker: String
    /// When it was last written, seconds since 2001: copies are merged oldest first.
    public var modified: Double
    /// Whether its file name is valid UTF-8. One that is not (a device name in another
    /// encoding) cannot be opened by a path this program can name: `path` then shows each byte
    /// that is not UTF-8 as `\xFF`, and the copy is named, never merged or removed, until it is
    /// renamed (found trying it).
    public var nameIsUTF8 = true

    /// Creates a copy.
    public init(path: String, maker: String, modified: Double, nameIsUTF8: Bool = true) {
        self.path = path
        self.maker = maker
        self.modified = modified
        self.nameIsUTF8 = nameIsUTF8
    }
}

/// Finds the conflict copies beside a list and removes them once merged. `FileConflictCopies`
/// looks in the list's folder; tests give one in memory.
public protocol ConflictCopyStore: AnyObject {
    /// The conflict copies of the list at `location`, oldest first (none for a database).
    func copies(of location: String) -> [ConflictCopy]

    /// Removes the copy at `path` when it still holds `version` (the contents merged);
    /// returns whether it did.
    func remove(_ path: String, ifStill version: ListVersion) -> Bool
}

/// The names sync tools give a conflict copy of a list file, as `ConflictCopyName.maker(of:for:)` reads them.
public enum ConflictCopyName {
    /// Who made `name`, a file in the list's folder, as a conflict copy of the file named
    /// `listName`; `nil` when it is not one.
    ///
    /// For `directory.plist`: Syncthing's `directory.sync-conflict-20261205-101010-ABCDEFG.plist`,
    /// Nextcloud's and ownCloud's `directory (conflicted copy alice 2026-12-05 101010).plist`
    /// (older ownCloud clients' `directory_conflict-20261205-101010.plist`),
    /// Dropbox's `directory (Alice's conflicted copy 2026-12-05).plist`, iCloud Drive's
    /// `directory 2.plist` (2 to 99), rclone bisync's `directory.plist.conflict1` and
    /// `directory.plist..path1`, and this program's own `directory.plist.late-PID-N` and
    /// `directory.plist.displaced-PID-N`.
    public static func maker(of name: String, for listName: String) -> String? {
        guard name != listName, !listName.isEmpty else { return nil }
        let dot = listName.lastIndex(of: ".").flatMap { $0 == listName.startIndex ? nil : $0 }
        let stem = dot.map { String(listName[..<$0]) } ?? listName
        let suffix = dot.map { String(listName[$0...]) } ?? ""
        if name.hasPrefix(listName + ".") {
            let rest = name.dropFirst(listName.count + 1)
            if rest.hasPrefix("conflict"), isNumber(rest.dropFirst("conflict".count)) { return "rclone bisync" }
            if rest == ".path1" || rest == ".path2" { return "rclone bisync" }
            if rest.hasPrefix("late-"), isOwnSuffix(rest.dropFirst(5)) { return "this program, a late write" }
            if rest.hasPrefix("displaced-"), isOwnSuffix(rest.dropFirst(10)) {
                return "this program, a displaced version"
            }
        }
        guard name.hasSuffix(suffix), name.count > stem.count + suffix.count, name.hasPrefix(stem) else { return nil }
        let middle = name.dropFirst(stem.count).dropLast(suffix.count)
        if middle.hasPrefix(".sync-conflict-"), middle.count > ".sync-conflict-".count { return "Syncthing" }
        if middle.hasPrefix(" ("), middle.hasSuffix(")"), middle.contains("conflicted copy") {
            return middle.hasPrefix(" (conflicted copy") ? "Nextcloud or ownCloud" : "Dropbox"
        }
        if middle.hasPrefix("_conflict-") {
            let stamp = middle.dropFirst("_conflict-".count).split(separator: "-", omittingEmptySubsequences: false)
            if stamp.count == 2, stamp[0].count == 8, stamp[1].count == 6, stamp.allSatisfy(isNumber) {
                return "ownCloud"
            }
        }
        // iCloud Drive numbers its copies from 2; a larger number (`people 2024.json`) is a
        // person's snapshot named by year or number, never merged and removed as a copy.
        if middle.hasPrefix(" "), isNumber(middle.dropFirst()), middle.dropFirst().first != "0",
            let number = Int(middle.dropFirst()), (2...99).contains(number)
        {
            return "iCloud Drive"
        }
        return nil
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 9 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `PID-N`, both decimal.
    private static func isOwnSuffix(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
