import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a one-shot `find` scans, open for reading: read at offsets with `pread(2)`, so
/// that the two halves of a large file (`JSONFindScan+Halves.swift`) are read through one
/// descriptor at once. The descriptor belongs to `OneShotFind`, which closes it once the scan
/// (and its second thread) is done.
struct OneShotFindFile: FindScanFile {
    /// The open descriptor.
    let descriptor: Int32
    /// The file's size when it was opened.
    let size: Int

    /// The regular file open at `descriptor`; `nil` for anything else (a FIFO, a folder) or
    /// when `fstat` fails.
    init?(descriptor: Int32) {
        var status = stat()
        guard unsafe fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        self.descriptor = descriptor
        size = Int(status.st_size)
    }

    func read(at offset: Int, atMost count: Int, appendingTo bytes: inout [UInt8]) -> Int {
        DescriptorRead.some(from: descriptor, at: offset, atMost: count, appendingTo: &bytes)
    }
}
