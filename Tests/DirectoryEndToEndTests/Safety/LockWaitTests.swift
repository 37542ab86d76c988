import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Safety: a lock held forever does not hang a save")
struct LockWaitTests {
    /// Takes the `flock` a save takes, on `folder`, as another program holding it would.
    static func holdLock(on folder: String) -> Int32 {
        let descriptor = unsafe open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(flock(descriptor, LOCK_EX) == 0)
        return descriptor
    }

    /// Waits until `text` shows in what `read` returns; false after a generous deadline.
    static func waitFor(_ text: String, in read: () -> String) -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if read().contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    @Test("a save that cannot get the lock fails after a bounded wait, naming the holder; the edits are kept")
    func boundedWait() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let before = FileManager.default.contents(atPath: path)
        let program = try ConcurrentSessionTests.holdingSession(path, folder: folder, edits: "new Held")
        let lock = Self.holdLock(on: folder.path)
        program.send("save")
        let message = "another program (process \(getpid()), "
        #expect(Self.waitFor(message, in: { program.standardError }), "\(program.standardError)")
        #expect(
            program.standardError.contains(
                "directory: waiting for the lock on \(folder.path), held by process \(getpid()), "),
            "said while waiting, before failing")
        #expect(program.standardError.contains("has held the lock on its folder for 10 seconds"))
        #expect(program.standardError.contains("your edits are kept"))
        #expect(FileManager.default.contents(atPath: path) == before)
        flock(lock, LOCK_UN)
        close(lock)
        program.send("save")
        #expect(program.finish().status == 1, "the first save failed")
        #expect(try ConcurrentSessionTests.people(in: path).last?.name == "Held")
    }

    @Test("a script's edits are in the recovery journal before its save waits for the lock: kill -9 loses none")
    func journalWrittenBeforeTheWait() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let lock = Self.holdLock(on: folder.path)
        let program = try LiveProgram(["--file", path], folder: folder)
        // One write: the save is read with the edit, so the script's once-a-second journal
        // has not run when the save starts to wait (found trying it).
        program.send("new Waited For", "save")
        #expect(program.waitForErrors(containing: "waiting for the lock"), "\(program.standardError)")
        program.kill()
        flock(lock, LOCK_UN)
        close(lock)
        let recovered = try ProgramRun.run(["--file", path, "-c", "recover", "-c", "save"], folder: folder)
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(try ConcurrentSessionTests.people(in: path).last?.name == "Waited For", "\(recovered.standardOutput)")
    }

    @Test("Ctrl-C at the prompt cancels the wait for the lock; the edits are kept and save works later")
    func controlCCancels() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        let terminal = try PseudoTerminal(["--file", path], folder: folder)
        #expect(terminal.waitFor("people.json > "))
        terminal.type("new Waiting\r")
        #expect(terminal.waitFor("Waiting]* > "))
        let lock = Self.holdLock(on: folder.path)
        terminal.type("save\r")
        #expect(terminal.waitFor("save\n"))
        terminal.press(.controlC)
        #expect(terminal.waitFor("the wait for the lock on its folder was cancelled"))
        #expect(terminal.waitFor("Waiting]* > "))
        flock(lock, LOCK_UN)
        close(lock)
        terminal.type("save\r")
        #expect(terminal.waitFor("Waiting] > "))
        #expect(try SafetyFiles.names(in: path).last == "Waiting")
        terminal.press(.controlD)
        #expect(terminal.waitForExit() == 0)
    }
}
