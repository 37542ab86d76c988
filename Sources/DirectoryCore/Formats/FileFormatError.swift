/// What is wrong with the contents of a file, found while reading it.
///
/// Readers throw this without knowing the file's path; `StorageError` adds it.
public struct FileFormatError: Error, Equatable, Sendable {
    /// A plain, lower-case description: "expected ',' or ']' after an array element".
    public var message: String
    /// The byte offset where the problem was found, when there is one.
    public var offset: Int?

    /// Creates a format error.
    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    /// The message with the offset, e.g. "unterminated string (at byte 1043)".
    public var description: String {
        if let offset { return "\(message) (at byte \(offset))" }
        return message
    }
}
