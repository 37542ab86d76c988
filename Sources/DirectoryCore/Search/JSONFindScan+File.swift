/// A file a one-shot `find` reads (`JSONFindScan.listing(of:)`): its bytes at any offset, so
/// that two threads can read two parts of it without moving a shared offset (`pread(2)` in
/// the front end, an array in tests).
package protocol FindScanFile: Sendable {
    /// The file's size when it was opened.
    var size: Int { get }
    /// Appends to `bytes` at most `count` bytes of the file from `offset` on: the count
    /// appended, 0 at the end of the file, or -1 when the read failed.
    func read(at offset: Int, atMost count: Int, appendingTo bytes: inout [UInt8]) -> Int
}

/// The scan of a whole JSON file a window at a time, on one thread or, for a large file, in
/// two halves on two (`JSONFindScan+Halves.swift`).
extension JSONFindScan {
    /// The window's first size; a step longer than half of it makes the window grow.
    package static let windowSize = 1 << 20

    /// The largest file the full load reads (`FileBytes.largestFile` in DirectoryFiles).
    static let largestFile = 1 << 30

    /// The rows `find` prints for the JSON file `file`, read `windowSize` bytes at a time,
    /// in two halves when `split` allows; `nil` when the file is not a JSON list the full
    /// load would read without saying more (not JSON, an error, a repeated id, a failed
    /// read). Any doubt about the halves (no record start found, the first half not ending
    /// where the second starts, the second failing or not joining) and the first half reads
    /// on alone, as one thread does.
    package mutating func listing(
        of file: some FindScanFile, windowSize: Int = Self.windowSize, split: Split = .automatic
    ) -> RecordListing? {
        guard file.size <= Self.largestFile else { return nil }
        var window = FindScanWindow(from: 0, capacity: windowSize)
        guard window.fill(from: file) else { return nil }
        let start = window.bytes.span.withRawBytes { FileFormat.sniffStart($0, complete: window.atEnd) }
        guard start == .format(.json) else { return nil }
        var position = 0
        var splitLookedFor = file.size < split.minimumBytes
        while true {
            // Until the split is looked for, the steps stop at `lookLength`: the tail starts once
            // the first record (which decides the kind) is read, not after the whole first window.
            let limit = splitLookedFor ? Int.max : Self.lookLength
            let limited = limit < window.end
            switch pass(&window, position: &position, limit: limit) {
            case .done: return listing()
            case .unsure: return nil
            case .needsMore: break
            }
            guard !window.atEnd || limited else { return nil }
            if !splitLookedFor, hasReadFirstRecord || limited {
                splitLookedFor = true
                if hasReadFirstRecord,
                    let tailStart = Self.tailStart(in: file, after: window.start + position, split: split)
                {
                    switch readInHalves(file, window: &window, position: &position, tailStart: tailStart) {
                    case .done: return listing()
                    case .unsure: return nil
                    case .needsMore: break
                    }
                    // The halves failed: this scan reads on from where its steps stopped.
                }
            }
            window.moveOn(to: position)
            position = 0
            guard window.fill(from: file) else { return nil }
        }
    }

    /// Runs the steps that complete in `window` before the file offset `limit`, from
    /// `position`, moving `position` on.
    mutating func pass(_ window: inout FindScanWindow, position: inout Int, limit: Int = .max) -> Progress {
        let limited = limit - window.start < window.bytes.count
        let end = limited ? max(limit - window.start, 0) : window.bytes.count
        let fromFileStart = window.start == 0 && position == 0
        return read(
            window.bytes.span.extracting(0..<end), fromFileStart: fromFileStart, atEnd: window.atEnd && !limited,
            position: &position)
    }
}

/// The bytes of a file a scan holds: from `start` on, read until `capacity` bytes are held
/// or the file ends.
struct FindScanWindow {
    /// The bytes held.
    private(set) var bytes: [UInt8] = []
    /// The file offset of `bytes[0]`.
    private(set) var start: Int
    /// How many bytes the window holds when full.
    private(set) var capacity: Int
    /// Whether `bytes` reach the end of the file.
    private(set) var atEnd = false

    /// A window over a file from the offset `start` on, not read yet.
    init(from start: Int, capacity: Int) {
        self.start = start
        self.capacity = max(capacity, 1)
    }

    /// The file offset just past the bytes held.
    var end: Int { start + bytes.count }

    /// Reads until the window is full or the file ends; `false` when a read fails or the
    /// file is larger than the full load reads.
    mutating func fill(from file: some FindScanFile) -> Bool {
        while !atEnd, bytes.count < capacity {
            let read = file.read(at: end, atMost: capacity - bytes.count, appendingTo: &bytes)
            guard read >= 0 else { return false }
            atEnd = read == 0
            guard end <= JSONFindScan.largestFile else { return false }
        }
        return true
    }

    /// Drops the bytes before `position` (an index into `bytes`); what is kept is one step
    /// cut short, so the window grows once it is half full of it.
    mutating func moveOn(to position: Int) {
        bytes.removeFirst(position)
        start += position
        if bytes.count * 2 > capacity { capacity *= 2 }
    }
}
