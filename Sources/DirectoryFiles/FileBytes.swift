import CFileSystem
import DirectoryCore
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file with POSIX calls, turning failures into `StorageError`s in plain words.
///
/// Only regular files are read as lists, and only up to `largestFile`; an import may
/// also read a stream (a pipe, a FIFO, a device), up to `largestStream`. Nothing is
/// ever read without a bound, and opening never waits for a FIFO's writer.
///
/// Every read of a file is here: whole (`read`), a window at a time (`ReadWindow`, which a
/// load of JSON and the hash of a file's `version` go through), and the words for a failure
/// (`SystemError`).
enum FileBytes {
    /// The largest file read: 1 GiB (a list of a million people is about 100 MB).
    static let largestFile = 1 << 30
    /// The most read from a stream: 64 MiB.
    static let largestStream = 64 << 20

    /// Opens the regular file at `path` for reading: its descriptor (the caller closes it),
    /// modification time and size; `nil` when there is no file. Anything but a regular file
    /// is refused in words, and so is a file over `largestFile`.
    static func openRegular(path: String) throws(StorageError) -> (descriptor: Int32, modified: Int64, size: Int)? {
        guard let opened = try openAny(path: path) else { return nil }
        guard opened.kind == S_IFREG else {
            close(opened.descriptor)
            throw .unreadable(path: path, reason: "it is \(describe(opened.kind)), not a regular file")
        }
        let size = opened.size
        if size > largestFile {
            close(opened.descriptor)
            throw .unreadable(path: path, reason: "it is \(size >> 20) MiB, more than the 1 GiB limit")
        }
        return (opened.descriptor, opened.modified, size)
    }

    /// Opens whatever is at `path` without waiting for a FIFO's writer; refuses a folder.
    private static func openAny(path: String) throws(StorageError)
        -> (descriptor: Int32, kind: mode_t, modified: Int64, size: Int)?
    {
        // O_NONBLOCK: opening a FIFO that no one writes to returns at once instead of waiting.
        let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .unreadable(path: path, reason: SystemError.describe(code))
        }
        var info = stat()
        guard unsafe fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .unreadable(path: path, reason: SystemError.describe(code))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            close(descriptor)
            throw .unreadable(path: path, reason: "it is a folder, not a file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return (descriptor, kind, modified, max(Int(info.st_size), 0))
    }

    /// The bytes of the file at `path` and its modification time, or `nil` when there is no file.
    /// - Parameters:
    ///   - streams: whether a pipe, FIFO or device is read too (for `import`).
    ///   - interruption: what stops the read of such a stream while it waits for its writer
    ///     (Ctrl-C at the prompt): the bytes read until then are returned, and the caller, which
    ///     asks `interruption` again, throws them away. A regular file is read as ever, without it.
    static func read(
        path: String, streams: Bool = false, stoppingWhen interruption: Interruption? = nil
    ) throws(StorageError) -> (bytes: [UInt8], modified: Int64)? {
        guard let opened = try openAny(path: path) else { return nil }
        let descriptor = opened.descriptor
        defer { close(descriptor) }
        let kind = opened.kind
        let modified = opened.modified
        guard kind == S_IFREG else {
            guard streams, kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK else {
                throw .unreadable(path: path, reason: "it is \(describe(kind)), not a regular file")
            }
            var bytes: [UInt8] = []
            let ended = try readRest(
                of: descriptor, path: path, into: &bytes, limit: largestStream, stoppingWhen: interruption)
            guard ended else { return (bytes, modified) }
            // Not waited for (a script must not hang on a FIFO no program will write), and not
            // taken for an empty file either: its writer, started later, would wait forever.
            if kind == S_IFIFO, bytes.isEmpty {
                throw .unreadable(
                    path: path,
                    reason: "it is a FIFO (named pipe) that no program was writing to; start the program that "
                        + "writes it first (or give the data on standard input: /dev/stdin)")
            }
            return (bytes, modified)
        }
        let size = opened.size
        if size > largestFile {
            throw .unreadable(path: path, reason: "it is \(size >> 20) MiB, more than the 1 GiB limit")
        }
        // Read straight into an array of the file's size, plus one byte: a read that
        // fills that byte means the file grew while being read, and the rest is appended.
        var failure: Int32 = 0
        var bytes = unsafe [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            (count, failure) = unsafe DescriptorRead.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
        }
        if failure != 0 { throw .unreadable(path: path, reason: SystemError.describe(failure)) }
        if bytes.count > size {
            try readRest(of: descriptor, path: path, into: &bytes, limit: largestFile)
        }
        return (bytes, modified)
    }

