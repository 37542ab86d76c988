#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor's reads, writes and type: the one place in the front end that
/// hands `read(2)` and `write(2)` a buffer. The descriptor belongs to the caller, which
/// opens and closes it; this only lends the system calls arrays and spans.
struct OpenDescriptor {
    /// The descriptor (0 for standard input).
    let number: Int32

    /// Reads at most `count` bytes onto the end of `bytes`; returns how many were read, 0 at
    /// the end of the input, or -1 with `errno` set (EINTR included: the caller decides).
    func read(atMost count: Int, appendingTo bytes: inout [UInt8]) -> Int {
        var result = 0
        bytes.append(addingCapacity: max(count, 0)) { output in
            // read(2) writes only into the free room `output` lends, and only the bytes it
            // reports are counted as initialized.
            result = unsafe output.withUnsafeMutableBufferPointer { buffer, initialized -> Int in
                guard let base = buffer.baseAddress, buffer.count > initialized else { return 0 }
                let read = unsafe Glibc.read(number, base + initialized, buffer.count - initialized)
                if read > 0 { initialized += read }
                return read
            }
        }
        return result
    }

    /// Fills `words` with the bytes read, retrying after EINTR; false when the input ended or a
    /// read failed first. Any bytes make a valid `UInt64`, so the words may be read as bytes.
    func fill(_ words: inout [UInt64]) -> Bool {
        // read(2) writes only into the array's bytes, `offset` up to their end, during the call.
        unsafe words.withUnsafeMutableBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let count = unsafe Glibc.read(number, base + offset, raw.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// Writes what one `write(2)` takes of `bytes`; returns that count, or -1 with `errno` set.
    func writeOnce(_ bytes: Span<UInt8>) -> Int {
        guard !bytes.isEmpty else { return 0 }
        // write(2) reads the bytes during the call only.
        return unsafe bytes.withUnsafeBufferPointer { buffer in
            unsafe Glibc.write(number, buffer.baseAddress, buffer.count)
        }
    }

    /// The kind of file it is (`S_IFREG`, `S_IFDIR`, `S_IFIFO`…), or `nil` when `fstat` fails.
    var fileType: mode_t? {
        var status = stat()
        guard unsafe fstat(number, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
