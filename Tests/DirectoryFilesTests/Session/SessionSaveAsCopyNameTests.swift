import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// `save as` a conflict copy's name, on files: a list never saved has no file to compare the
/// name's list with, so its folder is compared (closing note 9, trialfix's leftovers).
@Suite("Session: save as a conflict copy's name, on files")
struct SessionSaveAsCopyNameTests {
    typealias Tests = SessionCopyMergeTests

    @Test("save as 'directory 2.json' from a list never saved warns, as it does from a saved one")
    func neverSavedListWarns() throws {
        let place = Tests.Place()
        defer { place.remove() }
        var session = try place.session()
        #expect(!place.exists(place.list))
        let output = Tests.text(try session.run("save as '\(place.folder)/sync/directory 2.json'"))
        #expect(output.contains("directory 2.json is named as iCloud Drive names a conflict copy"), "\(output)")
    }

    @Test("save as that name in another folder says nothing of copies")
    func otherFolderIsQuiet() throws {
        let place = Tests.Place()
        defer { place.remove() }
        try FileManager.default.createDirectory(atPath: place.folder + "/other", withIntermediateDirectories: true)
        var session = try place.session()
        let output = Tests.text(try session.run("save as '\(place.folder)/other/directory 2.json'"))
        #expect(!output.contains("conflict copy"), "\(output)")
    }
}
