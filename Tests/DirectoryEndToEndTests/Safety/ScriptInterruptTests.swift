import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) in a script ends it as SIGTERM does: its last edits, which the journal
/// (written at most a second apart) may not hold yet, are written to it first, and the exit
/// status is 130.
struct ScriptInterruptTests {
    @Test("SIGINT while an import waits for its FIFO ends the script, 130, and recover brings its edits back")
    func sigintWhileAScriptIsBusyJournalsItsEdits() throws {
        let (folder, live, writer) = try Self.paused(by: "import csv pause.csv")
        kill(live.processIdentifier, SIGINT)
        close(writer)  // the import's file ends; the script goes on to end as the signal asked
        let ended = live.finish()
        #expect(ended.status == 130)
        #expect(ended.standardError.contains("ended by a signal"))
        #expect(ended.standardError.contains("wait in the recovery journal"))
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
    }

    @Test("SIGINT while a script waits for input exits 130, its edits in the journal")
    func sigintWhileAScriptWaitsExits130() throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
        let live = try LiveProgram([], folder: folder)
        live.send("new Kim Tran", "list")
        #expect(live.waitForOutput(containing: "4  Kim Tran"))
        kill(live.processIdentifier, SIGINT)
        let ended = live.finish()
        #expect(ended.status == 130)
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "save"], folder: folder)
        #expect(recovered.status == 0)
        #expect(try ProgramRun.run(["-c", "find kim"], folder: folder).standardOutput.contains("Kim Tran"))
    }

    @Test("SIGINT while a sourced file waits for its next line ends the script at once, 130, that line not run")
    func sigintEndsAScriptWhileASourcedFileWaits() throws {
        let (folder, live, writer) = try Self.paused(by: "source pause.csv")
        kill(live.processIdentifier, SIGINT)
        #expect(Self.waitUntilDelivered(SIGINT, to: live.processIdentifier))
        // The line comes after the signal: the sourced file does not run it.
        let late = Array("new Late Person\n".utf8)
        #expect(unsafe late.withUnsafeBytes { unsafe write(writer, $0.baseAddress, $0.count) } == late.count)
        close(writer)  // were the line run, the sourced file would end after it, and so the script
        let ended = live.finish()
        #expect(ended.status == 130)
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
        #expect(!recovered.standardOutput.contains("Late Person"))
    }

    @Test("SIGTERM while a sourced file waits for its next line ends the script at once, its edits in the journal")
    func sigtermEndsAScriptWhileASourcedFileWaits() throws {
        // The writer stays open and writes nothing: the sourced read would wait for ever.
        let (folder, live, writer) = try Self.paused(by: "source pause.csv")
        defer { close(writer) }
        kill(live.processIdentifier, SIGTERM)
        let ended = live.finish()
        #expect(ended.status == 128 + SIGTERM)
        #expect(ended.standardError.contains("wait in the recovery journal"))
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
    }

    @Test("SIGTERM while an import waits for its FIFO's writer ends the script at once, its edits in the journal")
    func sigtermEndsAScriptWhileAnImportWaits() throws {
        // The writer stays open and writes nothing: the import's read would wait for ever.
        let (folder, live, writer) = try Self.paused(by: "import csv pause.csv")
        defer { close(writer) }
        kill(live.processIdentifier, SIGTERM)
        let ended = Self.finish(live)
        #expect(ended.status == 128 + SIGTERM)
        #expect(ended.standardOutput.contains("4  Kim Tran"))
        #expect(ended.standardError.contains("ended by a signal"))
        #expect(ended.standardError.contains("wait in the recovery journal"))
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
    }

    @Test("SIGTERM with a recovery journal that cannot be kept says the edits are lost, not that they wait in it")
    func sigtermWithoutAJournalSaysTheEditsAreLost() throws {
        // A state folder that is a file: the journal cannot be made, which a warning says at once.
        let folder = TemporaryFolder()
        let state = folder.file("state")
        _ = FileManager.default.createFile(atPath: state, contents: Data("x".utf8))
        let (_, live, writer) = try Self.paused(
            by: "source pause.csv", folder: folder, environment: ["XDG_STATE_HOME": state])
        defer { close(writer) }
        kill(live.processIdentifier, SIGTERM)
        let ended = Self.finish(live)
        #expect(ended.status == 128 + SIGTERM)
        #expect(ended.standardError.contains("the recovery journal in \(state)/directory/recovery is not kept"))
        #expect(
            ended.standardError.contains(
                "ended by a signal; the unsaved changes to directory.plist are lost: the recovery journal could not "
                    + "be kept"), "\(ended.standardError)")
        #expect(!ended.standardError.contains("wait in the recovery journal"))
    }

    @Test("kill -9 while an import waits for its FIFO loses nothing: the journal was written before the import")
    func kill9WhileAnImportWaitsLosesNothing() throws {
        let (folder, live, writer) = try Self.paused(by: "import csv pause.csv")
        defer { close(writer) }
        live.kill()
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
    }

    @Test("a second SIGINT ends a script at once where the first waits for a command that cannot stop")
    func secondSigintEndsAScriptAtOnce() throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
        let pause = folder.file("pause.fifo")
        #expect(unsafe mkfifo(pause, 0o600) == 0)
        // The writer stays open and writes nothing: the editor, reading the FIFO, never ends.
        let writer = unsafe open(pause, O_RDWR | O_CLOEXEC)
        #expect(writer >= 0)
        defer { withExtendedLifetime(folder) { _ = close(writer) } }  // the folder holds the program's output
        let editor = StandInEditor("echo started > \"$DIR/started\"; cat \"$DIR/pause.fifo\" > /dev/null", in: folder)
        let live = try LiveProgram([], folder: folder, environment: ["EDITOR": editor.path, "VISUAL": editor.path])
        live.send("new Kim Tran", "editor")
        let started = Date().addingTimeInterval(90)
        while Date() < started, !FileManager.default.fileExists(atPath: folder.file("started")) { usleep(1000) }
        #expect(FileManager.default.fileExists(atPath: folder.file("started")), "the editor never started")
        kill(live.processIdentifier, SIGINT)
        #expect(Self.waitUntilDelivered(SIGINT, to: live.processIdentifier))
        kill(live.processIdentifier, SIGINT)
        let ended = Self.finish(live)
        #expect(ended.status == 130)
        #expect(ended.standardError.contains("stopped by a second Ctrl-C"))
    }

    @Test("Ctrl-C stops a shell loop that runs scripts: the program ends by the signal, not with an exit status")
    func sigintStopsAShellLoop() throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
        let pause = folder.file("pause.fifo")
        #expect(unsafe mkfifo(pause, 0o600) == 0)
        let writer = unsafe open(pause, O_RDWR | O_CLOEXEC)
        #expect(writer >= 0)
        defer { close(writer) }
        // The first turn waits for more lines; the second (a program Ctrl-C did not stop,
        // or a shell that went on) ends at once, and the loop with it.
        let script = """
            for input in pause.fifo /dev/null; do
              "$DIRECTORY" < "$input"; echo "after $input: $?"
            done
            echo loop finished
            """
        let output = folder.file("loop.out")
        let environment = [
            "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "XDG_STATE_HOME": folder.file("state"),
            "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8", "DIRECTORY": BuiltProgram.url.path,
        ]
        // A shell as a terminal starts it: Ctrl-C not ignored, nothing blocked.
        let shell = try ChildProcess(
            ["/bin/bash", "-c", script], environment: environment, in: folder.path, output: .file(output),
            error: .descriptor(1), defaultSignals: true)
        let lines = Array("new Kim Tran\nlist\n".utf8)
        #expect(unsafe lines.withUnsafeBytes { unsafe write(writer, $0.baseAddress, $0.count) } == lines.count)
        let listed = Date().addingTimeInterval(90)
        while Date() < listed, !((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("Kim Tran") {
            usleep(5_000)
        }
        // Ctrl-C at a terminal: SIGINT to the whole foreground process group.
        kill(-shell.processIdentifier, SIGINT)
        #expect(shell.wait() == 128 + SIGINT)
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        #expect(printed.contains("4  Kim Tran"))
        #expect(printed.contains("ended by a signal"))
        #expect(!printed.contains("after "), "the shell went on after the program: \(printed)")
        #expect(!printed.contains("loop finished"))
    }

    /// A saved list, and a script that added Kim Tran, listed it and now runs `command`, which
    /// reads the FIFO `pause.csv`, whose writer the caller holds: `import csv pause.csv` waits
    /// inside a command after the edits (the lines came together, so no read of a line waited:
    /// the journal is written because the import reads a FIFO); `source pause.csv` waits for its
    /// next line, the journal written.
    static func paused(
        by command: String, folder: TemporaryFolder = TemporaryFolder(), environment: [String: String] = [:]
    ) throws -> (folder: TemporaryFolder, live: LiveProgram, writer: Int32) {
        #expect(try ProgramRun.run(["-c", "save"], folder: folder, environment: environment).status == 0)
        let pause = folder.file("pause.csv")
        #expect(unsafe mkfifo(pause, 0o600) == 0)
        // Opened read-write, the FIFO does not block this open, and the program's open finds a writer.
        let writer = unsafe open(pause, O_RDWR | O_CLOEXEC)
        #expect(writer >= 0)
        let live = try LiveProgram([], folder: folder, environment: environment)
        live.send("new Kim Tran", "list", command)
        // The command has the FIFO open once the lines before it ran.
        #expect(Self.waitUntilOpen(pause, by: live.processIdentifier), "\(command) never opened the FIFO")
        return (folder, live, writer)
    }

    /// Waits for `live` to end; should the signal sent not end it, the test fails (the program
    /// killed after 90 seconds) instead of waiting for ever.
    static func finish(_ live: LiveProgram) -> ProgramRun {
        let process = live.processIdentifier
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + 90) == .timedOut { kill(process, SIGKILL) }
        }
        let ended = live.finish()
        finished.signal()
        return ended
    }

    /// Waits until `process` has the file at `path` open (among its descriptors in /proc);
    /// false after 90 seconds or once it has ended.
    static func waitUntilOpen(_ path: String, by process: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(90)
        let folder = "/proc/\(process)/fd"
        while Date() < deadline {
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
            for descriptor in descriptors
            where (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + descriptor)) == path {
                return true
            }
            usleep(1000)
        }
        return false
    }

    /// Waits until `signal`, sent to `process`, is no longer pending (the kernel handed it to
    /// the handler), so that a second one is not merged with it; false after 90 seconds.
    static func waitUntilDelivered(_ signal: Int32, to process: Int32) -> Bool {
        let bit = UInt64(1) << UInt64(signal - 1)
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else {
                return false
            }
            let pending = status.split(separator: "\n").filter { $0.hasPrefix("SigPnd:") || $0.hasPrefix("ShdPnd:") }
                .compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
            if pending.count == 2, pending.allSatisfy({ $0 & bit == 0 }) { return true }
            usleep(1000)
        }
        return false
    }
}
