/// A one-shot `find` over a JSON list file that builds only the records that match
/// (`directory FILE -c 'find TEXT'`): it runs `JSONRecordReader`'s steps a window at a
/// time, as the full load does, but passes over a record without building it when it can
/// tell from the record's bytes alone that the record is one the full load would build
/// without complaint and that `find` would not list.
///
/// A record is passed over only when it is plain: an object of the kind's `id` (a UUID, as
/// `parseRecordID` reads it) and text fields, each key once, each text a string without
/// escapes (checked UTF-8, as `parseUnescapedString` reads it), and no text holds the
/// needle by `FoldedNeedle`, which folds as `TextMatcher` does. Anything else, or a record
/// that may match, goes to the reader and the `RecordBuilder` as in a load: escapes
/// (`\u00e9`, `\/`), other keys, other values, errors. Which of the built records `find`
/// lists is then decided by `RecordSearch`, the search at the prompt, so the prefilter
/// only ever decides what need not be built.
///
/// What the full load would refuse or warn of is left to it: the scan gives up
/// (`Progress.unsure`, `listing()` is `nil`) on an error at the end of the file, and when
/// two records may share an id (`IDFingerprints`).
///
/// A one-shot `list N|RANGE…` (`init(numbers:kind:fallback:)`) is the same scan with another
/// choice of the records built: those whose numbers `list` names, and those that are not
/// plain, whatever their texts hold.
package struct JSONFindScan {
    /// How far a scan got with the bytes it was given.
    package enum Progress: Equatable, Sendable {
        /// Every step the bytes hold is done, and the file goes on: more bytes are needed
        /// from `position` on.
        case needsMore
        /// The whole file is read.
        case done
        /// The scan cannot answer as the full load would: run the full load.
        case unsure
    }

    private let text: String
    private var needle: FoldedNeedle
    /// For a one-shot `list`, the numbers of the records it lists; `nil` for `find`.
    private let numbers: RecordNumbers?
    private var builder: RecordBuilder
    private var stage = JSONRecordReader.Stage.opening
    private var ids = IDFingerprints()
    /// The number in the whole list of each record given to the builder, in order.
    private var builtNumbers: [Int] = []
    /// The records read so far.
    private var recordCount = 0
    /// The kind's keys, once the first record has told the kind: kept here, because asking
    /// the builder for them on every key would copy it.
    private var keys = KindKeys()
    /// Whether `keys` are the kind's yet.
    private var knowsKind = false
    /// For each key's slot (`KindKeys.slot(of:)`, and `KindKeys.opening`), the slot of the
    /// key that followed it in the last plain record.
    private var keyGuesses = [Int](repeating: 0, count: 66)
    /// The key guesses of the records built in full (`JSONRecordReader.readRecord`).
    private var readerGuesses = JSONKeyGuesses()
    /// Whether a tail's records were joined after this scan's (`join(_:)`).
    private(set) var joinedTail = false

    /// A scan for `text` (`find TEXT`), in a list of `kind` (or, when `nil`, of the kind
    /// the first record says, else `fallback`), as `FileStore.load` reads it.
    package init(text: String, kind: ListKind?, fallback: ListKind) {
        self.text = text
        needle = FoldedNeedle(text)
        numbers = nil
        builder = RecordBuilder(kind: kind, fallback: fallback)
    }

    /// A scan for the records `list` lists by `numbers` (`list 10-20`), in a list of `kind`
    /// (or, when `nil`, of the kind the first record says, else `fallback`). It is read on
    /// one thread: a tail's scan would not know its records' numbers.
    package init(numbers: RecordNumbers, kind: ListKind?, fallback: ListKind) {
        text = ""
        needle = FoldedNeedle("")
        self.numbers = numbers
        builder = RecordBuilder(kind: kind, fallback: fallback)
    }

    /// A scan of the tail of a list of `kind`, which its first record decided: the records
    /// from a record's `{` (`JSONRecordReader.recordStart(in:)`) to the end, read while the
    /// first part is (`JSONFindScan+File.swift`), then joined after it (`join(_:)`).
    package init(tailFor text: String, kind: ListKind, fallback: ListKind) {
        self.init(text: text, kind: kind, fallback: fallback)
        stage = .firstRecord
        keys = KindKeys(kind)
        knowsKind = true
    }

    /// What the scan of a tail found, to be joined after the first part's (`join(_:)`).
    package struct Tail: Sendable {
        fileprivate let builder: RecordBuilder
        fileprivate let builtNumbers: [Int]
        fileprivate let recordCount: Int
        fileprivate let ids: IDFingerprints
    }

    /// What this scan of a tail found, once it is `done`.
    package consuming func finishedTail() -> Tail? {
        guard stage == .done else { return nil }
        return Tail(builder: builder, builtNumbers: builtNumbers, recordCount: recordCount, ids: ids)
    }

    /// Whether the steps ended exactly at the tail's start, `joint` (an index into `bytes`),
    /// when they stopped at `position` in `bytes`: after a record, with white space and a `,`
    /// left. Only then are the tail's records the ones that follow this scan's.
    package func endsAtJoint(_ joint: Int, in bytes: Span<UInt8>, position: Int) -> Bool {
        stage == .nextRecord && JSONRecordReader.isJoint(bytes, from: position, to: joint)
    }

    /// Takes in the records of `tail`, whose start this scan ended at (`endsAtJoint`), as if
    /// it had read them: the scan is then done. Returns `false`, taking in nothing, when the
    /// two builders cannot be joined (`JSONRecordReader.join`).
    package mutating func join(_ tail: Tail) -> Bool {
        guard stage == .nextRecord, JSONRecordReader.join(tail.builder, after: &builder) else { return false }
        let before = recordCount
        builtNumbers.append(contentsOf: tail.builtNumbers.lazy.map { $0 + before })
        recordCount += tail.recordCount
        ids.append(contentsOf: tail.ids)
        stage = .done
        joinedTail = true
        return true
    }

    /// Whether the first record is read, and so the kind a tail is read as known.
    var hasReadFirstRecord: Bool { knowsKind && stage == .nextRecord }

    /// What a scan of this file's tail is made from (`init(tailFor:kind:fallback:)`), once
    /// the first record is read.
    var tailParameters: (text: String, kind: ListKind, fallback: ListKind)? {
        guard numbers == nil, hasReadFirstRecord, let kind = builder.kind else { return nil }
        return (text, kind, builder.fallback)
    }

    /// How many records were built rather than passed over, so far.
    var recordsBuilt: Int { builtNumbers.count }

    /// Whether `text` folds to nothing: every record matches, and there is nothing to pass over.
    package var findsEverything: Bool { needle.isEmpty }

    /// Runs the steps that complete inside `bytes`, from `position` (from a byte order mark
    /// or the first byte when `fromFileStart`), moving `position` past each one that
    /// completed; `atEnd` says that `bytes` reach the end of the file.
    package mutating func read(_ bytes: Span<UInt8>, fromFileStart: Bool, atEnd: Bool, position: inout Int) -> Progress
    {
        var scanner = fromFileStart ? JSONScanner(bytes) : JSONScanner(bytes, at: position)
        do throws(FileFormatError) {
            while stage != .done {
                switch stage {
                case .opening:
                    try JSONRecordReader.readOpening(&scanner)
                    if !atEnd, scanner.peekSignificant() == nil { throw scanner.error("cut short") }
                    stage = scanner.consume(UInt8(ascii: "]")) ? .closing : .firstRecord
                case .firstRecord:
                    try readRecord(&scanner)
                    stage = .nextRecord
                case .nextRecord:
                    if try JSONRecordReader.continueRecords(&scanner, after: recordCount) {
                        try readRecord(&scanner)
                    } else {
                        stage = .closing
                    }
                case .closing:
                    try JSONRecordReader.readClosing(&scanner)
                    position = scanner.position
                    guard atEnd else { return .needsMore }
                    stage = .done
                case .done:
                    break
                }
                position = scanner.position
            }
        } catch {
            // Before the end of the file, a failure may only mean the bytes cut the step short.
            return atEnd ? .unsure : .needsMore
        }
        return .done
    }

    /// The rows `find` prints, numbered as in the whole list, once the scan is `done`;
    /// `nil` when the full load would say more than the rows (two records share an id).
    package mutating func listing() -> RecordListing? {
        guard stage == .done else { return nil }
        let (kind, records) = builder.finish()
        for index in records.indices { ids.insert(records.id(at: index)) }
        guard !ids.mayRepeat() else { return nil }
        if let numbers {
            guard numbers.fit(count: recordCount) else { return nil }
            let listed = builtNumbers.indices.filter { numbers.contains(builtNumbers[$0]) }
            return RecordListing(
                kind: kind, records: records, positions: listed, numbers: listed.map { builtNumbers[$0] },
                emptyMessage: "No matches.")
        }
        guard recordCount > 0 else { return RecordListing(kind: kind, rows: [], emptyMessage: kind.emptyListMessage) }
        let found = RecordSearch(records).indices(containing: text)
        return RecordListing(
            kind: kind, records: records, positions: found, numbers: found.map { builtNumbers[$0] },
            emptyMessage: "No matches.")
    }

    /// Reads one record: passed over when it is plain and does not match (for `list`, is not
    /// listed), else built.
    private mutating func readRecord(_ scanner: inout JSONScanner) throws(FileFormatError) {
        let start = scanner.position
        let listed = numbers?.contains(recordCount + 1) ?? false
        if knowsKind, !listed, let id = plainRecordWithoutMatch(&scanner) {
            ids.insert(id)
            recordCount += 1
            return
        }
        scanner.position = start
        try JSONRecordReader.readRecord(&scanner, into: &builder, guesses: &readerGuesses)
        recordCount += 1
        builtNumbers.append(recordCount)
        if !knowsKind, let kind = builder.kind {
            keys = KindKeys(kind)
            knowsKind = true
        }
    }

    /// The id of the record at the scanner, leaving the scanner after it, when the record
    /// is plain and none of its texts holds the needle (for `list`, whatever they hold);
    /// otherwise `nil`, and the scanner anywhere in the record.
    private mutating func plainRecordWithoutMatch(_ scanner: inout JSONScanner) -> RecordID? {
        guard scanner.consume(UInt8(ascii: "{")), scanner.peekSignificant() == UInt8(ascii: "\"") else { return nil }
        var seen: UInt64 = 0
        var id: RecordID?
        var previous = KindKeys.opening
        while true {
            // The key that followed the previous one in the last record is compared whole first.
            let key: RecordBuilder.KnownKey?
            let guess = keyGuesses[previous]
            if scanner.peekSignificant() == UInt8(ascii: "\""),
                keys.isToken(guess, at: scanner.position, in: scanner.bytes)
            {
                scanner.position += keys.tokenLength(guess)
                key = KindKeys.key(ofSlot: guess)
                previous = guess
            } else {
                guard let keyRange = scanner.parseASCIIKey() else { return nil }
                key = keys.key(utf8: scanner.bytes.extracting(keyRange))
                guard let key else { return nil }
                let slot = KindKeys.slot(of: key)
                keyGuesses[previous] = slot
                previous = slot
            }
            switch key {
            case .id:
                guard seen & 1 == 0, let parsed = scanner.parseRecordID() else { return nil }
                seen |= 1
                id = parsed
            case .field(let index):
                let bit: UInt64 = 2 << UInt64(index)
                guard seen & bit == 0, keys.isText[index], scanner.peekSignificant() == UInt8(ascii: "\"") else {
                    return nil
                }
                seen |= bit
                // A `list` passes over any plain text: only the records it lists are built.
                if numbers != nil {
                    guard (try? scanner.parseUnescapedString()) != nil else { return nil }
                    break
                }
                guard
                    let text = try? scanner.parseUnescapedString(
                        lookingFor: needle.rare, rareIsLetter: needle.rareIsLetter)
                else { return nil }
                let value = scanner.bytes.extracting(text.range)
                if needle.isFound(in: value, ascii: text.ascii, holdsRare: text.holdsRare) { return nil }
            case nil:
                return nil
            }
            let more: Bool
            do throws(FileFormatError) { more = try scanner.continueObject() } catch { return nil }
            guard more else { return id }
        }
    }
}
