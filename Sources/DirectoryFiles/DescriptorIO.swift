#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file descriptor into memory: `read(2)` may give less than it is asked for, or
/// be interrupted by a signal; every reader of files here loops the same way through this,
/// as every writer goes through `DescriptorWrite`. No other code hands `read(2)` a buffer.
public enum DescriptorRead {
    /// One `read(2)` into `buffer` (`pread(2)` at `offset` when one is given), retried after
    /// EINTR: the count read, 0 at the end of the file, or -1 with `errno` set.
    static func some(
        into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: off_t? = nil
    ) -> Int {
        while true {
            let count =
                if let offset {
                    unsafe pread(descriptor, buffer.baseAddress, buffer.count, offset)
                } else {
                    unsafe read(descriptor, buffer.baseAddress, buffer.count)
                }
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Reads into `buffer` until it is full or the file ends: the count read, and 0 or the
    /// `errno` of a failure (the bytes before it are in `buffer`).
    static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> (count: Int, failure: Int32) {
        var count = 0
        while count < buffer.count {
            let result = unsafe some(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), from: descriptor)
            if result < 0 { return (count, errno) }
            if result == 0 { break }
            count += result
        }
        return (count, 0)
    }

    /// Appends what is left of `descriptor` to `bytes`, a block at a time, until the end of
    /// the file, a failure, or `bytes` holding more than `limit`: 0, or the `errno` of the failure.
    static func appendRest(of descriptor: Int32, to bytes: inout [UInt8], limit: Int = .max) -> Int32 {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let count = unsafe block.withUnsafeMutableBytes { unsafe some(into: $0, from: descriptor) }
            if count < 0 { return errno }
            if count == 0 { break }
            bytes.append(contentsOf: block[0..<count])
        }
        return 0
    }

    /// As `appendRest`, for a stream whose writer may pause (a FIFO, a pipe, a device): the
    /// descriptor is made non-blocking, and while it has nothing to give the wait is polled a
    /// quarter of a second at a time, `isCancelled` asked between, so that Ctrl-C stops a read
    /// that would otherwise last until the writer closes. A FIFO no program writes to ends at
    /// once, as a blocking read's does. 0, ECANCELED when `isCancelled` said to stop (the bytes
    /// read before are in `bytes`), or the `errno` of a failure.
    static func appendRest(
        of descriptor: Int32, to bytes: inout [UInt8], limit: Int = .max, unless isCancelled: () -> Bool
    ) -> Int32 {
        // A read that finds nothing returns EAGAIN instead of waiting; poll(2) alone would not
        // do, as it waits for ever on a FIFO that had no writer since it was opened.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            if isCancelled() { return ECANCELED }
            let count = unsafe block.withUnsafeMutableBytes { unsafe some(into: $0, from: descriptor) }
            if count > 0 {
                bytes.append(contentsOf: block[0..<count])
            } else if count == 0 {
                break
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                // Woken early by input, the writer closing, or a signal (Ctrl-C's).
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = unsafe poll(&ready, 1, 250)
            } else {
                return errno
            }
        }
        return 0
    }
}

/// The reads the front end asks for: onto the end of an array, as much as one `read(2)` gives
/// (a pipe or a terminal gives what it has), and words filled from a device.
extension DescriptorRead {
    /// One `read(2)` of at most `count` bytes onto the end of `bytes`, not retried after EINTR:
    /// a prompt that waits for a person hands the interruption (Ctrl-C) back to its caller.
    /// The count read, 0 at the end of the input, or -1 with `errno` set.
    public static func once(from descriptor: Int32, atMost count: Int, appendingTo bytes: inout [UInt8]) -> Int {
        var result = 0
        bytes.append(addingCapacity: max(count, 0)) { output in
            // read(2) writes only into the free room `output` lends, and only the bytes it
            // reports are counted as initialized.
            result = unsafe output.withUnsafeMutableBufferPointer { buffer, initialized -> Int in
                guard let base = buffer.baseAddress, buffer.count > initialized else { return 0 }
                let got = unsafe read(descriptor, base + initialized, buffer.count - initialized)
                if got > 0 { initialized += got }
                return got
            }
        }
        return result
    }

