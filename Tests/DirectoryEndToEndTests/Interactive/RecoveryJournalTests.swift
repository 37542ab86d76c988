import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension Interactive {
    /// An edit made at the prompt survives kill -9, SIGHUP and a live session next door,
    /// and comes back with `recover`.
    struct RecoveryJournalTests {
        static let prompt = "directory.plist > "
        static let changedPrompt = "directory.plist [4 Kim Tran]* > "

        /// A saved list, and a session on it that added Kim Tran (the prompt after it shows
        /// only once the journal is on disk).
        func sessionWithAnEdit(in folder: TemporaryFolder) throws -> PseudoTerminal {
            #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor(Self.prompt))
            terminal.type("new Kim Tran")
            terminal.press(.enter)
            #expect(terminal.waitFor(Self.changedPrompt))
            return terminal
        }

        func journals(in folder: TemporaryFolder) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: folder.file("state/directory/recovery"))) ?? []
        }

        @Test("an edit survives kill -9 and comes back with recover, then save")
        func anEditSurvivesKill9AndComesBackWithRecoverThenSave() throws {
            let folder = TemporaryFolder()
            do {
                let terminal = try sessionWithAnEdit(in: folder)
                terminal.send(SIGKILL)
                _ = terminal.waitForExit()
            }
            #expect(journals(in: folder).count == 1)
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("1 unsaved change to directory.plist from a session that ended"))
            #expect(terminal.waitFor("type 'recover'"))
            #expect(terminal.waitFor(Self.prompt))
            terminal.type("recover")
            terminal.press(.enter)
            #expect(terminal.waitFor("Recovered 1 change to directory.plist"))
            #expect(terminal.waitFor("directory.plist* > "))
            terminal.type("changes")
            terminal.press(.enter)
            #expect(terminal.waitFor("added    4: Kim Tran"))
            terminal.type("save")
            terminal.press(.enter)
            #expect(terminal.waitFor("Saved 4 people to directory.plist."))
            terminal.type("quit")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
            #expect(journals(in: folder).isEmpty)
            let listed = try ProgramRun.run(["-c", "find kim"], folder: folder)
            #expect(listed.standardOutput.contains("Kim Tran"))
        }

        @Test("SIGHUP exits 129, and a script recovers once, then finds nothing")
        func sighupExits129AndAScriptRecoversOnceThenFindsNothing() throws {
            let folder = TemporaryFolder()
            do {
                let terminal = try sessionWithAnEdit(in: folder)
                terminal.send(SIGHUP)
                #expect(terminal.waitForExit() == 129)
            }
            let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes", "-c", "save"], folder: folder)
            #expect(recovered.status == 0)
            #expect(recovered.standardError.contains("1 unsaved change to directory.plist from a session that ended"))
            #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
            let again = try ProgramRun.run(["-c", "recover", "-c", "list"], folder: folder)
            #expect(again.standardError == "")
            #expect(again.standardOutput.contains("Nothing to recover"))
            #expect(again.standardOutput.contains("4  Kim Tran"))
        }

        @Test("SIGTERM at the prompt exits 143 with the edit in the journal")
        func sigtermAtThePromptExits143WithTheEditInTheJournal() throws {
            let folder = TemporaryFolder()
            do {
                let terminal = try sessionWithAnEdit(in: folder)
                #expect(!terminal.isInOrdinaryMode)  // libedit's raw mode at the prompt
                terminal.send(SIGTERM)
                #expect(terminal.waitFor("wait in the recovery journal"))
                #expect(terminal.waitForExit() == 143)
                #expect(terminal.isInOrdinaryMode)
            }
            let recovered = try ProgramRun.run(["-c", "recover", "-c", "save"], folder: folder)
            #expect(recovered.status == 0)
            #expect(try ProgramRun.run(["-c", "find kim"], folder: folder).standardOutput.contains("Kim Tran"))
        }

        @Test("SIGTERM at the prompt ends directory alone, not the shell that ran it")
        func sigtermAtThePromptEndsDirectoryAloneNotTheShellThatRanIt() throws {
            let folder = TemporaryFolder()
            #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
            // A shell without job control runs directory in the shell's process group: a signal sent
            // to that group would end the shell too.
            let command = "'\(BuiltProgram.url.path)'; echo \"the shell went on after $?\""
            let terminal = try PseudoTerminal(["-c", command], program: "/bin/sh", folder: folder)
            #expect(terminal.waitFor(Self.prompt))
            terminal.type("new Kim Tran")
            terminal.press(.enter)
            #expect(terminal.waitFor(Self.changedPrompt))
            let children = terminal.children
            #expect(children.count == 1)
            for child in children { kill(child, SIGTERM) }
            #expect(terminal.waitFor("wait in the recovery journal"))
            #expect(terminal.waitFor("the shell went on after 143"))
            #expect(terminal.waitForExit() == 0)
        }

        @Test("a live session's journal is left alone, and quit! removes it")
        func aLiveSessionsJournalIsLeftAloneAndQuitBangRemovesIt() throws {
            let folder = TemporaryFolder()
            let terminal = try sessionWithAnEdit(in: folder)
            #expect(journals(in: folder).count == 1)
            let other = try ProgramRun.run(["-c", "recover"], folder: folder)
            #expect(other.standardError == "")
            #expect(other.standardOutput.contains("Nothing to recover"))
            #expect(journals(in: folder).count == 1)
            terminal.type("quit!")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
            #expect(journals(in: folder).isEmpty)
        }

        @Test("a damaged journal recovers what it can and says what it could not")
        func aDamagedJournalRecoversWhatItCanAndSaysWhatItCouldNot() throws {
            let folder = TemporaryFolder()
            do {
                let terminal = try sessionWithAnEdit(in: folder)
                terminal.type("new Lee Park")
                terminal.press(.enter)
                #expect(terminal.waitFor("directory.plist [5 Lee Park]* > "))
                terminal.send(SIGKILL)
                _ = terminal.waitForExit()
            }
            let names = journals(in: folder)
            #expect(names.count == 1)
            let path = folder.file("state/directory/recovery/" + (names.first ?? ""))
            let bytes = try #require(FileManager.default.contents(atPath: path))
            try bytes.dropLast(4).write(to: URL(fileURLWithPath: path))
            let recovered = try ProgramRun.run(["-c", "recover", "-c", "save"], folder: folder)
            #expect(recovered.status == 0)
            #expect(recovered.standardError.contains("Recovered 1 change"))
            #expect(recovered.standardError.contains("the journal was damaged: the last"))
            let listed = try ProgramRun.run(["-c", "list"], folder: folder).standardOutput
            #expect(listed.contains("Kim Tran"))
            #expect(!listed.contains("Lee Park"))
            #expect(journals(in: folder).isEmpty)
        }
    }
}
