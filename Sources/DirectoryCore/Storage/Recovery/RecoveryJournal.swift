/// A recovery journal read back: which list it was for, and the last state of each
/// record it holds. A damaged or truncated file gives what could be read, and says
/// what could not.
public struct RecoveryJournal: Equatable, Sendable {
    /// The list's location (a path, or a database URI without its password).
    public var location: String
    /// The kind of list (`ListKind.name`).
    public var kind: String
    /// The process that wrote it.
    public var pid: Int
    /// When the journal was started, seconds since 2001.
    public var started: Double
    /// The last state of each record, in the order they were last written.
    public var entries: [RecoveryEntry]
    /// What could not be read, one phrase each (empty when the file was whole).
    public var damage: [String]

    /// A few ids of the list's saved records when the journal was started (at most
    /// `witnessCount`, spread over the list), so that `recover` can tell the journal was
    /// written for another list that now has its location (a file replaced or renamed); empty
    /// for a list with none saved, and in journals of releases before 1.12.
    public var witnesses: [RecordID] = []

    /// How many ids a journal keeps in `witnesses`.
    public static let witnessCount = 8

    /// The list's order when the session had reordered it (`move`, `sort`, `editor`), as
    /// the keys of its records; `nil` when the order was the saved one.
    public var order: [RecordKey]?

    /// The entries that change something.
    public var changes: [RecoveryEntry] { entries.filter(\.isChange) }

    /// Whether it holds nothing to recover: no record changed and no order.
    public var isEmpty: Bool { order == nil && changes.isEmpty }

    /// "3 unsaved changes", "1 unsaved change and the list's order", "the list's order".
    public static func describe(changes: Int, order: Bool) -> String {
        let count = changes == 1 ? "1 unsaved change" : "\(changes) unsaved changes"
        guard order else { return count }
        return changes == 0 ? "the list's unsaved order" : count + " and the list's order"
    }

    /// The first line of every journal file. Format 2 checksums its entries with
    /// `ContentHash` in four lanes.
    static let magic = Array("directory recovery journal 2\n".utf8)

    /// The first line of journals of format 1, whose checksums came from a hash no longer
    /// kept: they are not read (`decode` gives `nil`), and `isOlderFormat` says why.
    static let formatOneMagic = Array("directory recovery journal 1\n".utf8)