    /// Appends what is left of the file to `bytes`, for a stream or a file that grew while
    /// being read; throws once `bytes` holds more than `limit`. With an `interruption`, a
    /// stream's wait for its writer is polled so that it stops it: false when it did.
    @discardableResult
    private static func readRest(
        of descriptor: Int32, path: String, into bytes: inout [UInt8], limit: Int,
        stoppingWhen interruption: Interruption? = nil
    ) throws(StorageError) -> Bool {
        let failure =
            if let interruption {
                DescriptorRead.appendRest(of: descriptor, to: &bytes, limit: limit) { interruption.isRequested }
            } else {
                DescriptorRead.appendRest(of: descriptor, to: &bytes, limit: limit)
            }
        if failure == ECANCELED, interruption != nil { return false }
        if failure != 0 { throw .unreadable(path: path, reason: SystemError.describe(failure)) }
        guard bytes.count <= limit else {
            let what = limit == largestStream ? "64 MiB, the most read from a pipe or device" : "the 1 GiB limit"
            throw .unreadable(path: path, reason: "it holds more than \(what)")
        }
        return true
    }

    /// What a file that is not a regular file is, in words.
    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

/// Plain words for `errno` values.
public enum SystemError {
    /// A lower-case description of `code`, e.g. "permission denied".
    public static func describe(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is exceeded"
        case EROFS: return "the file system is read-only"
        case EISDIR: return "it is a folder, not a file"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENOENT: return "the folder does not exist"
        case ENAMETOOLONG: return "the path is too long"
        case EIO: return "an input/output error occurred"
        default:
            guard let text = unsafe strerror(code) else { return "error \(code)" }
            return unsafe String(cString: text).lowercased()
        }
    }
}

extension FileBytes {
    /// The version of the file at `path`, hashed a megabyte at a time so that checking
    /// a large list before a save never holds a second copy of it; `nil` when there is no file.
    /// With `stamped`, read under a lease when one can be had at once, so that the version can
    /// carry a stamp that spares the next look this read (`FileStamp`). The pass is noted for
    /// tests (`HashPasses`) under `shown`, the path the user named.
    static func version(
        path: String, shown: String? = nil, stamped: Bool = false, clock: () -> Int64 = FileStamp.coarseClock
    ) throws(StorageError) -> FileVersion? {
        HashPasses.note(shown ?? path)
        let lease = stamped ? WriterLease.attempt(path) : nil
        defer { lease?.release() }
        guard var window = try ReadWindow(path: path, capacity: 1 << 20, lease: lease, clock: clock) else {
            return nil
        }
        while !window.atEnd { window.more(keepingFrom: window.count) }
        if let failure = window.failure { throw failure }
        return window.version
    }
}

