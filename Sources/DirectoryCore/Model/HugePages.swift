#if canImport(Glibc)
    import Glibc
#endif

/// Asks Linux to back the room of a large buffer with huge pages (2 MiB, the kernel's
/// transparent huge pages, `MADV_HUGEPAGE`) before anything is written to it.
///
/// A million records fill about 150 MB of new memory while they are read: the file's bytes and
/// the record table's arrays. In 4 KiB pages that is about 47,000 page faults, each a trip into
/// the kernel to find and clear a page, and they were a third of a load's CPU time. In 2 MiB
/// pages the same memory takes a few hundred. The advice changes nothing a program can see:
/// the memory reads the same, room never written costs nothing either way, and where the
/// kernel has no huge page to give (or transparent huge pages are off) it gives small ones.
public enum HugePages {
    /// The size of a huge page.
    public static let size = 2 << 20
    /// The fewest bytes of room worth the advice: a few huge pages.
    public static let minimumBytes = 8 << 20

    /// Advises huge pages for the room of `array` (its capacity, written or not), when it is
    /// at least `minimumBytes`: the huge pages wholly inside it.
    @inline(never)
    public static func advise<Element>(_ array: inout [Element]) {
        let bytes = array.capacity &* MemoryLayout<Element>.stride
        guard bytes >= minimumBytes else { return }
        // The address is only passed to the kernel as advice, during the call.
        unsafe array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            unsafe advise(UnsafeMutableRawPointer(base), bytes: bytes)
        }
    }

    /// Advises huge pages for the `bytes` bytes at `start`, when they are at least
    /// `minimumBytes`: the huge pages wholly inside them.
    public static func advise(_ start: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
            guard let pages = pages(inside: UInt(bitPattern: start), bytes: bytes),
                let address = unsafe UnsafeMutableRawPointer(bitPattern: pages.lowerBound)
            else { return }
            // Advice only: a failure (no such support) leaves small pages, as before.
            _ = unsafe madvise(address, Int(pages.count), MADV_HUGEPAGE)
        #endif
    }

    /// The addresses of the huge pages wholly inside the `bytes` bytes at `start`, or `nil`
    /// when they are fewer than `minimumBytes` or hold no whole huge page.
    static func pages(inside start: UInt, bytes: Int) -> Range<UInt>? {
        guard bytes >= minimumBytes, start <= UInt.max - UInt(bytes) else { return nil }
        let mask = UInt(size - 1)
        let first = (start + mask) & ~mask
        let end = (start + UInt(bytes)) & ~mask
        return end > first ? first..<end : nil
    }
}
