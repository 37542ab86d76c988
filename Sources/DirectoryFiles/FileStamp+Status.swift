import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When a file's status proves its contents (git's "racy" rule, `docs/safety.md`).
///
/// The kernel sets a file's change time to the clock's time at every change, and nothing can
/// set it back. So a status taken while the file held known contents proves them later, when
/// the status is the same, if every change after it would get a later change time: if the
/// clock had already moved past the file's times at a moment after which no change could go
/// unseen. A status taken within the clock's tick of the file's last change proves nothing (a
/// program that writes the same number of bytes in that tick leaves size and times as they
/// were): the file is then read and hashed, as it always was.
extension FileStamp {
    /// The stamp of `status`.
    init(_ status: stat) {
        self.init(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }

    /// `status` (of the open file `descriptor`) as a stamp, when it proves the contents the file
    /// held then: on a file system whose times come from this machine's clock, with both times
    /// older than `clock` (`isOlder(than:)`), a reading of `coarseClock` taken at a moment after
    /// which any change to the file shows in its status. `nil` otherwise.
    static func proving(_ status: stat, of descriptor: Int32, clock: Int64) -> FileStamp? {
        let stamp = FileStamp(status)
        guard stamp.isOlder(than: clock), hasThisMachinesClock(descriptor) else { return nil }
        return stamp
    }

    /// Whether both times are older than `clock` by more than the file system's clock tick:
    /// by a nanosecond where times have nanoseconds; by 2 seconds where neither has (ext4 with
    /// small inodes keeps whole seconds, and a file system stamping in seconds rounds down).
    func isOlder(than clock: Int64) -> Bool {
        let wholeSeconds = modified % 1_000_000_000 == 0 && changed % 1_000_000_000 == 0
        let margin: Int64 = wholeSeconds ? 2_000_000_000 : 1
        return clock - changed >= margin && clock - modified >= margin
    }

    /// The clock the kernel stamps files with (`CLOCK_REALTIME_COARSE`), in nanoseconds since
    /// 1970: a change made after this reading gets this time or later.
    @usableFromInline
    static func coarseClock() -> Int64 {
        var time = timespec()
        unsafe clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Whether the open file is on a local file system that stamps its files with this machine's
    /// clock to the nanosecond or the second: ext4, XFS, Btrfs, F2FS, tmpfs, overlayfs. Elsewhere (a network
    /// share stamps with the server's clock and caches status; FAT and exFAT tick in 2 s and
    /// 10 ms) no status is taken as proof.
    static func hasThisMachinesClock(_ descriptor: Int32) -> Bool {
        guard let kind = FileSystemKind.of(descriptor) else { return false }
        // ext4 (and ext2, ext3), XFS, Btrfs, F2FS, tmpfs, and overlayfs, whose files are those
        // of such a file system beneath.
        return [0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010, 0x0102_1994, 0x794C_7630].contains(kind)
    }
}

/// The kind of file system a file is on: the magic number `fstatfs` gives (`f_type`).
/// Glibc's Swift module does not declare `fstatfs` (`<sys/vfs.h>`), so it is looked up in
/// the C library by name, as `RenameExchange` looks up `renameat2`.
enum FileSystemKind {
    private typealias Function = @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32

    /// `fstatfs` from the C library, looked up once; `nil` where there is none.
    private static let function: Function? = {
        #if os(Linux)
            guard let library = unsafe dlopen(nil, RTLD_NOW), let symbol = unsafe dlsym(library, "fstatfs") else {
                return nil
            }
            return unsafe unsafeBitCast(symbol, to: Function.self)
        #else
            return nil
        #endif
    }()

    /// The magic number of the file system that the open file `descriptor` is on; `nil` where
    /// it cannot be told. `struct statfs` begins with `f_type` (a `long` on 64-bit Linux, whose
    /// low 32 bits, where the magic numbers are, come first on a little-endian processor).
    static func of(_ descriptor: Int32) -> Int? {
        #if os(Linux) && _endian(little) && _pointerBitWidth(_64)
            guard let function = unsafe function else { return nil }
            // Room for `struct statfs` (120 bytes on 64-bit Linux) and more.
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
            defer { unsafe buffer.deallocate() }
            guard unsafe function(descriptor, buffer) == 0 else { return nil }
            return Int(unsafe buffer.load(as: UInt32.self))
        #else
            return nil
        #endif
    }
}
