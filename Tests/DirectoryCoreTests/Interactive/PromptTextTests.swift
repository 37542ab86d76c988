import Testing

@testable import DirectoryCore

extension Interactive {
    /// The prompt shows the file, the current record and an unsaved-changes marker.
    struct PromptTextTests {
        @Test("the prompt shows the file, the current record and the unsaved marker")
        func thePromptShowsTheFileTheCurrentRecordAndTheUnsavedMarker() {
            #expect(PromptText.make(fileName: "directory.plist", current: nil, unsaved: false) == "directory.plist > ")
            #expect(PromptText.make(fileName: "directory.plist", current: nil, unsaved: true) == "directory.plist* > ")
            #expect(
                PromptText.make(fileName: "directory.plist", current: (4, "Joe Gregg"), unsaved: true)
                    == "directory.plist [4 Joe Gregg]* > ")
            #expect(PromptText.make(fileName: "b.json", current: (2, ""), unsaved: false) == "b.json [2] > ")
        }

        @Test("long names are shortened and control characters hidden")
        func longNamesAreShortenedAndControlCharactersHidden() {
            let long = String(repeating: "x", count: 40)
            let prompt = PromptText.make(fileName: "d.plist", current: (1, long), unsaved: false)
            #expect(prompt == "d.plist [1 " + String(repeating: "x", count: 23) + "…] > ")
            #expect(
                PromptText.make(fileName: "d.plist", current: (1, "a\nb\u{1B}"), unsaved: false) == "d.plist [1 a b] > "
            )
        }

        @Test("the prompt follows the session")
        func thePromptFollowsTheSession() throws {
            let folder = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
            var session = try Session(
                location: folder + "/directory.plist", kind: .person, store: MemoryStore(), environment: .fixed())
            #expect(PromptText.make(for: session) == "directory.plist > ")
            _ = try session.apply(.edit(.number(2)))
            #expect(PromptText.make(for: session) == "directory.plist [2 Joe Gregg] > ")
            _ = try session.apply(.set(field: "name", value: "Zoë 高橋"))
            #expect(PromptText.make(for: session) == "directory.plist [2 Zoë 高橋]* > ")
        }
    }
}
