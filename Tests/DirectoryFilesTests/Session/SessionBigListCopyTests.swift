import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// A copy of a list over `FileKeptVersions.largestVersion` merges without a base, and the
/// merge and `conflicts` say why (trial 9, finding 7).
@Suite("Session: a copy of a list too big for kept versions")
struct SessionBigListCopyTests {
    typealias Tests = SessionCopyMergeTests

    @Test("merge conflicts and conflicts say that versions of a list over 16 MiB are not kept, and what to do")
    func saysWhy() throws {
        let place = Tests.Place()
        defer { place.remove() }
        // Ann and Bob, then whitespace past the limit: a list no version of is kept.
        var bytes = try JSONEncoder().encode([Tests.ann, Tests.bob])
        bytes.append(Data(repeating: 0x20, count: FileKeptVersions.largestVersion))
        #expect(FileManager.default.createFile(atPath: place.list, contents: bytes))
        var session = try place.session()
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-040000-PHONE01.json"
        try place.write([Tests.with(Tests.ann, office: "A-phone"), Tests.bob], to: copy)
        let listed = Tests.text(try session.run("conflicts"))
        #expect(
            listed.contains("(no kept version to compare with, as versions of a list over 16 MiB are not kept: "),
            "\(listed)")
        do {
            let output = try session.run("merge conflicts")
            Issue.record("no conflict: \(output)")
        } catch let error as SessionError {
            #expect(
                error.message.contains(
                    "is one both could have come from (versions of a list over 16 MiB are not kept: each field "
                        + "that differs is a conflict; take the copy's values with the commands shown, as 'merge!' "
                        + "also takes back what was changed here since), so nothing was deleted"),
                "\(error.message)")
        }
    }
}