/// A list file read a window at a time, hashed as it is read, so that a reader that can
/// work on part of a file (JSON's, record by record) never holds the whole file: a list of
/// a million people is read through a few megabytes instead of a 100 MB copy.
///
/// The window holds `count` bytes of the file from offset `start` on (`withBytes`);
/// `more(keepingFrom:)` drops what was used and reads on. Reading stops at the end of
/// the file or at `FileBytes.largestFile`.
///
/// It owns the memory of the window and frees it in `deinit`; the bytes are lent out as a
/// `RawSpan` (`withBytes`). A large file read to its end under a read lease is mapped
/// instead of copied (`readToEnd`).
@safe
struct ReadWindow: ~Copyable {
    /// The window's memory: `count` bytes of the file, from `start` on, then free room; or,
    /// once the file is mapped (`mappedLength` > 0), the mapping, which is never written.
    private var storage: UnsafeMutableRawPointer
    /// The length of the guarded mapping `storage` is (`directory_map_guarded`); 0 while
    /// `storage` is memory of the window's own.
    private var mappedLength = 0
    /// The hash of a mapped file, made on a second thread while the list is decoded from the
    /// mapping; `nil` where the rest was hashed as it was read or mapped (`hash` is then whole).
    private var hashOfMapping: HashOfMapping?
    /// The number of bytes in the window.
    private(set) var count = 0
    /// The file offset of the window's first byte.
    private(set) var start = 0
    /// Whether the window reaches the end of the file (or reading failed: see `failure`).
    private(set) var atEnd = false
    /// Why reading stopped early, if it did.
    private(set) var failure: StorageError?
    /// The file's modification time when opened.
    let modified: Int64
    /// The file's size when opened (it may change while it is read).
    let expectedSize: Int
    /// The file's status when opened: which file it is, and its size and times then.
    let opened: stat
    /// The kernel's clock (`FileStamp.coarseClock`) just before `opened` was taken.
    private let clockBeforeOpened: Int64
    /// The read lease held while the file is read, if any: given up as soon as a writer
    /// opens the file (so it waits no longer than one window), and then no stamp is made.
    private var lease: WriterLease?
    private var leaseBroken = false

    /// The open file: a JSON reader's second part reads it too, with `pread` (`JSONTailWindow`).
    let descriptor: Int32
    private let path: String
    private var hash = ContentHash()
    /// The hash's state at the start of each read of `checkpointStep` bytes or more
    /// (`RecordSource.checkpoints`): a save of a file that begins as this one did goes on from
    /// the last before what it copies.
    private(set) var checkpoints: [(offset: Int, state: ContentHash)] = []
    private var size = 0
    private var capacity: Int

    /// How far apart the hash's checkpoints are at least.
    static let checkpointStep = 1 << 20

    /// Opens the regular file at `path` and reads its first `capacity` bytes; `nil` when
    /// there is no file. Anything but a regular file is refused, as `FileBytes.read` does.
    ///
    /// With a `lease` on the file (taken before), the version read can carry a stamp
    /// (`version`); `clock` is the kernel's clock, which tests replace.
    init?(
        path: String, capacity: Int = 4 << 20, lease: WriterLease? = nil,
        clock: () -> Int64 = FileStamp.coarseClock
    ) throws(StorageError) {
        guard let opened = try FileBytes.openRegular(path: path) else { return nil }
        descriptor = opened.descriptor
        modified = opened.modified
        expectedSize = opened.size
        self.lease = lease
        clockBeforeOpened = clock()
        var status = stat()
        _ = unsafe fstat(opened.descriptor, &status)
        self.opened = status
        self.path = path
        self.capacity = max(capacity, 1)
        unsafe storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
        fill()
    }

    deinit {
        close(descriptor)
        if mappedLength > 0 {
            // The second thread reads the mapping until its hash is done.
            _ = hashOfMapping?.value
            // No longer guarded: nothing reads it from here on. Unmapped on another thread, as
            // a large read's memory is freed below.
            unsafe directory_unguard(storage)
            let address = unsafe UInt(bitPattern: storage)
            let length = mappedLength
            DispatchQueue.global(qos: .utility).async {
                _ = unsafe munmap(UnsafeMutableRawPointer(bitPattern: address), length)
            }
        } else if capacity >= HashBehind.minimumBytes, HashBehind.hasSecondCore {
            // A whole plist's bytes (69 MB for a million people) are handed back to the kernel
            // on another thread, while this one goes on with the list read from them.
            let address = unsafe UInt(bitPattern: storage)
            DispatchQueue.global(qos: .utility).async {
                unsafe UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
            }
        } else {
            unsafe storage.deallocate()
        }
    }

    /// Calls `body` with the bytes in the window.
    func withBytes<Result, Failure: Error>(_ body: (RawSpan) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(unsafe UnsafeRawBufferPointer(start: storage, count: count).bytes)
    }

