/// Describes one kind of record: its fields, defaults, sample data and how it
/// is listed. Every command works from a kind, so a new kind of list needs a
/// kind, not new commands.
public struct ListKind: Sendable, Equatable {
    /// The kind's name on the command line (`--kind person`).
    public let name: String
    /// What one record is called in messages ("person", "item").
    public let noun: String
    /// What several records are called ("people", "items").
    public let pluralNoun: String
    /// The fields, in the order records store their values.
    public let fields: [Field]
    /// The fields shown as columns by `list` and `find`, as indices into `fields`.
    public let listColumns: [Int]
    /// What `list` prints when there is nothing to list.
    public let emptyListMessage: String
    /// Records a new file starts with (the apps' sample data), as field values.
    public let samples: [[FieldValue]]
    /// The file name used when no file is given (`directory.plist`).
    public let defaultFileName: String

    /// Creates a kind.
    public init(
        name: String, noun: String, pluralNoun: String, fields: [Field], listColumns: [Int],
        emptyListMessage: String, samples: [[FieldValue]], defaultFileName: String
    ) {
        self.name = name
        self.noun = noun
        self.pluralNoun = pluralNoun
        self.fields = fields
        self.listColumns = listColumns
        self.emptyListMessage = emptyListMessage
        self.samples = samples
        self.defaultFileName = defaultFileName
    }

    /// The index of the field called `name` (exact match), if any.
    public func fieldIndex(named name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    /// The field names, in order.
    public var fieldNames: [String] { fields.map(\.name) }

    /// A record's values with every field at its default.
    public var defaultValues: [FieldValue] { fields.map { $0.defaultValue } }

    /// The field that `new NAME` fills in: the first text field.
    public var titleField: Int {
        fields.firstIndex { $0.type == .text } ?? 0
    }
}

/// One field of a `ListKind`.
public struct Field: Sendable, Equatable {
    /// What values the field holds.
    public enum ValueType: Sendable, Equatable {
        /// A string.
        case text
        /// A date; `unset` is the value that means "no date" (the bucket app's `Date.distantPast`).
        case date(unset: Double)
    }

    /// The key in files and the word in `set FIELD VALUE`.
    public let name: String
    /// What values the field holds.
    public let type: ValueType
    /// The value of a new record, and of a record whose file lacks the key.
    public let defaultValue: FieldValue
    /// One line for `help set`.
    public let summary: String

    /// Creates a field.
    public init(name: String, type: ValueType, defaultValue: FieldValue, summary: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// Whether this is a text field.
    public var isText: Bool { type == .text }
}
