import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Lines read from a file descriptor in large blocks, split on `\n`.
///
/// This is the script path: no line editor, no per-line system call. A line
/// longer than `maximumLength` is skipped (reported as unusable) without
/// holding it all in memory.
struct DescriptorLines: LineSource {
    /// The longest line accepted: 16 MiB.
    static let maximumLength = 16 << 20

    private let descriptor: OpenDescriptor
    /// The bytes read and not yet handed out as lines (from `start` on); each read adds a block.
    private var buffer: [UInt8] = []
    /// The most one read adds to `buffer`.
    private static let blockSize = 1 << 16
    private var start = 0
    /// Where the search for the next newline resumes: bytes before it have none.
    private var scanned = 0
    private var atEnd = false
    /// Whether the first line was read (only it may start with a byte-order mark).
    private var pastFirstLine = false
    /// The lines from `start` up to here hold no NUL and are valid UTF-8: the block they were
    /// read in was checked whole (`judgeBlock`), so each is not checked again.
    private var checkedEnd = 0
    /// Where the last block judged ends: lines before it are judged, checked or not.
    private var judgedEnd = 0
    /// Runs before each read, which may wait for input: the front end flushes its output
    /// there, so a program feeding commands through a pipe sees each answer before it sends more.
    private let beforeReading: () -> Void
    /// Whether the descriptor is a regular file, which never keeps a read waiting.
    private let isRegularFile: Bool
    /// Whether reading should stop (Ctrl-C at the prompt, for a sourced file): asked before
    /// each read and while it waits; `nil` when nothing stops it but the end of the input.
    private let isCancelled: (() -> Bool)?
    /// Whether `isCancelled` stopped the last read: `next` says `.interrupted` once.
    private var cancelled = false

    /// Lines from `descriptor` (0 for standard input).
    init(descriptor: Int32, beforeReading: @escaping () -> Void = {}, isCancelled: (() -> Bool)? = nil) {
        self.descriptor = OpenDescriptor(number: descriptor)
        self.beforeReading = beforeReading
        self.isCancelled = isCancelled
        isRegularFile = self.descriptor.fileType == S_IFREG
    }

    var mayWait: Bool { !isRegularFile && !atEnd && newlineIndex() == nil }

    /// A script file or standard input may hold any number of lines.
    static var mayBeLong: Bool { true }

    mutating func next(prompt: String) -> LineRead {
        guard let line = nextLine() else {
            guard cancelled else { return .end }
            cancelled = false
            return .interrupted
        }
        return .line(line)
    }

    private mutating func nextLine() -> InputLine? {
        var skipping = false
        while true {
            if let newline = newlineIndex() {
                if newline >= judgedEnd { judgeBlock(from: newline) }
                let line = buffer[start..<newline]
                start = newline + 1
                scanned = start
                if skipping { return .unusable("the line is longer than 16 MiB") }
                return decodeLine(line, checked: newline <= checkedEnd)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                if skipping { return .unusable("the line is longer than 16 MiB") }
                return decodeLine(line, checked: false)
            }
            scanned = buffer.count
            if buffer.count - start > Self.maximumLength {
                skipping = true
                start = buffer.count
                scanned = start
            }
            fill()
            if cancelled { return nil }
        }
    }

    /// The index of the next newline at or after `scanned`.
    private func newlineIndex() -> Int? {
        guard scanned < buffer.count else { return nil }
        return buffer.span.firstOffset(of: 0x0A, in: scanned..<buffer.count)
    }

    /// Checks the whole lines buffered from `start` on, up to the last newline, which is
    /// at or after `newline`, at once: when they hold no NUL and are valid UTF-8, so is each
    /// of them (a newline is never part of a longer UTF-8 sequence), and `checkedEnd` says
    /// so; otherwise each is checked as it is handed out.
    private mutating func judgeBlock(from newline: Int) {
        var last = buffer.count - 1
        while last > newline, buffer[last] != 0x0A { last -= 1 }
        let clean = Self.isClean(buffer.span.extracting(start..<last))
        checkedEnd = clean ? last : start
        judgedEnd = last + 1
    }