    /// Whether `bytes` are a journal of an older format, written by an older release, which
    /// this one does not read: that release can still recover it, and `discard` deletes it.
    public static func isOlderFormat(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: formatOneMagic)
    }

    /// The file's first bytes: the magic line and a header entry.
    /// `witnesses` follow the fields of 1.11.0's header, which that release's reader skips.
    public static func header(
        location: String, kind: String, pid: Int, started: Double, witnesses: [RecordID] = []
    ) -> [UInt8] {
        var payload = RecoveryBytes()
        payload.append(UInt8(ascii: "H"))
        payload.append(location)
        payload.append(kind)
        payload.append(UInt64(truncatingIfNeeded: pid))
        payload.append(started.bitPattern)
        if !witnesses.isEmpty {
            payload.append(count: witnesses.count)
            for id in witnesses {
                payload.append(id.high)
                payload.append(id.low)
            }
        }
        return magic + frame(payload.bytes)
    }

    /// One entry, framed: its length, a checksum, the payload.
    public static func encode(_ entry: RecoveryEntry) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(entry, into: &bytes)
        return bytes
    }

    /// Appends one framed entry to `output`, without intermediate copies.
    public static func encode(_ entry: RecoveryEntry, into output: inout [UInt8]) {
        var payload = RecoveryBytes(bytes: output)
        output = []
        payload.append(UInt64(0))  // the frame's 12 bytes, written when it is closed
        payload.append(UInt32(0))
        let start = payload.bytes.count
        payload.append(UInt8(ascii: "R"))
        payload.append(entry.key.id.high)
        payload.append(entry.key.id.low)
        payload.append(count: entry.key.occurrence)
        payload.append(UInt64(bitPattern: Int64(entry.position)))
        payload.append(UInt8((entry.saved == nil ? 0 : 1) | (entry.now == nil ? 0 : 2)))
        if let saved = entry.saved { payload.append(saved) }
        if let now = entry.now { payload.append(now) }
        payload.closeFrame(payloadStart: start)
        output = payload.bytes
    }

    /// The list's order, framed: the keys of all its records, or none when the order is the saved one.
    public static func encodeOrder(_ keys: [RecordKey]?, into output: inout [UInt8]) {
        var payload = RecoveryBytes(bytes: output)
        output = []
        payload.bytes.append(contentsOf: repeatElement(0, count: 12))
        let start = payload.bytes.count
        payload.append(UInt8(ascii: "O"))
        payload.append(count: keys?.count ?? 0)
        for key in keys ?? [] {
            payload.append(key.id.high)
            payload.append(key.id.low)
            payload.append(count: key.occurrence)
        }
        payload.closeFrame(payloadStart: start)
        output = payload.bytes
    }

    private static func frame(_ payload: [UInt8]) -> [UInt8] {
        var framed = RecoveryBytes()
        framed.append(count: payload.count)
        framed.append(ContentHash.of(payload))
        return framed.bytes + payload
    }

    /// Reads a journal file; `nil` when it is not one (no magic line or header).
    public static func decode(_ bytes: [UInt8]) -> RecoveryJournal? {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else { return nil }
        var offset = magic.count
        guard let headerPayload = nextFrame(bytes, at: &offset).payload else { return nil }
        var header = RecoveryBytesReader(headerPayload)
        guard header.byte() == UInt8(ascii: "H"), let location = header.text(), let kind = header.text(),
            let pid = header.word(), let started = header.word()
        else { return nil }
        var journal = RecoveryJournal(
            location: location, kind: kind, pid: Int(truncatingIfNeeded: pid),
            started: Double(bitPattern: started), entries: [], damage: [])
        if let count = header.count(), count <= witnessCount {
            for _ in 0..<count {
                guard let high = header.word(), let low = header.word() else { break }
                journal.witnesses.append(RecordID(high: high, low: low))
            }
        }
        journal.readEntries(bytes, from: offset)
        return journal
    }

    private mutating func readEntries(_ bytes: [UInt8], from start: Int) {
        var offset = start
        var latest: [RecordKey: Int] = [:]
        var damaged = 0
        while offset < bytes.count {
            let frameStart = offset
            let next = Self.nextFrame(bytes, at: &offset)
            guard !next.truncated else {
                damage.append("the last \(bytes.count - frameStart) bytes could not be read (cut off)")
                break
            }
            if let payload = next.payload, payload.first == UInt8(ascii: "O") {
                guard let keys = Self.order(payload) else {
                    damaged += 1
                    continue
                }
                order = keys.isEmpty ? nil : keys
                continue
            }
            guard let payload = next.payload, let entry = Self.entry(payload) else {
                damaged += 1
                continue
            }
            if let index = latest[entry.key] { entries[index].position = Int.min }
            latest[entry.key] = entries.count
            entries.append(entry)
        }
        entries.removeAll { $0.position == Int.min }
        if damaged > 0 {
            damage.insert("\(damaged) damaged \(damaged == 1 ? "entry was" : "entries were") skipped", at: 0)
        }
    }

    /// The frame at `offset`: its payload when the checksum matches, `nil` when it does not;
    /// `truncated` when the file ends inside it. Moves `offset` past it.
    private static func nextFrame(_ bytes: [UInt8], at offset: inout Int)
        -> (payload: ArraySlice<UInt8>?, truncated: Bool)
    {
        var reader = RecoveryBytesReader(bytes[offset...])
        guard let length = reader.count(), let checksum = reader.word(), let payload = reader.raw(length) else {
            return (nil, true)
        }
        offset = payload.endIndex
        return (ContentHash.of(Array(payload)) == checksum ? payload : nil, false)
    }

    private static func order(_ payload: ArraySlice<UInt8>) -> [RecordKey]? {
        var reader = RecoveryBytesReader(payload)
        guard reader.byte() == UInt8(ascii: "O"), let count = reader.count(), count <= payload.count / 20 else {
            return nil
        }
        var keys: [RecordKey] = []
        keys.reserveCapacity(count)
        for _ in 0..<count {
            guard let high = reader.word(), let low = reader.word(), let occurrence = reader.count() else { return nil }
            keys.append(RecordKey(id: RecordID(high: high, low: low), occurrence: occurrence))
        }
        return reader.isAtEnd ? keys : nil
    }

    private static func entry(_ payload: ArraySlice<UInt8>) -> RecoveryEntry? {
        var reader = RecoveryBytesReader(payload)
        guard reader.byte() == UInt8(ascii: "R"), let high = reader.word(), let low = reader.word(),
            let occurrence = reader.count(), let position = reader.word(), let flags = reader.byte()
        else { return nil }
        var saved: Record?
        var now: Record?
        if flags & 1 != 0 {
            guard let record = reader.record(occurrence: occurrence) else { return nil }
            saved = record
        }
        if flags & 2 != 0 {
            guard let record = reader.record(occurrence: occurrence) else { return nil }
            now = record
        }
        guard reader.isAtEnd else { return nil }
        return RecoveryEntry(
            key: RecordKey(id: RecordID(high: high, low: low), occurrence: occurrence), saved: saved, now: now,
            position: Int(Int64(bitPattern: position)))
    }
}