    /// As `once`, retried after EINTR: the count read, 0 at the end of the input, or -1 with
    /// `errno` set.
    public static func some(from descriptor: Int32, atMost count: Int, appendingTo bytes: inout [UInt8]) -> Int {
        while true {
            let got = once(from: descriptor, atMost: count, appendingTo: &bytes)
            if got < 0, errno == EINTR { continue }
            return got
        }
    }

    /// As `some`, with `pread(2)` at the file offset `offset`, so that two threads can read
    /// one descriptor without moving an offset the other reads from: the count read, 0 at the
    /// end of the file, or -1 with `errno` set.
    public static func some(
        from descriptor: Int32, at offset: Int, atMost count: Int, appendingTo bytes: inout [UInt8]
    ) -> Int {
        while true {
            var result = 0
            bytes.append(addingCapacity: max(count, 0)) { output in
                // pread(2) writes only into the free room `output` lends, and only the bytes it
                // reports are counted as initialized.
                result = unsafe output.withUnsafeMutableBufferPointer { buffer, initialized -> Int in
                    guard let base = buffer.baseAddress, buffer.count > initialized else { return 0 }
                    let got = unsafe pread(descriptor, base + initialized, buffer.count - initialized, off_t(offset))
                    if got > 0 { initialized += got }
                    return got
                }
            }
            if result < 0, errno == EINTR { continue }
            return result
        }
    }

    /// Reads exactly `count` bytes of the file at `offset` into the start of `buffer`
    /// (`pread(2)`, as many times as it takes); `false` when the file has fewer or a read fails.
    static func exactly(into buffer: inout [UInt8], count: Int, at offset: Int, from descriptor: Int32) -> Bool {
        var done = 0
        while done < count {
            let result = unsafe buffer.withUnsafeMutableBytes { raw in
                unsafe some(
                    into: UnsafeMutableRawBufferPointer(rebasing: raw[done..<count]), from: descriptor,
                    at: off_t(offset + done))
            }
            guard result > 0 else { return false }
            done += result
        }
        return true
    }

    /// Fills `words` with bytes read from `descriptor`, retrying after EINTR; false when the
    /// input ended or a read failed first. Any bytes make a valid `UInt64`.
    public static func fill(_ words: inout [UInt64], from descriptor: Int32) -> Bool {
        // read(2) writes only into the array's bytes, during the call.
        unsafe words.withUnsafeMutableBytes { raw -> Bool in
            let (count, failure) = unsafe fill(raw, from: descriptor)
            return failure == 0 && count == raw.count
        }
    }
}

/// Writing all of a buffer to a file descriptor: `write(2)` may take less than it is
/// given, or be interrupted by a signal; every writer of files, pipes and the terminal
/// loops the same way through this.
public enum DescriptorWrite {
    /// Writes every byte of `bytes` to `descriptor`, retrying after EINTR; 0 when all was
    /// written, else the `errno` of the failure (EIO for a write that took nothing).
    public static func all(_ bytes: RawSpan, to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.byteCount {
            // write(2) reads the rest of the span during the call only.
            let count = unsafe bytes.withUnsafeBytes { buffer in
                unsafe write(descriptor, buffer.baseAddress.map { unsafe $0 + written }, buffer.count - written)
            }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return count < 0 ? errno : EIO
            }
        }
        return 0
    }

    /// Writes every byte of `bytes` to `descriptor`, as `all(_:to:)` does for a `RawSpan`.
    public static func all(_ bytes: Span<UInt8>, to descriptor: Int32) -> Int32 {
        bytes.withRawBytes { all($0, to: descriptor) }
    }
}