    /// Whether `bytes`, whole lines, hold no NUL and are valid UTF-8: ASCII is passed over
    /// eight bytes at a time, and only the rest of a line from its first other byte is validated
    /// (what comes before it on the line is ASCII, so no sequence is cut).
    private static func isClean(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.firstOffset(of: 0, in: 0..<bytes.count) == nil else { return false }
        var position = 0
        while true {
            position += UTF8Text.asciiPrefixLength(bytes.extracting(position..<bytes.count).rawBytes)
            guard position < bytes.count else { return true }
            let lineEnd = bytes.firstOffset(of: 0x0A, in: position..<bytes.count) ?? bytes.count
            position = commonSequencesEnd(bytes, from: position, to: lineEnd)
            guard position == lineEnd || UTF8Text.firstInvalid(in: bytes.extracting(position..<lineEnd)) == nil else {
                return false
            }
            position = lineEnd
        }
    }

    /// Where the bytes from `start` (a sequence's start) up to `end` stop being ASCII or the
    /// two- and three-byte sequences that are always well-formed (U+0080–U+07FF, and
    /// U+1000–U+FFFF but for the surrogates' lead byte ED): the accented letters and the
    /// scripts of a list's names. What follows, if anything, is validated by the standard
    /// library, whose rules (overlong forms, surrogates, beyond U+10FFFF) decide it; a call
    /// of it for every line with a letter outside ASCII cost more than the line's reading.
    private static func commonSequencesEnd(_ bytes: Span<UInt8>, from start: Int, to end: Int) -> Int {
        /// Whether `byte` continues a sequence (10xxxxxx).
        func continues(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        var index = start
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
            } else if lead >= 0xC2, lead <= 0xDF, index + 1 < end, continues(bytes[index + 1]) {
                index += 2
            } else if lead >= 0xE1, lead <= 0xEF, lead != 0xED, index + 2 < end, continues(bytes[index + 1]),
                continues(bytes[index + 2])
            {
                index += 3
            } else {
                break
            }
        }
        return index
    }

    /// Reads the next block, dropping consumed bytes first.
    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            checkedEnd = max(checkedEnd - start, 0)
            judgedEnd = max(judgedEnd - start, 0)
            start = 0
        }
        beforeReading()
        if let isCancelled, !isRegularFile, !waitForInput(unless: isCancelled) {
            cancelled = true
            return
        }
        if DescriptorRead.some(from: descriptor.number, atMost: Self.blockSize, appendingTo: &buffer) <= 0 {
            atEnd = true
        }
    }

    /// Waits until the descriptor can be read (or has ended, or failed); false when
    /// `isCancelled` says to stop first. Ctrl-C's signal cuts the wait short; one that lands
    /// just before it is seen at the next of the waits, a quarter of a second apart.
    private func waitForInput(unless isCancelled: () -> Bool) -> Bool {
        var ready = pollfd(fd: descriptor.number, events: Int16(POLLIN), revents: 0)
        while !isCancelled() {
            let result = unsafe poll(&ready, 1, 250)
            if result > 0 || (result < 0 && errno != EINTR) { return true }
        }
        return false
    }

    /// The line as text; a byte-order mark at the start of the first line is dropped
    /// (an editor on Windows writes one; sqlite3 and python3 skip it too).
    /// `checked` when the line is known to hold no NUL and to be valid UTF-8.
    @inline(__always)
    private mutating func decodeLine(_ line: ArraySlice<UInt8>, checked: Bool) -> InputLine {
        guard !pastFirstLine else { return checked ? .utf8(line) : Self.decode(line) }
        pastFirstLine = true
        return Self.decode(line.starts(with: Self.byteOrderMark) ? line.dropFirst(3) : line)
    }

    /// UTF-8's byte-order mark, U+FEFF.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The line as text, or why it is not.
    static func decode(_ bytes: ArraySlice<UInt8>) -> InputLine {
        let span = bytes.span
        if span.firstOffset(of: 0, in: 0..<span.count) != nil { return .unusable("the line contains a NUL byte") }
        guard UTF8Text.firstInvalid(in: span) == nil else {
            return .unusable("the line is not valid UTF-8 text")
        }
        return .utf8(bytes)
    }
}
