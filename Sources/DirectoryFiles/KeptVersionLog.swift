import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The log of one list's kept versions, newest last, as text: a header line naming the list,
/// then one line per version: its key, its parents (`,`-separated, `-` for none), the
/// version kept before it was first seen (`-` for none), then `copy` for a copy read for a
/// merge (`KeptVersion.isCopy`), `step` for a step (`KeptVersion.isStep`) and `@SECONDS`
/// for when it was kept (`KeptVersion.kept`), each only when so.
struct KeptVersionLog: Equatable {
    /// The header's first word, which says the format.
    static let magic = "directory-kept-versions-1"
    /// The list's location (`RecoveryLocation.of`).
    var location = ""
    /// The versions, oldest first.
    var versions: [KeptVersion] = []

    /// Adds `version` as the newest, or moves it there when kept before (keeping what was known
    /// of where it came from; a version of the list's own file read again as a copy stays
    /// one); drops the oldest of its sort (copies, or the list's own versions other than steps)
    /// beyond `limit` (`copyLimit` for copies). A copy's `after` is the newest of the list's
    /// own versions: copies come from those, and a chain through other copies breaks when the
    /// oldest copies drop out (found trying it: the tenth of ten copies had no base).
    mutating func add(_ version: KeptVersion, limit: Int, copyLimit: Int? = nil) {
        var added = version
        if let index = versions.firstIndex(where: { $0.key == version.key }) {
            let old = versions.remove(at: index)
            added.isCopy = old.isCopy && version.isCopy
            added.kept = version.kept ?? old.kept
            if added.parents.isEmpty {
                added.parents = old.parents
                added.after = old.after
            }
        } else if added.parents.isEmpty {
            added.after = (added.isCopy ? versions.last { !$0.isCopy } : versions.last)?.key
        }
        versions.append(added)
        let sameSort = { (other: KeptVersion) in other.isCopy == added.isCopy && !other.isStep }
        var excess = versions.count(where: sameSort) - (added.isCopy ? copyLimit ?? limit : limit)
        while excess > 0, let oldest = versions.firstIndex(where: sameSort) {
            versions.remove(at: oldest)
            excess -= 1
        }
    }

    /// Drops the oldest steps (`KeptVersion.isStep`) beyond `limit`: a version made from one
    /// takes its parents, with the mark that a step was lost (`KeptVersion.lostStepMark`), and
    /// a version seen after one is taken as seen after what it came from.
    mutating func dropSteps(beyond limit: Int) {
        var excess = versions.count(where: \.isStep) - limit
        while excess > 0, let oldest = versions.firstIndex(where: \.isStep) {
            let step = versions.remove(at: oldest)
            let replacing = step.parents + [KeptVersion.lostStepMark + step.key]
            for index in versions.indices {
                if versions[index].parents.contains(step.key) {
                    var parents: [String] = []
                    for parent in versions[index].parents.flatMap({ $0 == step.key ? replacing : [$0] })
                    where !parents.contains(parent) {
                        parents.append(parent)
                    }
                    versions[index].parents = parents
                }
                if versions[index].after == step.key { versions[index].after = step.parents.first ?? step.after }
            }
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
            guard words.count >= 3 else { continue }
            let parents = words[1] == "-" ? [] : words[1].split(separator: ",").map(String.init)
            var version = KeptVersion(
                key: String(words[0]), parents: parents, after: words[2] == "-" ? nil : String(words[2]))
            var understood = true
            for word in words.dropFirst(3) {
                if word == "copy" {
                    version.isCopy = true
                } else if word == "step" {
                    version.isStep = true
                } else if word.hasPrefix("@"), let seconds = Double(word.dropFirst()) {
                    version.kept = seconds
                } else {
                    understood = false
                }
            }
            if understood { log.versions.append(version) }
        }
        return log
    }

    /// Writes `log` to `path` atomically (a private temporary file in `folder`, renamed).
    static func write(_ log: KeptVersionLog, to path: String, folder: String) -> Bool {
        var text = magic + "\t" + log.location + "\n"
        for version in log.versions {
            let parents = version.parents.isEmpty ? "-" : version.parents.joined(separator: ",")
            text += "\(version.key) \(parents) \(version.after ?? "-")\(version.isCopy ? " copy" : "")"
            text += (version.isStep ? " step" : "") + (version.kept.map { " @\(Int($0))" } ?? "") + "\n"
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