    /// The version of the whole file, once `atEnd`; with a stamp when the read proves the
    /// status as it was opened holds these contents (`stamp`).
    var version: FileVersion {
        FileVersion(size: size, modified: modified, hash: contentHash, stamp: stamp)
    }

    /// The number of bytes read, and their hash (once a mapped file's hash is done).
    var readSize: Int { size }
    var contentHash: UInt64 { (hashOfMapping?.value ?? hash).value }

    /// The status as opened, when it proves the contents read: the whole file was read under
    /// a lease taken before it was opened and never broken (no program had it open for writing,
    /// so no write was under way, and none opened it since), its status is the same after the
    /// read, and its times were older than the clock before it was opened (`FileStamp.proving`).
    private var stamp: FileStamp? {
        guard let lease, !leaseBroken, !lease.isBroken, lease.isFile(opened), atEnd, failure == nil, isUnchanged,
            size == Int(opened.st_size)
        else { return nil }
        return FileStamp.proving(opened, of: descriptor, clock: clockBeforeOpened)
    }

    /// Whether the file read has not changed since it was opened: the same size, modification
    /// time and change time. A read taken while another program rewrote the file in place
    /// (a chunk written between two reads) is not.
    var isUnchanged: Bool {
        var now = stat()
        guard unsafe fstat(descriptor, &now) == 0 else { return false }
        return now.st_size == opened.st_size && now.st_mtim.tv_sec == opened.st_mtim.tv_sec
            && now.st_mtim.tv_nsec == opened.st_mtim.tv_nsec && now.st_ctim.tv_sec == opened.st_ctim.tv_sec
            && now.st_ctim.tv_nsec == opened.st_ctim.tv_nsec
    }

    /// Drops the bytes before `offset` (an index into the window) and reads on; when what is
    /// kept fills the window, the window grows, so a record of any size fits in the end.
    mutating func more(keepingFrom offset: Int) {
        guard !atEnd else { return }
        if offset > 0 {
            unsafe storage.copyMemory(from: storage + offset, byteCount: count - offset)
            count -= offset
            start += offset
        }
        if count * 2 > capacity { grow(to: capacity * 2) }
        fill()
    }

    /// When the rest of a file read to its end is mapped instead of read (`readToEnd`).
    enum Mapping {
        /// While the read lease taken before the file was opened is held and unbroken: no
        /// program can then write the file until the lease is given up, after the bytes are
        /// used, so the mapping holds what was hashed.
        case underLease
        /// Whenever the file can be mapped: for tests of a file cut short beneath its mapping.
        case always
        /// Never: the rest is read.
        case never
    }

    /// The fewest bytes left to read for the rest of a file to be mapped: below, the calls
    /// that map and unmap it cost about what the copy of a read does.
    static let mappedMinimum = 1 << 20

    /// Reads the rest of the file into the window. A large file under a read lease is mapped
    /// (`Mapping.underLease`): the kernel's pages of the file are then the window, with no
    /// copy and none of the window's own pages to clear (a 69 MB plist loads 30 ms sooner).
    /// Otherwise in one read sized from the file's size when opened (so a large file is never
    /// copied from window to window), then more while the file keeps growing.
    mutating func readToEnd(mapping: Mapping = .underLease) {
        if mapRest(from: Self.mappedMinimum, mapping) { return }
        readToEnd(
            hashedBehindFrom: HashBehind.hasSecondCore ? HashBehind.minimumBytes : .max, piece: HashBehind.pieceBytes)
    }

    /// Whether the window holds the file's bytes: true unless the file is mapped and a page of
    /// it could not be read (it was cut short beneath the mapping, or the disk failed: that
    /// page reads as zeros), or the file changed since it was opened. A reader of a mapped
    /// file asks once it has read it, and reads it again unmapped when not.
    var holdsTheFile: Bool {
        guard mappedLength > 0 else { return true }
        // The hash reads the mapping too: a page it found damaged counts.
        _ = hashOfMapping?.value
        return unsafe directory_mapping_damaged(storage) == 0 && isUnchanged
    }

