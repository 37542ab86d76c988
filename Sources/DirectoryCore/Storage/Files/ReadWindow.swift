#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A list file read a window at a time, hashed as it is read, so that a reader that can
/// work on part of a file (JSON's, record by record) never holds the whole file: a list of
/// a million people is read through a few megabytes instead of a 100 MB copy.
///
/// `bytes` holds the file from offset `start` on; `more(keepingFrom:)` drops what was
/// used and reads on. Reading stops at the end of the file or at `FileBytes.largestFile`.
struct ReadWindow: ~Copyable {
    /// The window's bytes: the file from `start` on.
    private(set) var bytes: [UInt8] = []
    /// The file offset of `bytes[0]`.
    private(set) var start = 0
    /// Whether `bytes` reaches the end of the file (or reading failed: see `failure`).
    private(set) var atEnd = false
    /// Why reading stopped early, if it did.
    private(set) var failure: StorageError?
    /// The file's modification time when opened.
    let modified: Int64
    /// The file's size when opened (it may change while it is read).
    let expectedSize: Int

    private let descriptor: Int32
    private let path: String
    private var hash = FileHash()
    private var size = 0
    private var capacity: Int

    /// Opens the regular file at `path` and reads its first `capacity` bytes; `nil` when
    /// there is no file. Anything but a regular file is refused, as `FileBytes.read` does.
    init?(path: String, capacity: Int = 4 << 20) throws(StorageError) {
        guard let opened = try FileBytes.openRegular(path: path) else { return nil }
        descriptor = opened.descriptor
        modified = opened.modified
        expectedSize = opened.size
        self.path = path
        self.capacity = capacity
        fill()
    }

    deinit { close(descriptor) }

    /// The fingerprint of the whole file, once `atEnd`.
    var fingerprint: FileFingerprint {
        FileFingerprint(size: size, modified: modified, hash: hash.value)
    }

    /// Drops the bytes before `offset` (an index into `bytes`) and reads on; when what is
    /// kept fills the window, the window grows, so a record of any size fits in the end.
    mutating func more(keepingFrom offset: Int) {
        guard !atEnd else { return }
        if offset > 0 {
            bytes.removeSubrange(0..<offset)
            start += offset
        }
        if bytes.count * 2 > capacity { capacity *= 2 }
        fill()
    }

    /// Reads the rest of the file into the window.
    mutating func readToEnd() {
        while !atEnd {
            capacity = max(capacity * 2, bytes.count * 2)
            fill()
        }
    }

    /// Reads until the window holds `capacity` bytes or the file ends.
    private mutating func fill() {
        let wanted = capacity - bytes.count
        guard wanted > 0 else { return }
        let old = bytes.count
        var code: Int32 = 0
        bytes.reserveCapacity(capacity)
        bytes.append(contentsOf: repeatElement(0, count: wanted))
        let count = bytes.withUnsafeMutableBytes { buffer -> Int in
            var count = 0
            guard let base = buffer.baseAddress else { return 0 }
            while count < wanted {
                let result = Glibc.read(descriptor, base + old + count, wanted - count)
                if result < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    break
                }
                if result == 0 { break }
                count += result
            }
            return count
        }
        bytes.removeSubrange((old + count)...)
        bytes.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[old...])) }
        size += count
        if code != 0 {
            failure = .unreadable(path: path, reason: SystemError.describe(code))
            atEnd = true
        } else if size > FileBytes.largestFile {
            failure = .unreadable(path: path, reason: "it is more than the 1 GiB limit")
            atEnd = true
        } else if count < wanted {
            atEnd = true
        }
    }
}
