import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension Interactive {
    /// At the prompt, a command that waits for a FIFO's writer: Ctrl-C stops a sourced file
    /// that waits for its next line, and a signal that ends the program ends it at once during
    /// an import's wait, the journal written before the import.
    struct SourceWaitInterruptTests {
        /// A FIFO in `folder` opened for reading and writing by the test: the program's opening
        /// never waits, and its reads wait until the test writes or closes it.
        private static func heldFIFO(_ name: String, in folder: TemporaryFolder) throws -> (path: String, writer: Int32)
        {
            let path = folder.file(name)
            guard unsafe mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
            let writer = unsafe open(path, O_RDWR | O_CLOEXEC)
            guard writer >= 0 else { throw POSIXError(.EIO) }
            return (path, writer)
        }

        private static func write(_ text: String, to descriptor: Int32) {
            let bytes = Array(text.utf8)
            _ = unsafe bytes.withUnsafeBytes { unsafe Glibc.write(descriptor, $0.baseAddress, $0.count) }
        }

        @Test("Ctrl-C while a sourced FIFO waits for its next line stops it; its lines done stay, the prompt returns")
        func controlCStopsASourcedFileThatWaits() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people(["Ann", "Bo"], in: folder)
            // The writer stays open and writes nothing after the first line: the read would wait for ever.
            let fifo = try Self.heldFIFO("lines.fifo", in: folder)
            defer { close(fifo.writer) }
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("source \(fifo.path)\r")
            #expect(ScriptInterruptTests.waitUntilOpen(fifo.path, by: terminal.processIdentifier))
            Self.write("new Before\n", to: fifo.writer)
            #expect(terminal.waitFor("Before"))
            terminal.send(SIGINT)
            #expect(
                terminal.waitFor(
                    "Interrupted: source \(fifo.path) stopped at line 2; what the lines before it did stays"))
            #expect(terminal.waitFor("]* > "))
            terminal.type("list\r")
            #expect(terminal.waitFor("3  Before"))
            terminal.type("quit!\r")
            #expect(terminal.waitForExit() == 0)
        }

        @Test("a quit refused in a file sourced at the prompt stops the files; the prompt goes on")
        func refusedQuitInASourcedFileReturnsToThePrompt() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people(["Ann", "Bo"], in: folder)
            try "new Inner\nquit\nnew AfterQuit\n".write(
                toFile: folder.file("inner.txt"), atomically: true, encoding: .utf8)
            try "source ~/inner.txt\nnew AfterInner\n".write(
                toFile: folder.file("outer.txt"), atomically: true, encoding: .utf8)
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("source ~/outer.txt\r")
            #expect(terminal.waitFor("~/inner.txt:2: quit with 1 unsaved change to d.json"))
            #expect(terminal.waitFor("]* > "))
            terminal.type("list\r")
            #expect(terminal.waitFor("3  Inner"))
            #expect(terminal.waitFor("]* > "))
            #expect(!terminal.screenText.contains("AfterQuit"))
            #expect(!terminal.screenText.contains("AfterInner"))
            terminal.type("quit!\r")
            #expect(terminal.waitForExit() == 0)
        }

        @Test(
            "SIGTERM while an import at the prompt waits for its FIFO ends the program at once, the edits in the journal"
        )
        func sigtermEndsTheProgramWhileAnImportWaits() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people(["Ann", "Bo"], in: folder)
            let fifo = try Self.heldFIFO("people.csv", in: folder)
            defer { close(fifo.writer) }
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("new Cy\r")
            #expect(terminal.waitFor("d.json [3 Cy]* > "))
            terminal.type("import csv \(fifo.path)\r")
            #expect(ScriptInterruptTests.waitUntilOpen(fifo.path, by: terminal.processIdentifier))
            terminal.send(SIGTERM)
            #expect(terminal.waitForExit() == 128 + SIGTERM)
            #expect(terminal.screenText.contains("wait in the recovery journal"))
            let recovered = try ProgramRun.run(["--file", path, "-c", "recover", "-c", "changes"], folder: folder)
            #expect(recovered.standardOutput.contains("added    3: Cy"))
        }
    }
}
