/// The records `editor` wrote as text, and the text the editor gave back: what the
/// session compares to change the list.
public struct EditorSubmission: Equatable, Sendable {
    /// What was written.
    public var document: EditorDocument
    /// The text after editing.
    public var edited: String

    /// Pairs a document with its edited text.
    public init(document: EditorDocument, edited: String) {
        self.document = document
        self.edited = edited
    }
}

/// The text `editor` hands to the editor, and the records it holds.
public struct EditorDocument: Equatable, Sendable {
    /// The ids of the written records, in list order.
    public var ids: [RecordID]
    /// The text: a header line, then one record a line.
    public var text: String
    /// The command that asked for it, for `undo` and `changes`.
    public var references: [RecordReference]

    /// Creates a document.
    public init(ids: [RecordID], text: String, references: [RecordReference]) {
        self.ids = ids
        self.text = text
        self.references = references
    }
}