    /// Whether the file is mapped (`readToEnd`).
    var isMapped: Bool { mappedLength > 0 }

    /// Maps the whole file, as the window's bytes from here on, when `mapping` allows and at
    /// least `minimum` bytes are left to read, and hashes the rest (on a second thread, while
    /// the caller decodes the list: `contentHash` waits for it); `false` (nothing changed)
    /// when it is not mapped. The first window's bytes, read and hashed already, are the
    /// mapping's first: nothing wrote the file since it was opened (the lease) or a reader
    /// finds it changed (`holdsTheFile`).
    mutating func mapRest(from minimum: Int, _ mapping: Mapping) -> Bool {
        guard !atEnd, start == 0, count == size, expectedSize - size >= minimum, expectedSize <= FileBytes.largestFile
        else { return false }
        switch mapping {
        case .never:
            return false
        case .always:
            break
        case .underLease:
            guard let lease, !leaseBroken, !lease.isBroken, lease.isFile(opened) else { return false }
        }
        guard let base = unsafe directory_map_guarded(descriptor, Int64(expectedSize)) else { return false }
        if size > 0, size - (checkpoints.last?.offset ?? 0) >= Self.checkpointStep {
            checkpoints.append((size, hash))
        }
        let rest = unsafe UnsafeRawBufferPointer(start: base + size, count: expectedSize - size)
        if HashBehind.hasSecondCore {
            hashOfMapping = unsafe HashOfMapping(from: hash, of: rest)
        } else {
            unsafe hash.add(rest.bytes)
        }
        unsafe storage.deallocate()
        unsafe storage = UnsafeMutableRawPointer(mutating: base)
        mappedLength = expectedSize
        capacity = expectedSize
        count = expectedSize
        size = expectedSize
        atEnd = true
        return true
    }

    /// `readToEnd` with no mapping, its first read hashed on a second thread a `piece` behind
    /// the read when at least `minimum` bytes are left to read (`HashBehind`).
    mutating func readToEnd(hashedBehindFrom minimum: Int, piece: Int) {
        if !atEnd, expectedSize - size >= minimum {
            grow(to: max(capacity * 2, expectedSize + 1))
            fillHashedBehind(piece: max(piece, 1))
        }
        while !atEnd {
            grow(to: max(capacity * 2, expectedSize + 1))
            fill()
        }
    }

    /// Makes the window hold up to `newCapacity` bytes, keeping its bytes.
    private mutating func grow(to newCapacity: Int) {
        let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        unsafe newStorage.copyMemory(from: storage, byteCount: count)
        unsafe storage.deallocate()
        unsafe storage = unsafe newStorage
        capacity = newCapacity
    }

    /// Reads as `fill` does, a `piece` at a time, each piece hashed on a second thread while
    /// the next is read: the hash is the one `fill` makes, of the same bytes, in order.
    private mutating func fillHashedBehind(piece: Int) {
        let wanted = capacity - count
        guard wanted > 0 else { return }
        if size > 0, size - (checkpoints.last?.offset ?? 0) >= Self.checkpointStep {
            checkpoints.append((size, hash))
        }
        // The second thread reads only the bytes published to it, and is waited for before
        // this returns: the window's memory neither moves nor is freed meanwhile.
        let behind = unsafe HashBehind(from: hash, at: UInt(bitPattern: storage + count))
        var read = 0
        var code: Int32 = 0
        while read < wanted {
            let length = min(piece, wanted - read)
            let (got, failure) = unsafe DescriptorRead.fill(
                UnsafeMutableRawBufferPointer(start: storage + count + read, count: length), from: descriptor)
            read += got
            code = failure
            behind.publish(read)
            if failure != 0 || got < length { break }
        }
        if let hashed = behind.finish() {
            hash = hashed
        } else {
            unsafe hash.add(UnsafeRawBufferPointer(start: storage + count, count: read).bytes)
        }
        settle(read: read, of: wanted, code: code)
    }

