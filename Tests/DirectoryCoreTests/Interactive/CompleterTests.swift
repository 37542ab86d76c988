import Testing

@testable import DirectoryCore

extension Interactive {
    /// Tab completion: what is offered after each command, and what Tab does with it.
    struct CompleterTests {
        private static let people: [Record] = ["Acacia Ackles", "Joe Gregg", "Joan Baez", "Zoë 高橋"].enumerated().map {
            Record(id: RecordID(high: 1, low: UInt64($0.offset + 1)), values: [.text($0.element), .text("")])
        }

        private func completer(folders: [String: [FolderEntry]] = [:]) -> Completer {
            Completer(
                kind: .person, records: RecordList(Self.people), listFolder: { folders[$0] ?? [] },
                expandingTilde: { $0.hasPrefix("~/") ? "/home/me/" + $0.dropFirst(2) : $0 })
        }

        private func action(_ line: String, folders: [String: [FolderEntry]] = [:]) -> CompletionAction {
            completer(folders: folders).complete(line).action
        }

        @Test(
            "Tab completes the word before the cursor",
            arguments: [
                ("ne", CompletionAction.replace(deleting: 0, inserting: "w ")),
                ("  li", .replace(deleting: 0, inserting: "st ")),
                ("set na", .replace(deleting: 0, inserting: "me ")),
                ("set off", .replace(deleting: 0, inserting: "ice ")),
                ("help un", .replace(deleting: 0, inserting: "do ")),
                ("autosave o", .list(["on", "off"])),
                ("save a", .replace(deleting: 0, inserting: "s ")),
                ("edit Jo", .list(["Joe Gregg", "Joan Baez"])),
                ("edit joe", .replace(deleting: 3, inserting: "Joe Gregg ")),
                ("find zoe", .replace(deleting: 3, inserting: "Zoë 高橋 ")),
                ("delete 1,", .list(["1 Acacia Ackles", "2 Joe Gregg", "3 Joan Baez", "4 Zoë 高橋"])),
                ("delete 2 4", .replace(deleting: 0, inserting: " ")),
                ("xyz", .none),
                ("frobnicate x", .none),
                ("set name Jo", .list(["Joan Baez", "Joe Gregg"])),
                ("set name Joa", .replace(deleting: 0, inserting: "n Baez")),
                ("red", .replace(deleting: 0, inserting: "o ")),
                ("edi", .replace(deleting: 0, inserting: "t")),
                ("edit", .list(["edit", "editor"])),
                ("sort na", .replace(deleting: 0, inserting: "me ")),
                ("sort name d", .replace(deleting: 0, inserting: "esc ")),
                ("list 1", .replace(deleting: 0, inserting: " ")),
                ("editor 2-3,", .list(["1 Acacia Ackles", "2 Joe Gregg", "3 Joan Baez", "4 Zoë 高橋"])),
                ("move 4", .replace(deleting: 0, inserting: " ")),
                ("list Jo", .none),
                ("move ", .none),
                ("editor Jo", .list(["Joe Gregg", "Joan Baez"])),
            ])
        func tabCompletesTheWordBeforeTheCursor(line: String, expected: CompletionAction) {
            #expect(action(line) == expected)
        }

        @Test("an ambiguous command prefix lists the candidates")
        func anAmbiguousCommandPrefixListsTheCandidates() {
            #expect(action("e") == .list(["edit", "editor", "export", "exit"]))
            #expect(action("s") == .list(["set", "show", "sort", "save", "source"]))
        }

        @Test("command names come from the table, without bang forms or the other kind's commands")
        func commandNamesComeFromTheTableWithoutBangFormsOrOtherKindsCommands() {
            let names = completer().commandNames
            #expect(names.contains("ls") && names.contains("rm") && names.contains("history"))
            #expect(!names.contains("quit!") && !names.contains("?"))
            #expect(!names.contains("done"))
            let bucket = Completer(kind: .bucket, records: [], listFolder: { _ in [] })
            #expect(bucket.commandNames.contains("done"))
        }

        @Test("a common prefix longer than the word is inserted first")
        func aCommonPrefixLongerThanTheWordIsInsertedFirst() {
            let records = ["Joe Gregg", "Joe Greggson"].enumerated().map {
                Record(id: RecordID(high: 2, low: UInt64($0.offset)), values: [.text($0.element), .text("")])
            }
            let completer = Completer(kind: .person, records: RecordList(records), listFolder: { _ in [] })
            #expect(completer.complete("edit j").action == .replace(deleting: 1, inserting: "Joe Gregg"))
            #expect(completer.complete("edit Joe Gregg").action == .list(["Joe Gregg", "Joe Greggson"]))
        }

