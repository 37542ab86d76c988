import Foundation
import Testing

extension Interactive {
    /// Keys that arrive in one read (typed fast, over ssh, on a busy machine, pasted without
    /// brackets) edit the line as they do typed one at a time: each is written to the terminal
    /// in one write, with the Enter that runs the line.
    struct KeysTogetherTests {
        /// Keys sent together, the `~/.editrc` they are read with, and the name the line adds.
        struct Case: CustomTestStringConvertible, Sendable {
            let editrc: String
            let keys: String
            let name: String
            var testDescription: String { (editrc + keys).debugDescription }
        }

        static let cases: [Case] = [
            // vi's r on the second 👩‍💻 after typing it: it used to leave `Q‍💻` in the line.
            Case(editrc: "bind -v\n", keys: "new 👩‍💻👩‍💻z\u{1B}hrQ", name: "👩‍💻Qz"),
            Case(editrc: "bind -v\n", keys: "new 👩‍💻👩‍💻z\u{1B}hrQhdl", name: "Qz"),
            Case(editrc: "bind -v\n", keys: "new a👩‍💻b🇯🇵c\u{1B}hxhX", name: "abc"),
            // Ctrl-D on 👩‍💻 after Left, Left.
            Case(editrc: "", keys: "new a👩‍💻b\u{1B}[D\u{1B}[D\u{04}", name: "ab"),
        ]

        @Test("keys that arrive in one read take whole characters, as when typed one at a time", arguments: cases)
        func keysInOneReadTakeWholeCharacters(_ keys: Case) throws {
            let folder = TemporaryFolder()
            try keys.editrc.write(toFile: folder.file(".editrc"), atomically: true, encoding: .utf8)
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type(keys.keys + "\r")
            #expect(terminal.waitFor("Added person 4 \(keys.name); it is now current."))
        }
    }
}