    /// Reads until the window holds `capacity` bytes or the file ends.
    private mutating func fill() {
        let wanted = capacity - count
        guard wanted > 0 else { return }
        let (read, code) = unsafe DescriptorRead.fill(
            UnsafeMutableRawBufferPointer(start: storage + count, count: wanted), from: descriptor)
        if size > 0, size - (checkpoints.last?.offset ?? 0) >= Self.checkpointStep {
            checkpoints.append((size, hash))
        }
        unsafe hash.add(UnsafeRawBufferPointer(start: storage + count, count: read).bytes)
        settle(read: read, of: wanted, code: code)
    }

    /// After a read of `read` bytes (hashed already) of the `wanted` asked for, which failed
    /// with `code` (0: it did not): lets a writer waiting in `open` go on, counts the bytes, and
    /// notes the end of the file or why it cannot be read.
    private mutating func settle(read: Int, of wanted: Int, code: Int32) {
        if let lease, !leaseBroken, lease.isBroken {
            // A writer waits in `open`: let it go on; this read proves nothing now.
            leaseBroken = true
            lease.release()
        }
        count += read
        size += read
        if code != 0 {
            failure = .unreadable(path: path, reason: SystemError.describe(code))
            atEnd = true
        } else if size > FileBytes.largestFile {
            failure = .unreadable(path: path, reason: "it is more than the 1 GiB limit")
            atEnd = true
        } else if read < wanted {
            atEnd = true
        }
    }
}

extension RecordCodec {
    /// Reads the records of the JSON file in `window`, a window at a time.
    static func decodeJSON(
        _ window: inout ReadWindow, kind: ListKind?, fallback: ListKind
    ) throws(FileFormatError) -> (kind: ListKind, records: RecordList) {
        var builder = RecordBuilder(kind: kind, fallback: fallback, sizeHint: window.expectedSize)
        try JSONRecordStream.read(&window, into: &builder)
        if window.atEnd, window.failure == nil {
            builder.setSource(
                RecordSource(size: window.readSize, hash: window.contentHash, checkpoints: window.checkpoints))
        }
        return builder.finish()
    }
}

/// Which files were read whole and hashed to learn their version (not the hashing of a load's
/// or a save's own bytes as they pass): tests count them to pin that a save whose file's status
/// proves it unchanged reads it no more. Nothing is noted until a test starts it.
enum HashPasses {
    private static let noted = Mutex<[String]?>(nil)

    /// Notes every pass from now on.
    static func start() {
        noted.withLock { if $0 == nil { $0 = [] } }
    }

    /// Notes a pass over the file at `path`, when started.
    static func note(_ path: String) {
        noted.withLock { $0?.append(path) }
    }

    /// How many passes were noted over files whose path begins with `prefix` (a test's folder).
    static func count(under prefix: String) -> Int {
        noted.withLock { ($0 ?? []).count { $0.hasPrefix(prefix) } }
    }
}

/// The hash of a mapped file's bytes after its first window (`ReadWindow.mapRest`), made on a
/// second thread while the list is decoded from the same pages: the hash one thread makes of
/// them, after the first window's (`HashBehind`, with every byte published at once).
private final class HashOfMapping: Sendable {
    private let behind: HashBehind
    private let result = Mutex<ContentHash?>(nil)
    /// The start state and the bytes, for the one case the second thread gives no hash.
    private let start: ContentHash
    private let address: UInt
    private let count: Int

    /// Starts hashing `bytes` after `start`. The memory must stay mapped until `value` returns.
    @unsafe init(from start: ContentHash, of bytes: UnsafeRawBufferPointer) {
        self.start = start
        address = unsafe UInt(bitPattern: bytes.baseAddress)
        count = bytes.count
        behind = unsafe HashBehind(from: start, at: address)
        behind.publish(count)
    }

    /// The hash of the first window and the bytes, once the second thread is done (waited for
    /// the first time only).
    var value: ContentHash {
        result.withLock { result in
            if let done = result { return done }
            var hash: ContentHash
            if let behind = behind.finish() {
                hash = behind
            } else {
                hash = start
                unsafe hash.add(
                    UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count).bytes)
            }
            result = hash
            return hash
        }
    }
}