        @Test("paths are completed from the listed folder")
        func pathsAreCompletedFromTheListedFolder() {
            let folders = [
                ".": [
                    FolderEntry(name: "data", isFolder: true), FolderEntry(name: "dir.plist", isFolder: false),
                    FolderEntry(name: ".hidden", isFolder: false),
                ],
                "/home/me/": [FolderEntry(name: "Documents", isFolder: true)],
                "data/": [FolderEntry(name: "bucketList.json", isFolder: false)],
            ]
            #expect(action("open d", folders: folders) == .list(["data/", "dir.plist"]))
            #expect(action("open da", folders: folders) == .replace(deleting: 0, inserting: "ta/"))
            #expect(action("open data/b", folders: folders) == .replace(deleting: 0, inserting: "ucketList.json "))
            #expect(action("open ~/D", folders: folders) == .replace(deleting: 0, inserting: "ocuments/"))
            #expect(action("save as di", folders: folders) == .replace(deleting: 0, inserting: "r.plist "))
            #expect(action("open .h", folders: folders) == .replace(deleting: 0, inserting: "idden "))
            #expect(action("save bogus x", folders: folders) == .none)
        }

        @Test("import FORMAT and export FORMAT complete their options, the separator and then the path")
        func importAndExportCompleteThePath() {
            let folders = [
                ".": [FolderEntry(name: "data", isFolder: true), FolderEntry(name: "dir.csv", isFolder: false)],
                "data/": [FolderEntry(name: "people.csv", isFolder: false)],
            ]
            #expect(action("import cs", folders: folders) == .replace(deleting: 0, inserting: "v "))
            #expect(action("import csv di", folders: folders) == .replace(deleting: 0, inserting: "r.csv "))
            #expect(action("export! json data/p", folders: folders) == .replace(deleting: 0, inserting: "eople.csv "))
            #expect(action("import csv --pa", folders: folders) == .replace(deleting: 0, inserting: "rtial "))
            #expect(action("import csv --separator ta", folders: folders) == .replace(deleting: 0, inserting: "b "))
            #expect(
                action("import csv --partial --separator tab d", folders: folders) == .list(["data/", "dir.csv"]))
            #expect(action("format j") == .replace(deleting: 0, inserting: "son "))
            #expect(action("source di", folders: folders) == .replace(deleting: 0, inserting: "r.csv "))
        }
        @Test("dates complete to today after done, and to today or none after set")
        func datesCompleteToTodayAfterDoneAndToTodayOrNoneAfterSet() {
            let bucket = Completer(kind: .bucket, records: [], listFolder: { _ in [] })
            #expect(bucket.complete("done ").action == .replace(deleting: 0, inserting: "today "))
            #expect(bucket.complete("done to").action == .replace(deleting: 0, inserting: "day "))
            #expect(bucket.complete("done 2026").action == .none)
            #expect(bucket.complete("set completedDate ").action == .list(["today", "none"]))
            #expect(bucket.complete("set completedDate n").action == .replace(deleting: 0, inserting: "one "))
            #expect(bucket.complete("set completedDate 2026-").action == .none)
        }

        @Test("find FIELD: completes that field's values as set FIELD does")
        func findFieldCompletesThatFieldsValuesAsSetFieldDoes() {
            let records = [("Ann", "Briggs 413"), ("Bea", "Briggs 200"), ("Cy", "Annex")].enumerated().map {
                Record(
                    id: RecordID(high: 3, low: UInt64($0.offset)), values: [.text($0.element.0), .text($0.element.1)])
            }
            let completer = Completer(kind: .person, records: RecordList(records), listFolder: { _ in [] })
            #expect(completer.complete("find office:br").action == .replace(deleting: 2, inserting: "Briggs "))
            #expect(completer.complete("find office:Briggs ").action == .list(["Briggs 200", "Briggs 413"]))
            #expect(completer.complete("find office:Briggs 4").action == .replace(deleting: 0, inserting: "13"))
            #expect(completer.complete("find Office:Ann").action == .replace(deleting: 0, inserting: "ex"))
            // Not a field: the names, as for find TEXT.
            #expect(completer.complete("find an").action == .replace(deleting: 2, inserting: "Ann "))
            let bucket = Completer(kind: .bucket, records: [], listFolder: { _ in [] })
            #expect(bucket.complete("find completedDate:").action == .none)
        }
    }
}
