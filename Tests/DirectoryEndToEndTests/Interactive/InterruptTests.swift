import DirectoryCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension Interactive {
    /// Ctrl-C during a long command at the prompt: the command stops with one line and changes
    /// nothing; `source` stops between lines, keeping the lines done. Each test makes the
    /// interrupt land at a known point: the command reads a FIFO the test holds open, so it
    /// waits there until the test has sent SIGINT (what the terminal sends for Ctrl-C; `kill`
    /// makes it pending at once, before the test writes the input that lets the command go on).
    struct InterruptTests {
        /// A FIFO at `path`, opened for reading and writing by the test: the program's opening
        /// never waits, and its reads wait until the test writes or closes.
        private final class HeldFIFO {
            let path: String
            let descriptor: Int32

            init(_ path: String) throws {
                self.path = path
                guard unsafe mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
                descriptor = unsafe open(path, O_RDWR | O_CLOEXEC)
                guard descriptor >= 0 else { throw POSIXError(.EIO) }
            }

            func write(_ text: String) {
                let bytes = Array(text.utf8)
                _ = unsafe bytes.withUnsafeBytes { unsafe Glibc.write(descriptor, $0.baseAddress, $0.count) }
            }

            func close() { _ = Glibc.close(descriptor) }
        }

        /// Waits until the program `pid` has `path` open (one of its descriptors links to it).
        private func waitUntilOpen(_ path: String, by pid: pid_t) -> Bool {
            let end = Date().addingTimeInterval(PseudoTerminal.deadline)
            while Date() < end {
                let folder = "/proc/\(pid)/fd"
                let links = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                for link in links
                where (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + link)) == path {
                    return true
                }
                usleep(10_000)
            }
            return false
        }

        @Test("Ctrl-C stops a sourced file between lines: the lines done stay, typed-ahead input is kept")
        func controlCStopsASourcedFileBetweenLines() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people(["Ann", "Bo"], in: folder)
            let fifo = try HeldFIFO(folder.file("lines.fifo"))
            defer { fifo.close() }
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("source \(fifo.path)\r")
            #expect(waitUntilOpen(fifo.path, by: terminal.processIdentifier))
            fifo.write("new Before\n")
            #expect(terminal.waitFor("Before"))
            // While the command runs, a Ctrl-C does not throw away what was typed ahead.
            #expect(terminal.localModes & tcflag_t(NOFLSH) != 0)
            terminal.type("list 1-5\r")
            terminal.send(SIGINT)
            fifo.write("new After\nnew Later\n")
            #expect(
                terminal.waitFor("Interrupted: source \(fifo.path) stopped at line 2; what the lines before it did"))
            // The line typed ahead runs at the prompt, on the list as the interrupt left it.
            #expect(terminal.waitFor("list 1-5"))
            #expect(terminal.waitFor("Bo"))
            #expect(terminal.waitFor("Before"))
            #expect(terminal.waitFor("]* > "))
            #expect(!terminal.screenText.contains("After"))
            terminal.type("undo\r")
            #expect(terminal.waitFor("Undid 'new Before'."))
            terminal.type("changes\r")
            #expect(terminal.waitFor("No unsaved changes"))
        }

        @Test("Ctrl-C in a file sourced by a sourced file stops both")
        func controlCStopsNestedSources() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people(["Ann", "Bo"], in: folder)
            let fifo = try HeldFIFO(folder.file("inner.fifo"))
            defer { fifo.close() }
            let outer = folder.file("outer.txt")
            try "new Outer\nsource \(fifo.path)\nnew NeverOuter\n".write(
                toFile: outer, atomically: true, encoding: .utf8)
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("source \(outer)\r")
            #expect(waitUntilOpen(fifo.path, by: terminal.processIdentifier))
            fifo.write("new Before\n")
            #expect(terminal.waitFor("Before"))
            terminal.send(SIGINT)
            fifo.write("new After\n")
            #expect(
                terminal.waitFor("Interrupted: source \(outer) stopped at line 2; what the lines before it did stays"))
            #expect(terminal.waitFor("]* > "))
            terminal.type("list\r")
            #expect(terminal.waitFor("Outer"))
            #expect(terminal.waitFor("Before"))
            #expect(terminal.waitFor("]* > "))
            #expect(!terminal.screenText.contains("After"))
            #expect(!terminal.screenText.contains("NeverOuter"))
            #expect(!terminal.screenText.contains("error"))
        }

        @Test("Ctrl-C stops an import: one line says so and nothing changed, the undo history included")
        func controlCStopsAnImport() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people(["Ann", "Bo"], in: folder)
            let fifo = try HeldFIFO(folder.file("people.csv"))
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("new Cy\r")
            #expect(terminal.waitFor("d.json [3 Cy]* > "))
            terminal.type("import csv \(fifo.path)\r")
            #expect(waitUntilOpen(fifo.path, by: terminal.processIdentifier))
            fifo.write("name,office\n" + (1...100).map { "Imported \($0),Room \($0)\n" }.joined())
            terminal.send(SIGINT)
            fifo.close()
            #expect(terminal.waitFor("Interrupted: import csv \(fifo.path) stopped; nothing changed."))
            #expect(terminal.waitFor("d.json [3 Cy]* > "))
            #expect(!terminal.screenText.contains("error"))
            terminal.type("undo\r")
            #expect(terminal.waitFor("Undid 'new Cy'."))
            terminal.type("list\r")
            #expect(terminal.waitFor("Bo"))
            #expect(terminal.waitFor(" > "))
            #expect(!terminal.screenText.contains("Imported 1"))
        }
    }
}
