import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

@Suite("Recovery journals: the location a journal names")
struct RecoveryLocationTests {
    @Test("a database location loses its password")
    func aDatabaseLocationLosesItsPassword() {
        #expect(
            RecoveryLocation.of("postgresql://kim:s3cret@db.example.com:5432/people?sslmode=require")
                == "postgresql://db.example.com:5432/people?sslmode=require")
        #expect(RecoveryLocation.of("postgresql://db/people") == "postgresql://db/people")
        #expect(RecoveryLocation.hash("a").count == 16)
        #expect(RecoveryLocation.hash("a") != RecoveryLocation.hash("b"))
    }

    @Test("a link to the file, or to its folder, names the same list as the file (found trying it)")
    func aLinkNamesTheFile() throws {
        let folder = FileStoreTests.scratchFolder()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/view", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/real/directory.plist", contents: Data("[]".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/view/people.plist", withDestinationPath: "../real/directory.plist")
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: "real")
        let real = RecoveryLocation.of(folder + "/real/directory.plist")
        #expect(RecoveryLocation.of(folder + "/view/people.plist") == real)
        #expect(RecoveryLocation.of(folder + "/linked/directory.plist") == real)
        #expect(RecoveryLocation.of(folder + "/view/missing.plist").hasSuffix("/view/missing.plist"))
    }
}
