import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A list file read a window at a time, hashed as it is read, so that a reader that can
/// work on part of a file (JSON's, record by record) never holds the whole file: a list of
/// a million people is read through a few megabytes instead of a 100 MB copy.
///
/// The window holds `count` bytes of the file from offset `start` on (`withBytes`);
/// `more(keepingFrom:)` drops what was used and reads on. Reading stops at the end of
/// the file or at `FileBytes.largestFile`.
///
/// It owns the memory of the window and frees it in `deinit`; the bytes are lent out as a
/// `RawSpan` (`withBytes`).
@safe
struct ReadWindow: ~Copyable {
    /// The window's memory: `count` bytes of the file, from `start` on, then free room.
    private var storage: UnsafeMutableRawPointer
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

    private let descriptor: Int32
    private let path: String
    private var hash = ContentHash()
    private var size = 0
    private var capacity: Int

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
        unsafe storage.deallocate()
    }

    /// Calls `body` with the bytes in the window.
    func withBytes<Result, Failure: Error>(_ body: (RawSpan) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(unsafe UnsafeRawBufferPointer(start: storage, count: count).bytes)
    }

    /// The version of the whole file, once `atEnd`; with a stamp when the read proves the
    /// status as it was opened holds these contents (`stamp`).
    var version: FileVersion {
        FileVersion(size: size, modified: modified, hash: hash.value, stamp: stamp)
    }

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

    /// Reads the rest of the file into the window: in one read sized from the file's size
    /// when opened (so a large file is never copied from window to window), then more while
    /// the file keeps growing.
    mutating func readToEnd() {
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

    /// Reads until the window holds `capacity` bytes or the file ends.
    private mutating func fill() {
        let wanted = capacity - count
        guard wanted > 0 else { return }
        let (read, code) = unsafe DescriptorRead.fill(
            UnsafeMutableRawBufferPointer(start: storage + count, count: wanted), from: descriptor)
        unsafe hash.add(UnsafeRawBufferPointer(start: storage + count, count: read).bytes)
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
