import Foundation
import Testing

@Suite("PostgreSQL: the interactive prompt on a database", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLPromptTests {
    @Test("before its next prompt, a session says how many people others changed since it read the directory")
    func othersChangesAnnounced() throws {
        let (_, uri, folder) = try PostgreSQLSessionTests.samples()
        let name = String(uri.split(separator: "?").first ?? "")
        let terminal = try PseudoTerminal([uri], folder: folder)
        #expect(terminal.waitFor("\(name) > "))
        let other = try ProgramRun.run(
            [uri, "-c", "edit 1", "-c", "set office Elsewhere", "-c", "new Newcomer", "-c", "save"], folder: folder)
        #expect(other.status == 0, "\(other.standardError)")
        // The notice comes when the server has passed it on: each empty line is a new prompt.
        let notice = "Others changed 2 people in \(name) since it was read; 'save' merges"
        let end = Date().addingTimeInterval(60)
        while !terminal.flatScreenText.contains(notice), Date() < end {
            terminal.press(.enter)
            #expect(terminal.waitFor("\(name) > "))
        }
        #expect(terminal.flatScreenText.contains(notice))
        terminal.type("save")
        terminal.press(.enter)
        #expect(terminal.waitFor("\(name) > "))
        terminal.type("list")
        terminal.press(.enter)
        #expect(terminal.waitFor("Newcomer"))
        #expect(terminal.waitFor("\(name) > "))
        // Its own save is not news, and what was merged is not said again.
        #expect(!terminal.screenText.contains("Others changed 3"))
        terminal.type("quit")
        terminal.press(.enter)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("a password typed in a URI stays out of the prompt and the history file")
    func passwordOutOfPromptAndHistory() throws {
        let cluster = try #require(TestCluster.shared)
        let (database, secret) = try cluster.databaseWithPassword("pa55-Secret")
        let folder = TemporaryFolder()
        let terminal = try PseudoTerminal([secret], folder: folder)
        let name = "postgresql://postgres@/\(database)"
        #expect(terminal.waitFor("\(name) has no directory tables yet: the list is empty; 'save' creates them."))
        #expect(terminal.waitFor("\(name) > "))
        #expect(!terminal.screenText.contains("pa55"))
        terminal.type("open \(secret)")
        terminal.press(.enter)
        #expect(terminal.waitFor("\(name) > "))
        terminal.type("quit")
        terminal.press(.enter)
        #expect(terminal.waitForExit() == 0)
        let history = try String(contentsOfFile: folder.file("state/directory/history"), encoding: .utf8)
        #expect(!history.contains("pa55"))
        #expect(history.contains("open\\040postgresql://postgres@/\(database)?host="))
    }
}
