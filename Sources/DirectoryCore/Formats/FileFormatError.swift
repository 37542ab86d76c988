/// What is wrong with the contents of a file, found while reading it.
///
/// Readers throw this without knowing the file's path; `StorageError` adds it.
public struct FileFormatError: Error, Equatable, Sendable {
    /// A plain, lower-case description: "expected ',' or ']' after an array element".
    public var message: String
    /// The byte offset where the problem was found, when there is one.
    public var offset: Int?
    /// The key of a record whose value is wrong (`'name' is an integer, expected a string`), so
    /// that a reader that knows only where the record starts can point at the value instead.
    /// Not part of what the error says: two errors with the same message and offset are equal.
    var key: String?

    /// Creates a format error.
    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    /// A format error about the value of `key`.
    init(_ message: String, key: String) {
        self.message = message
        self.key = key
    }

    /// Record `number` has no `id` key, which every record of the apps' files has.
    static func noID(record number: Int) -> FileFormatError {
        FileFormatError("record \(number) has no 'id'")
    }

    /// Whether this is `noID(record:)`, wherever a reader placed it: what is wrong is said
    /// by the message alone, so it is told by the message.
    var isNoID: Bool {
        message.hasPrefix("record ") && message.hasSuffix(" has no 'id'")
    }

    /// Whether the two say the same: the message and the offset (`key` is a hint for readers).
    public static func == (left: FileFormatError, right: FileFormatError) -> Bool {
        left.message == right.message && left.offset == right.offset
    }

    /// The message with the offset, e.g. "unterminated string (at byte 1043)".
    public var description: String {
        if let offset { return "\(message) (at byte \(offset))" }
        return message
    }
}
