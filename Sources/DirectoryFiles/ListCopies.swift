import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The copies of a list: the versions kept as bases for `merge` here, and the sync tools'
/// conflict copies beside it (`FileConflictCopies`, below).
///
/// Kept versions as files in one private folder (`DataPaths.keptVersionsFolder`, in the XDG
/// state folder, found as the recovery folder is): each version's bytes once, named by their
/// contents (`HASH-SIZE.list`), and for each list a short log of its versions, newest last
/// (`LOCATIONHASH.versions`, the hash of `RecoveryLocation.of` the list, as journals are named).
///
/// Bounded: at most `versionsPerList` versions of a list's own file, `stepsPerList` steps
/// (`thinning`) and `copiesPerList` copies read for a merge (bounded apart: reading copies
/// never pushes saved versions out), none bigger than `largestVersion`,
/// and the logs of at most `lists` lists (the oldest log goes first); a version no log names
/// is removed. The folder is made 0700 and the files 0600; a folder others could write is
/// refused, and then nothing is kept.
public final class FileKeptVersions: KeptVersionStore {
    /// How many versions of one list are kept.
    public static let versionsPerList = 8
    /// The biggest file kept as a version (16 MiB): a bigger list is merged without a base.
    public static let largestVersion = 16 << 20
    /// How many copies read for a merge are kept per list: Syncthing keeps up to 10 conflict
    /// copies of a file by default, and each must find its base (found trying it), with room.
    public static let copiesPerList = 32
    /// How many steps (versions a save less than `savesThinnedWithin` later was made from) are
    /// kept per list, apart from its other versions (`thinning`).
    public static let stepsPerList = 16
    /// How many lists' logs are kept.
    public static let lists = 64

    /// How close in time (seconds) two saves are for the later to take the earlier's place
    /// in the log (`thinning`): the program's choice.
    public static let savesThinnedWithin = 60.0

    let folder: String
    /// Saves closer than this (seconds) are thinned, or `nil` for none: the newest version of
    /// the log, which this program saved less than this long ago from another it kept, becomes
    /// a step when a save is made from it. Steps are kept apart from the list's other versions
    /// (`stepsPerList`), so autosave, which saves after every command, does not push the
    /// versions of minutes ago out of the log. A step stays a version like any other while
    /// kept: a sync tool may have taken it, and a copy of it compared with the version made
    /// from it would lose that version's edits (found trying it). When it drops out, the
    /// version made from it takes its parents and is marked (`KeptVersion.lostSteps`): it then
    /// proves nothing of a copy, which is compared with an older base.
    let thinning: Double?
    /// The time now, in seconds since 1970 (tests give their own).
    let clock: () -> Double

    /// A store in `folder`, thinning saves closer than `thinning` seconds (`nil`: none) by
    /// `clock`.
    public init(folder: String, thinning: Double? = nil, clock: @escaping () -> Double = { Double(time(nil)) }) {
        self.folder = folder
        self.thinning = thinning
        self.clock = clock
    }

