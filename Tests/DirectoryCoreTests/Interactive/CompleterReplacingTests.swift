import Testing

@testable import DirectoryCore

extension Interactive {
    /// Tab completion of `refresh` and the forms that replace a file (`save! as PATH`, `export! FORMAT PATH`),
    /// which history expansion leaves alone.
    struct CompleterReplacingTests {
        private let completer = Completer(
            kind: .person, records: [],
            listFolder: { $0 == "." ? [FolderEntry(name: "dir.plist", isFolder: false)] : [] })

        @Test(
            "Tab completes refresh, save! as and export!",
            arguments: [
                ("refr", CompletionAction.replace(deleting: 0, inserting: "esh ")),
                ("help refr", .replace(deleting: 0, inserting: "esh ")),
                ("save! a", .replace(deleting: 0, inserting: "s ")),
                ("save! as di", .replace(deleting: 0, inserting: "r.plist ")),
                ("export! c", .replace(deleting: 0, inserting: "sv ")),
                ("export! v", .replace(deleting: 0, inserting: "card ")),
            ])
        func completes(line: String, expected: CompletionAction) {
            #expect(completer.complete(line).action == expected)
        }

        @Test("the bang forms are not history references", arguments: ["save! as x.plist", "export! csv x.csv"])
        func theBangFormsAreNotHistoryReferences(line: String) {
            #expect(HistoryExpansion.expand(line, entries: ["list"]) == .unchanged)
        }

        @Test("refresh is a command name but export! is not")
        func refreshIsACommandNameButExportBangIsNot() {
            #expect(completer.commandNames.contains("refresh"))
            #expect(!completer.commandNames.contains("export!"))
        }
    }
}
