import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// The log of a list's kept versions: steps bounded apart and dropped with their parents
/// handed on, copies' origins, and the log's lines (trial 8).
@Suite("KeptVersionLog: steps, copies and the log's lines")
struct KeptVersionLogTests {
    @Test("a step that drops out hands its parents to the version made from it, with the mark that it was lost")
    func droppedStepHandsOnItsParents() {
        var log = KeptVersionLog()
        log.versions = [
            KeptVersion(key: "v0"), KeptVersion(key: "s1", parents: ["v0"], isStep: true),
            KeptVersion(key: "s2", parents: ["s1"], isStep: true), KeptVersion(key: "a3", parents: ["s2"]),
        ]
        log.dropSteps(beyond: 1)
        #expect(log.versions.map(\.key) == ["v0", "s2", "a3"])
        #expect(log.versions[1].parents == ["v0", KeptVersion.lostStepMark + "s1"])
        log.dropSteps(beyond: 0)
        #expect(log.versions[1].parents == ["v0", KeptVersion.lostStepMark + "s1", KeptVersion.lostStepMark + "s2"])
        #expect(log.versions[1].lostSteps)
    }

    @Test("steps and copies do not push the list's own versions out, and a copy comes after the list's own newest")
    func stepsAndCopiesBoundedApart() {
        var log = KeptVersionLog()
        log.add(KeptVersion(key: "v0", parents: [KeptVersion.newFile]), limit: 2, copyLimit: 12)
        for number in 0..<12 { log.add(KeptVersion(key: "c\(number)", isCopy: true), limit: 2, copyLimit: 12) }
        #expect(log.versions.count == 13)
        #expect(log.versions.last?.after == "v0")
        log.versions[0].isStep = true
        log.add(KeptVersion(key: "a1", parents: ["v0"]), limit: 1)
        log.add(KeptVersion(key: "a2", parents: ["a1"]), limit: 1)
        #expect(log.versions.contains { $0.key == "v0" })
        #expect(!log.versions.contains { $0.key == "a1" })
    }

    @Test("a log with steps, copies and times is read back as written")
    func linesRoundTrip() throws {
        let folder = FileStoreTests.scratchFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var log = KeptVersionLog()
        log.location = "/tmp/directory.plist"
        log.versions = [
            KeptVersion(key: "v0", parents: [KeptVersion.newFile], kept: 100),
            KeptVersion(key: "s1", parents: ["v0"], isStep: true, kept: 130),
            KeptVersion(key: "c1", after: "s1", isCopy: true),
            KeptVersion(key: "a2", parents: ["s1", KeptVersion.undoneMark + "c1"], kept: 131),
        ]
        #expect(KeptVersionLog.write(log, to: folder + "/log.versions", folder: folder))
        #expect(KeptVersionLog.read(folder + "/log.versions") == log)
    }
}
