/// What carries from one record of an XML property list to the next while its top array
/// is read (`XMLPlistRecordReader.readRecords`): the key tags of the kind, the keys of the
/// record before, and the texts made shared. None of it changes what a record reads as,
/// only how fast: a run started afresh at a record (a tail read on a thread of its own)
/// reads it as one that read every record before it.
struct XMLPlistRecordRun: Sendable {
    /// Why `readRecords` returned.
    enum Stop: Equatable {
        /// It read the top array's `</array>`.
        case arrayEnd
        /// It stopped at an element starting at or after the limit it was given.
        case limit
    }

    /// The `<key>` tags of the kind's keys, once the kind is known.
    var tags: XMLPlistKeyTags?
    /// The key codes of the last record's entries, in its order: each entry's key is tried
    /// first.
    var guesses: [Int] = []
    /// Text that repeats, made into one shared string.
    var strings = StringInterner()
}
