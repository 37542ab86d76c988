import Testing

@testable import DirectoryCore

@Suite("Storage errors")
struct StorageErrorTests {
    @Test("a damaged file is named with its format in words, as the other messages name them")
    func corruptNamesTheFormatInWords() {
        let problem = FileFormatError("unexpected end", offset: 12)
        for (format, words) in [(FileFormat.binaryPlist, "binary plist"), (.xmlPlist, "XML plist"), (.json, "JSON")] {
            let message = StorageError.corrupt(path: "list.plist", format: format, problem).message
            #expect(message.hasPrefix("list.plist is not a valid \(words) list of records"), "\(message)")
        }
    }

    @Test(
        "a file that is no list (now), that keeps changing, or whose version was kept aside: the message says what to do",
        arguments: [
            (StorageError.emptyFile(path: "p.plist"), ["p.plist is empty (0 bytes)", "'save!'", "edits are kept"]),
            (.notAListNow(path: "p.plist", problem: "it is empty (0 bytes)"), ["held a list", "'save as PATH'"]),
            (.unsettled(path: "p.plist"), ["kept changing for 2 seconds", "try again"]),
            (.displacedVersionKept(path: "p.plist", kept: "p.plist.displaced-1-2"), ["kept as p.plist.displaced-1-2"]),
            (
                .lateWriteKept(path: "p.plist", kept: "p.plist.late-1-2"),
                ["was saved", "kept as p.plist.late-1-2", "merge conflicts"]
            ),
            (.lateWriteKept(path: "p.plist", kept: nil), ["was saved", "could not be copied"]),
        ])
    func noListMessages(error: StorageError, phrases: [String]) {
        for phrase in phrases { #expect(error.message.contains(phrase), "\(error.message)") }
    }

    @Test(
        "a file of no known format named as CSV, TSV or vCard is pointed at the import line that brings it in",
        arguments: [
            ("people.csv", "'import csv people.csv' adds its records to the list that is open"),
            ("dir/Sheet.TSV", "'import csv --separator tab dir/Sheet.TSV' adds"),
            ("contacts.vcf", "A vCard file is brought in with import, not opened: 'import vcard contacts.vcf'"),
            (" lead.csv", #"'import csv " lead.csv"' adds"#),
        ])
    func unknownFormatImportLine(path: String, phrase: String) {
        let message = StorageError.unknownFormat(path: path).message
        #expect(message.hasPrefix("\(path) is neither a property list nor JSON. The file was left untouched; "))
        #expect(message.contains(phrase), "\(message)")
    }

    @Test(
        "a merge of a file named as CSV, TSV or vCard gives the import line that brings it in; other names the rule",
        arguments: [
            ("/d/people.csv", "merged. A CSV file is brought in with import, not merged: 'import csv /d/people.csv'"),
            ("/d/Sheet.tsv", "not merged: 'import csv --separator tab /d/Sheet.tsv' adds its records to the list"),
            ("/d/notes.txt", "nothing was merged (a CSV or vCard file is brought in with 'import')"),
        ])
    func mergeImportLine(path: String, phrase: String) {
        let error = SessionError.mergeNotAList(
            path: StoreLocation.displayName(path), problem: "it is neither a property list nor JSON",
            importHint: StorageError.importHint(for: path, instead: "merged"))
        let name = StoreLocation.displayName(path)
        #expect(error.message.hasPrefix("\(name) cannot be merged: it is neither a property list nor JSON, so "))
        #expect(error.message.contains(phrase), "\(error.message)")
    }

    @Test("a file of no known format with any other name is not pointed at import", arguments: ["notes.plist", "csv"])
    func unknownFormatOtherNames(path: String) {
        #expect(
            StorageError.unknownFormat(path: path).message
                == "\(path) is neither a property list nor JSON. The file was left untouched; "
                + "use --file to work on another file")
    }

    @Test("a record without an id is answered with the key to add in the file's own format; JSON with import json")
    func missingIDRemedy() {
        let noID = FileFormatError.noID(record: 1)
        let xml = StorageError.corrupt(path: "t.plist", format: .xmlPlist, noID).message
        #expect(xml.contains("fix it, or use --file to work on another file. Each record needs an 'id' key"))
        #expect(xml.contains("add <key>id</key><string>UUID</string> to each record's <dict> that lacks it"))
        #expect(!xml.contains("import"), "import reads no property list")
        let json = StorageError.corrupt(path: "t.json", format: .json, noID).message
        #expect(json.contains(#"add "id": "UUID", to each record's {…} that lacks it"#))
        #expect(json.contains("'import json t.json', which gives each record without an id a new one"))
        let binary = StorageError.corrupt(path: "t.plist", format: .binaryPlist, noID).message
        #expect(binary.contains("Each record needs an 'id' key") && !binary.contains("import"))
        let other = StorageError.corrupt(path: "t.plist", format: .xmlPlist, FileFormatError("unexpected end")).message
        #expect(other.hasSuffix("fix or move it, or use --file to work on another file"))
        #expect(!other.contains("'id'"))
    }

    @Test("a record without an id is told apart wherever the reader placed the error")
    func noIDToldApart() {
        #expect(FileFormatError.noID(record: 12).isNoID)
        #expect(FileFormatError(FileFormatError.noID(record: 3).message, offset: 174).isNoID)
        #expect(!FileFormatError("record 1 has the key 'id' twice").isNoID)
    }
}
