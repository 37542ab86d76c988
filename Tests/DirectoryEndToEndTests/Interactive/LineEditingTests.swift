import Foundation
import Testing

extension Interactive {
    /// Typing at the prompt: Tab completion, wide characters, Ctrl-C.
    struct LineEditingTests {
        @Test("Tab completes commands and fields, and wide characters edit as one")
        func tabCompletesCommandsAndFieldsAndWideCharactersEditAsOne() throws {
            let folder = TemporaryFolder()
            // LANG unset: the program must still switch to UTF-8, or libedit drops `ë`.
            let terminal = try PseudoTerminal(folder: folder, environment: ["LANG": nil])
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("ne")
            terminal.press(.tab)
            terminal.type("Zoë 高橋橋")
            terminal.press(.backspace)
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 Zoë 高橋; it is now current."))
            #expect(terminal.waitFor("directory.plist [4 Zoë 高橋]* > "))
            terminal.type("set off")
            terminal.press(.tab)
            terminal.type("Briggs 413")
            terminal.press(.enter)
            #expect(terminal.waitFor("office of person 4 set."))
            terminal.type("show")
            terminal.press(.enter)
            #expect(terminal.waitFor("\"Zoë 高橋\""))
            #expect(terminal.waitFor("\"Briggs 413\""))
        }

        @Test("Tab lists the candidates of an ambiguous prefix and completes record names")
        func tabListsTheCandidatesOfAnAmbiguousPrefixAndCompletesRecordNames() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("e")
            terminal.press(.tab)
            #expect(terminal.waitFor("edit    editor  export  exit\n"))
            #expect(terminal.waitFor("directory.plist > e"))
            terminal.type("dit jo")
            terminal.press(.tab)
            terminal.press(.enter)
            #expect(terminal.waitFor("\"Joe Gregg\""))
            #expect(terminal.waitFor("directory.plist [2 Joe Gregg] > "))
            terminal.type("save as " + folder.file("copy.plist"))
            terminal.press(.enter)
            #expect(terminal.waitFor("it is now the file.\ncopy.plist [2 Joe Gregg] > "))
            terminal.type("open " + folder.path + "/co")
            terminal.press(.tab)
            terminal.press(.enter)
            #expect(terminal.waitFor("Opened copy.plist: 3 people."))
        }

        @Test("Ctrl-C abandons the line and the program keeps running")
        func controlCAbandonsTheLineAndTheProgramKeepsRunning() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("garbage")
            // As a person would: the text is on the screen before Ctrl-C throws it away.
            #expect(terminal.waitFor("garbage"))
            terminal.press(.controlC)
            #expect(terminal.waitFor("^C\ndirectory.plist > "))
            terminal.press(.controlC)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("Kurt Krebsbach"))
            #expect(!terminal.screenText.contains("unknown command"))
            terminal.press(.controlD)
            #expect(terminal.waitForExit() == 0)
        }
    }
}
