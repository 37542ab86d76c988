import Foundation
import Testing

@testable import DirectoryCore

@Suite("Record identifiers")
struct RecordIDTests {
    @Test("parses and prints UUIDs exactly as Foundation does")
    func matchesFoundation() throws {
        for _ in 0..<200 {
            let uuid = UUID()
            let id = try #require(RecordID(uuid.uuidString))
            #expect(id.description == uuid.uuidString)
            #expect(RecordID(uuid.uuidString.lowercased()) == id)
        }
    }

    @Test("rejects text that is not a UUID")
    func rejectsNonUUIDs() {
        for bad in [
            "", "123", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8XC36C-495A-93FC-0C247A3E6E5F",
            "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
        ] {
            #expect(RecordID(bad) == nil)
        }
    }

    @Test("rejects a wrong character at every position, in either case")
    func rejectsEachPosition() {
        let good = Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)
        for index in good.indices {
            for bad in Array("G/:@`gz -\u{7F}".utf8) + [0x00, 0x80, 0xC3, 0xFF] where bad != good[index] {
                var text = good
                text[index] = bad
                let parsed = RecordID(utf8: RawSpan(_elements: text.span))
                let isDigit = index != 8 && index != 13 && index != 18 && index != 23
                let stillValid = isDigit && bad == UInt8(ascii: "-") ? false : parsed != nil
                #expect(!stillValid, "byte \(bad) at \(index)")
            }
        }
    }

    @Test("random identifiers are version 4 and parse as Foundation UUIDs")
    func randomIsVersion4() throws {
        var generator = SystemRandomNumberGenerator()
        let id = RecordID.random(using: &generator)
        let uuid = try #require(UUID(uuidString: id.description))
        #expect(uuid.uuidString == id.description)
        #expect(Array(id.description)[14] == "4")
    }
}
