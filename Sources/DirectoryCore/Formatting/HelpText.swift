/// The text of `help`, generated from `CommandTable`.
public enum HelpText {
    /// Every command with its usage and summary; commands for other kinds of list are left out.
    public static func overview(for kind: ListKind) -> String {
        let specs = CommandTable.all.filter { $0.kinds == nil || $0.kinds?.contains(kind.name) == true }
        let width = specs.map { DisplayWidth.of($0.usage) }.max() ?? 0
        var lines = ["Commands (one per line; 'help COMMAND' for more):"]
        for spec in specs {
            lines.append("  " + DisplayWidth.pad(spec.usage, to: width) + "  " + spec.summary)
        }
        lines.append(
            "Fields of \(article(kind.noun)) \(kind.noun): " + kind.fieldNames.joined(separator: ", ") + ".")
        lines.append("Lines starting with # are comments.")
        return lines.joined(separator: "\n")
    }

    /// Where `CommandTable`'s texts say the state folder is: the folder without `XDG_STATE_HOME`.
    public static let defaultStateFolder = "~/.local/state/directory"

    /// The usage, explanation and examples of one command; the state folder named as `stateFolder`.
    public static func details(
        of spec: CommandSpec, for kind: ListKind, stateFolder: String = defaultStateFolder
    ) -> String {
        var lines = ["usage: " + spec.usage, "", spec.details.replacing(defaultStateFolder, with: stateFolder)]
        if !spec.aliases.isEmpty {
            lines.append("Also: " + spec.aliases.joined(separator: ", ") + ".")
        }
        if spec.argument == .field {
            lines.append("")
            lines.append("Fields of \(article(kind.noun)) \(kind.noun):")
            let width = kind.fields.map { DisplayWidth.of($0.name) }.max() ?? 0
            for field in kind.fields {
                lines.append("  " + DisplayWidth.pad(field.name, to: width) + "  " + field.summary)
            }
        }
        if !spec.examples.isEmpty {
            lines.append("")
            lines.append("Examples:")
            lines += spec.examples.map { "  " + example($0, for: kind) }
        }
        return lines.joined(separator: "\n")
    }

    /// `a` or `an`, for a noun of this program (person, item).
    static func article(_ noun: String) -> String {
        "aeiou".contains(noun.first.map { Character($0.lowercased()) } ?? "x") ? "an" : "a"
    }

    /// An example written for people, in the words of `kind`'s list: bucket-list names and fields.
    static func example(_ line: String, for kind: ListKind) -> String {
        guard kind.name == ListKind.bucket.name else { return line }
        var text = line
        for (person, item) in bucketWords { text = text.replacing(person, with: item) }
        return text
    }

    /// The people in examples, and what a bucket list says instead.
    private static let bucketWords: [(String, String)] = [
        ("Briggs 413", "in the spring"), ("Joe Gregg", "Learn Swift"), ("Kurt Krebsbach", "Visit Kyoto"),
        ("O'Brien", "Run a marathon"), ("office", "note"), ("joe", "kyoto"), ("zoe", "swift"), ("briggs", "spring"),
        ("people.csv", "bucket.csv"), ("directory.plist", "bucketList.json"),
    ]
}
