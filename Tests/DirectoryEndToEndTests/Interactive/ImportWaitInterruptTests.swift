import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension Interactive {
    /// At the prompt, Ctrl-C while `import` waits for a FIFO's writer that has written part of
    /// the file and paused: the import stops at once, while the writer still holds the FIFO
    /// open, instead of once the writer closes; nothing is imported and the prompt goes on.
    struct ImportWaitInterruptTests {
        /// A FIFO in `folder` opened for reading and writing by the test, `text` written into it:
        /// the program's opening never waits, and its reads wait once they have read `text`.
        private static func heldFIFO(
            _ name: String, holding text: String, in folder: TemporaryFolder
        ) throws -> (path: String, writer: Int32) {
            let path = folder.file(name)
            guard unsafe mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
            let writer = unsafe open(path, O_RDWR | O_CLOEXEC)
            guard writer >= 0 else { throw POSIXError(.EIO) }
            let bytes = Array(text.utf8)
            _ = unsafe bytes.withUnsafeBytes { unsafe write(writer, $0.baseAddress, $0.count) }
            return (path, writer)
        }

        @Test("Ctrl-C while an import waits for its FIFO's writer stops it at once; nothing is imported")
        func controlCStopsAnImportWhoseWriterPauses() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people(["Ann", "Bo"], in: folder)
            // Half a JSON file, and the writer holds the FIFO open: the read would wait for ever.
            let fifo = try Self.heldFIFO(
                "people.json", holding: #"[{"firstName": "Imported", "lastName": "Half"}, {"firstName": "#,
                in: folder)
            defer { close(fifo.writer) }
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("import json \(fifo.path)\r")
            #expect(ScriptInterruptTests.waitUntilOpen(fifo.path, by: terminal.processIdentifier))
            terminal.send(SIGINT)
            try #require(terminal.waitFor("Interrupted: import json \(fifo.path) stopped; nothing changed."))
            #expect(terminal.waitFor("d.json > "))
            #expect(!terminal.screenText.contains("error"))
            terminal.type("list\r")
            #expect(terminal.waitFor("2  Bo"))
            #expect(terminal.waitFor("d.json > "))
            #expect(!terminal.screenText.contains("Imported"))
            terminal.type("quit\r")
            #expect(terminal.waitForExit() == 0)
        }
    }
}
