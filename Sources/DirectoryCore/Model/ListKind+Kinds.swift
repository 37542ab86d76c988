/// The kinds of record this program knows: the Directory app's people and the
/// Bucket List app's items.
extension ListKind {
    /// `Date.distantPast` as seconds since 2001-01-01 (0001-01-01T00:00:00Z).
    public static let distantPast: Double = -63_114_076_800

    /// A person in the Directory app: `Person(id, name, office)`.
    public static let person = ListKind(
        name: "person",
        noun: "person",
        pluralNoun: "people",
        fields: [
            Field(name: "name", type: .text, defaultValue: .text(""), summary: "the person's full name"),
            Field(name: "office", type: .text, defaultValue: .text(""), summary: "building and room, e.g. Briggs 413"),
        ],
        listColumns: [0, 1],
        emptyListMessage: "The directory is empty. Add someone with 'new NAME'.",
        samples: [
            [.text("Acacia Ackles"), .text("Steitz 131")],
            [.text("Joe Gregg"), .text("Briggs 413")],
            [.text("Kurt Krebsbach"), .text("Briggs 411")],
        ],
        defaultFileName: "directory.plist"
    )

    /// An item in the Bucket List app: `BucketItem(id, name, note, completedDate)`.
    public static let bucket = ListKind(
        name: "bucket",
        noun: "item",
        pluralNoun: "items",
        fields: [
            Field(name: "name", type: .text, defaultValue: .text(""), summary: "what you want to do"),
            Field(name: "note", type: .text, defaultValue: .text(""), summary: "a note about it"),
            Field(
                name: "completedDate", type: .date(unset: distantPast), defaultValue: .date(distantPast),
                summary: "when it was done: YYYY-MM-DD, an ISO 8601 date-time, 'today', or 'none'"),
        ],
        listColumns: [0, 2, 1],
        emptyListMessage: "Add your first bucket list item with 'new NAME'.",
        samples: [],
        defaultFileName: "bucketList.json"
    )

    /// Every known kind, in the order `--kind` lists them.
    public static let all: [ListKind] = [.person, .bucket]

    /// The kind called `name` (`person`, `bucket`; `people`, `bucketlist` and `item` too).
    public static func named(_ name: String) -> ListKind? {
        switch name.lowercased() {
        case "person", "people", "directory": return .person
        case "bucket", "bucketlist", "bucket-list", "item", "items": return .bucket
        default: return nil
        }
    }

    /// The other kind a record read as this kind belongs to, or `nil`: its keys this kind
    /// does not know (`extras`) hold every field of another kind that this one lacks (a
    /// bucket item's `note` and `completedDate` read as a person). A stray key of one such
    /// field is not enough: the apps write every field of every record.
    public func contradicted(byExtraKeys keys: [String]) -> ListKind? {
        Self.all.first { other in
            guard other.name != name else { return false }
            let own = other.fields.filter { fieldIndex(named: $0.name) == nil }
            return !own.isEmpty && own.allSatisfy { field in keys.contains(field.name) }
        }
    }

    /// The kind whose fields best match the keys of a record read from a file,
    /// or `nil` when no key but `id` is known to any kind.
    public static func detect(keys: [String]) -> ListKind? {
        var best: ListKind?
        var bestScore = 0
        for kind in all {
            // A field unique to one kind counts more than the shared `name`.
            var score = 0
            for key in keys where kind.fieldIndex(named: key) != nil {
                score += key == "name" ? 1 : 2
            }
            if score > bestScore {
                best = kind
                bestScore = score
            }
        }
        return best
    }
}
