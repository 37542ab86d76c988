/// What the messages of a file that is no list add about putting it right: the `import`
/// line that brings in a file named as CSV, TSV or vCard, and the key that a record
/// without an id lacks.
extension StorageError {
    /// "A CSV file is brought in with import, not opened: 'import csv a.csv' adds its records
    /// to the list that is open", for a file whose name ends as `import` reads it (`.csv`,
    /// `.tsv`, `.vcf`); `nil` for any other name. `instead` is what was asked of it: opened,
    /// merged.
    static func importHint(for path: String, instead: String = "opened") -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let format: ExchangeFormat
        var options = ExchangeOptions()
        let what: String
        switch name[name.index(after: dot)...].lowercased() {
        case "csv":
            (format, what) = (.csv, "A CSV file")
        case "tsv", "tab":
            (format, what) = (.csv, "A tab-separated file")
            options.separator = 0x09
        case "vcf", "vcard":
            (format, what) = (.vcard, "A vCard file")
        default:
            return nil
        }
        let command = CommandDescription.text(
            of: .importFile(format, path: QuotedValue.written(path), options: options))
        return
            "\(what) is brought in with import, not \(instead): '\(command)' adds its records to the list that is open"
    }

    /// How to give the records of a file without ids the key the apps need, in `format`'s own
    /// spelling, and for JSON that `import json` takes such records as they are.
    static func missingIDRemedy(format: FileFormat, path: String) -> String {
        let need =
            "Each record needs an 'id' key whose value is a UUID of its own, as the apps write them "
            + "(uuidgen prints a new one)"
        switch format {
        case .xmlPlist:
            return need + ": add <key>id</key><string>UUID</string> to each record's <dict> that lacks it"
        case .json:
            let command = CommandDescription.text(
                of: .importFile(.json, path: QuotedValue.written(path), options: ExchangeOptions()))
            return need + ": add \"id\": \"UUID\", to each record's {…} that lacks it. Or bring the records into "
                + "the list that is open with '\(command)', which gives each record without an id a new one"
        case .binaryPlist:
            return need
        }
    }
}
