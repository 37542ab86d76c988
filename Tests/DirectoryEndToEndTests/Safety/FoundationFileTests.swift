import Foundation
import Testing

/// A binary plist exactly as Foundation's `PropertyListEncoder` writes it, at a size past
/// any sharing limit: `save!` must leave its bytes as they are.
struct FoundationFileTests {
    /// The app's person, as it encodes itself.
    struct Person: Codable {
        var id: UUID
        var name: String
        var office: String
    }

    @Test("a file of 60,000 people that Foundation wrote is unchanged by save!")
    func aFoundationWrittenFileOf60000PeopleIsUnchangedBySaveBang() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.plist")
        let people = (0..<60_000).map { index in
            Person(id: UUID(), name: "Person \(index)", office: "Room \(index / 2)")
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let original = try encoder.encode(people)
        try original.write(to: URL(fileURLWithPath: path))
        let run = try ProgramRun.run([path, "-c", "save!"], folder: folder)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(saved.count == original.count)
        #expect(saved == original)
    }
}