    /// Keeps `version` of the list at `location`, copying the file at `path` when these
    /// contents are not kept yet and the file still holds them.
    public func keep(_ version: ListVersion, of location: String, from path: String, parents: [String]) {
        guard case .file(let file) = version, let key = version.keptKey, file.size <= Self.largestVersion,
            RecoveryFolder.prepare(folder) == nil
        else { return }
        let lock = unsafe open(folder + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { return }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { return }
        let kept = hasObject(key)
        guard kept || copy(path, as: key, expecting: file) else { return }
        let logName = RecoveryLocation.hash(RecoveryLocation.of(location)) + ".versions"
        var log = KeptVersionLog.read(folder + "/" + logName)
        let before = log
        let now = clock()
        if path == location, let step = stepIndex(log, savedFrom: parents, as: key, at: now) {
            log.versions[step].isStep = true
        }
        log.add(
            KeptVersion(
                key: key, parents: parents, isCopy: path != location,
                kept: path == location && !parents.isEmpty ? now : nil),
            limit: Self.versionsPerList, copyLimit: Self.copiesPerList)
        log.dropSteps(beyond: Self.stepsPerList)
        log.location = RecoveryLocation.of(location)
        // Opening a list whose version is already the newest kept changes nothing: the log is
        // only marked as used now (its time orders the lists for `prune`), not written again.
        if kept, log == before {
            _ = unsafe utimensat(AT_FDCWD, folder + "/" + logName, nil, 0)
            return
        }
        guard KeptVersionLog.write(log, to: folder + "/" + logName, folder: folder) else { return }
        prune()
    }

    /// The index in `log` of the version that a save of `key` made from `parents` at `now`
    /// makes a step (`thinning`), or `nil`.
    private func stepIndex(_ log: KeptVersionLog, savedFrom parents: [String], as key: String, at now: Double)
        -> Int?
    {
        guard let thinning, let index = log.versions.lastIndex(where: { !$0.isCopy && !$0.isStep }) else {
            return nil
        }
        let newest = log.versions[index]
        guard parents.contains(newest.key), !newest.parents.isEmpty, !newest.isNewFile,
            !log.versions.contains(where: { $0.key == key }), let kept = newest.kept
        else { return nil }
        let named = log.versions.contains { other in
            other.key != newest.key
                && (other.after == newest.key
                    || other.parents.contains { $0 == newest.key || $0.dropFirst() == newest.key })
        }
        let age = now - kept
        return !named && age >= 0 && age < thinning ? index : nil
    }

    /// Files over `largestVersion` are not kept (trial 9, finding 7: a copy of a list that big
    /// merged without a base, and the message did not say why).
    public func notKept(size: Int) -> String? {
        size > Self.largestVersion ? "versions of a list over \(Self.largestVersion >> 20) MiB are not kept" : nil
    }

    /// The kept versions of the list at `location`, newest first.
    public func versions(of location: String) -> [KeptVersion] {
        let logName = RecoveryLocation.hash(RecoveryLocation.of(location)) + ".versions"
        return KeptVersionLog.read(folder + "/" + logName).versions.reversed().filter { hasObject($0.key) }
    }

    /// The records of a kept version, read by the file store.
    public func records(of key: String, kind: ListKind) -> RecordList? {
        guard key.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return (try? FileStore().load(location: objectPath(key), kind: kind, fallback: kind))?.records
    }

    private func objectPath(_ key: String) -> String { folder + "/" + key + ".list" }

    private func hasObject(_ key: String) -> Bool {
        var status = stat()
        return unsafe lstat(objectPath(key), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Copies the file at `path` to the object `key`, when it holds exactly `expected`: a
    /// megabyte at a time, hashed as it is copied, so keeping a version never holds a second
    /// copy of the list in memory.
    private func copy(_ path: String, as key: String, expecting expected: FileVersion) -> Bool {
        let opened: ReadWindow?
        do { opened = try ReadWindow(path: path, capacity: 1 << 20) } catch { return false }
        guard var window = opened else { return false }
        let temporary = folder + "/.\(key).\(getpid()).new"
        unsafe unlink(temporary)
        let file = unsafe open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return false }
        var failure: Int32 = 0
        while failure == 0, window.failure == nil {
            failure = window.withBytes { DescriptorWrite.all($0, to: file) }
            if window.atEnd { break }
            window.more(keepingFrom: window.count)
        }
        close(file)
        let copied = window.version
        guard failure == 0, window.failure == nil, window.atEnd, copied.size == expected.size,
            copied.hash == expected.hash, unsafe rename(temporary, objectPath(key)) == 0
        else {
            unsafe unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the logs past `lists` (oldest first) and every version no log names.
    private func prune() {
        let names = RecoveryFolder.names(in: folder)
        var logs: [(name: String, modified: Int)] = []
        for name in names where name.hasSuffix(".versions") {
            var status = stat()
            guard unsafe lstat(folder + "/" + name, &status) == 0 else { continue }
            logs.append((name, Int(status.st_mtim.tv_sec)))
        }
        logs.sort { $0.modified > $1.modified }
        for old in logs.dropFirst(Self.lists) { unsafe unlink(folder + "/" + old.name) }
        var named = Set<String>()
        for log in logs.prefix(Self.lists) {
            for version in KeptVersionLog.read(folder + "/" + log.name).versions { named.insert(version.key) }
        }
        for name in names where name.hasSuffix(".list") && !named.contains(String(name.dropLast(5))) {
            unsafe unlink(folder + "/" + name)
        }
    }
}

/// Conflict copies as files beside the list, in its folder, named as `ConflictCopyName` reads.
public final class FileConflictCopies: ConflictCopyStore {
    /// A finder of conflict copies.
    public init() {}

    /// The regular files in the list's folder named as conflict copies of it, oldest first.
    /// A list opened through a symbolic link is looked for beside the file the link names,
    /// where the sync tool that shares that folder puts its copies.
    public func copies(of given: String) -> [ConflictCopy] {
        let location = Self.linkTarget(of: given) ?? given
        let slash = location.lastIndex(of: "/")
        let folder = slash.map { location[..<$0].isEmpty ? "/" : String(location[..<$0]) } ?? "."
        let name = slash.map { String(location[location.index(after: $0)...]) } ?? location
        let prefix = slash == nil ? "" : (folder == "/" ? "/" : folder + "/")
        var found: [ConflictCopy] = []
        for entry in Self.names(in: folder) {
            let shown = entry.isUTF8 ? String(decoding: entry.bytes, as: UTF8.self) : Self.escaped(entry.bytes)
            guard let maker = ConflictCopyName.maker(of: shown, for: name) else { continue }
            var status = stat()
            let statted = unsafe (Array(prefix.utf8) + entry.bytes + [0]).withUnsafeBufferPointer { path in
                unsafe path.withMemoryRebound(to: CChar.self) { chars in
                    guard let start = chars.baseAddress else { return Int32(-1) }
                    return unsafe stat(start, &status)
                }
            }
            guard statted == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let modified =
                Double(status.st_mtim.tv_sec) - 978_307_200 + Double(status.st_mtim.tv_nsec) / 1_000_000_000
            found.append(ConflictCopy(path: prefix + shown, maker: maker, modified: modified, nameIsUTF8: entry.isUTF8))
        }
        return found.sorted { ($0.modified, $0.path) < ($1.modified, $1.path) }
    }

    /// The names in `folder` as bytes (a name need not be UTF-8), and whether each is UTF-8.
    static func names(in folder: String) -> [(bytes: [UInt8], isUTF8: Bool)] {
        guard let directory = unsafe opendir(folder) else { return [] }
        defer { unsafe closedir(directory) }
        var names: [(bytes: [UInt8], isUTF8: Bool)] = []
        while let entry = unsafe readdir(directory) {
            let bytes = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in unsafe Array(raw.prefix { $0 != 0 }) }
            guard bytes != [0x2E], bytes != [0x2E, 0x2E] else { continue }
            names.append((bytes, String(validating: bytes, as: UTF8.self) != nil))
        }
        return names
    }

    /// `bytes` as UTF-8 text, each byte that is not part of UTF-8 shown as `\xFF`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var start = 0
        while start < bytes.count {
            var end = bytes.count
            while end > start, String(validating: bytes[start..<end], as: UTF8.self) == nil { end -= 1 }
            if end > start {
                text += String(decoding: bytes[start..<end], as: UTF8.self)
                start = end
            } else {
                let digits = String(bytes[start], radix: 16, uppercase: true)
                text += "\\x" + (digits.count == 1 ? "0" : "") + digits
                start += 1
            }
        }
        return text
    }

    /// The file a symbolic link at `path` names at last (links followed), or `nil` when `path`
    /// is not a link or names nothing.
    static func linkTarget(of path: String) -> String? {
        var status = stat()
        guard unsafe lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
            let resolved = unsafe realpath(path, nil)
        else { return nil }
        defer { unsafe free(resolved) }
        return unsafe String(cString: resolved)
    }

    /// Removes the copy when its contents are still `version`.
    public func remove(_ path: String, ifStill version: ListVersion) -> Bool {
        guard case .file(let expected) = version, let now = try? FileBytes.version(path: path),
            now.sameContents(as: expected)
        else { return false }
        return unsafe unlink(path) == 0
    }
}
