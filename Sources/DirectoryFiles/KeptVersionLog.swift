import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The log of one list's kept versions, newest last, as text: a header line naming the list,
/// then one line per version: its key, its parents (`,`-separated, `-` for none), the
/// version kept before it was first seen (`-` for none), and `copy` for a copy read for a
/// merge (`KeptVersion.isCopy`).
struct KeptVersionLog: Equatable {
    /// The header's first word, which says the format.
    static let magic = "directory-kept-versions-1"
    /// The list's location (`RecoveryLocation.of`).
    var location = ""
    /// The versions, oldest first.
    var versions: [KeptVersion] = []

    /// Adds `version` as the newest, or moves it there when kept before (keeping what was known
    /// of where it came from; a version of the list's own file read again as a copy stays
    /// one); drops the oldest of its sort (copies, or the list's own versions) beyond `limit`.
    mutating func add(_ version: KeptVersion, limit: Int) {
        var added = version
        if let index = versions.firstIndex(where: { $0.key == version.key }) {
            let old = versions.remove(at: index)
            added.isCopy = old.isCopy && version.isCopy
            if added.parents.isEmpty {
                added.parents = old.parents
                added.after = old.after
            }
        } else if added.parents.isEmpty {
            added.after = versions.last?.key
        }
        versions.append(added)
        var excess = versions.count { $0.isCopy == added.isCopy } - limit
        while excess > 0, let oldest = versions.firstIndex(where: { $0.isCopy == added.isCopy }) {
            versions.remove(at: oldest)
            excess -= 1
        }
    }

    /// The log at `path`; empty when there is none or it cannot be read.
    static func read(_ path: String) -> KeptVersionLog {
        guard let read = try? FileBytes.read(path: path) else { return KeptVersionLog() }
        var log = KeptVersionLog()
        let lines = String(decoding: read.bytes, as: UTF8.self).split(separator: "\n")
        guard let header = lines.first, header.hasPrefix(magic + "\t") else { return log }
        log.location = String(header.dropFirst(magic.count + 1))
        for line in lines.dropFirst() {
            let words = line.split(separator: " ")
            guard words.count == 3 || (words.count == 4 && words[3] == "copy") else { continue }
            let parents = words[1] == "-" ? [] : words[1].split(separator: ",").map(String.init)
            log.versions.append(
                KeptVersion(
                    key: String(words[0]), parents: parents, after: words[2] == "-" ? nil : String(words[2]),
                    isCopy: words.count == 4))
        }
        return log
    }

    /// Writes `log` to `path` atomically (a private temporary file in `folder`, renamed).
    static func write(_ log: KeptVersionLog, to path: String, folder: String) -> Bool {
        var text = magic + "\t" + log.location + "\n"
        for version in log.versions {
            let parents = version.parents.isEmpty ? "-" : version.parents.joined(separator: ",")
            text += "\(version.key) \(parents) \(version.after ?? "-")\(version.isCopy ? " copy" : "")\n"
        }
        let temporary = folder + "/.versions.\(getpid()).new"
        unsafe unlink(temporary)
        let file = unsafe open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return false }
        let bytes = Array(text.utf8)
        let failure = DescriptorWrite.all(bytes.span, to: file)
        close(file)
        guard failure == 0, unsafe rename(temporary, path) == 0 else {
            unsafe unlink(temporary)
            return false
        }
        return true
    }
}
