import Testing

@testable import DirectoryCore

@Suite("The warning of a list file that does not exist")
struct MissingFileWarningTests {
    @Test("a new file that starts with the samples is warned with how to start it empty, as the prompt says it")
    func samplesAndHowToStartEmpty() throws {
        let session = try Session.test(path: "/data/team.plist")
        #expect(
            session.missingFileWarning
                == "/data/team.plist does not exist: the session starts with 3 sample people (not saved; 'save' "
                + "creates the file with them; 'delete 1-3' first starts it empty)")
        #expect(Session.emptyStart(1) == "'delete 1' first starts it empty")
        #expect(session.missingFolderNote == nil, "a store without folders has none missing")
    }

    @Test("a new file that starts empty is warned only that save creates it")
    func emptyStart() throws {
        let session = try Session.test(path: "/data/bucketList.json")
        #expect(
            session.missingFileWarning
                == "/data/bucketList.json does not exist: the session starts with an empty list (not saved; "
                + "'save' creates the file)")
    }

    @Test("a file that exists is not warned about")
    func existingFile() throws {
        let store = MemoryStore()
        store.put("/data/team.plist", records: [])
        #expect(try Session.test(path: "/data/team.plist", store: store).missingFileWarning == nil)
    }
}
