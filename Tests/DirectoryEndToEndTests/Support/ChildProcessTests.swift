import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The programs the tests start inherit nothing of the test run's but their standard
/// streams, and a program that never ends fails its test instead of the test run.
@Suite("ChildProcess: what a test's program inherits, and how long a test waits for it")
struct ChildProcessTests {
    /// The descriptors a shell has open (listed by `ls` for it), started by `spawn` with a
    /// pipe of the test's open and inheritable, as Foundation's `Process` leaves the socket
    /// that tells it of an exit. `spawn` runs the script it is given and returns its output.
    static func descriptorsOfAChild(spawn: (String) throws -> String) throws -> [String] {
        var ends: [Int32] = [0, 0]
        try #require(unsafe pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        return try spawn("ls /proc/$$/fd").split(separator: "\n").map(String.init).sorted()
    }

    @Test("a program started for a test has only its three standard streams open")
    func aChildHasOnlyItsStandardStreams() throws {
        let folder = TemporaryFolder()
        let listed = try Self.descriptorsOfAChild { script in
            let listing = folder.file("descriptors")
            let status = try ChildProcess(
                ["/bin/sh", "-c", script], environment: ["PATH": "/usr/bin:/bin"], output: .file(listing)
            ).wait()
            #expect(status == 0)
            return try String(contentsOfFile: listing, encoding: .utf8)
        }
        #expect(listed == ["0", "1", "2"])
    }

    @Test("a tool run for a test has only its three standard streams open")
    func aToolHasOnlyItsStandardStreams() throws {
        let folder = TemporaryFolder()
        let listed = try Self.descriptorsOfAChild { script in
            let run = try ToolRun.run("/bin/sh", ["-c", script], in: folder)
            #expect(run.status == 0)
            return run.standardOutput
        }
        #expect(listed == ["0", "1", "2"])
    }

    @Test("a program that does not end in time is killed, and its test fails naming it")
    func aProgramThatDoesNotEndIsKilled() throws {
        let child = try ChildProcess(["/bin/sleep", "1000"], environment: [:])
        var status: Int32 = -1
        withKnownIssue {
            status = child.wait(limit: 0.2)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("killed after 0 s without ending: /bin/sleep 1000") }
        }
        #expect(status == 128 + SIGKILL)
        #expect(!child.isRunning)
    }

    @Test("the status is the exit status, or 128 + the signal that ended the program, as a shell says")
    func statusIsTheExitStatusOrTheSignal() throws {
        #expect(try ChildProcess(["/bin/sh", "-c", "exit 7"], environment: [:]).wait() == 7)
        #expect(try ChildProcess(["/bin/sh", "-c", "kill -KILL $$"], environment: [:]).wait() == 128 + SIGKILL)
        let terminated = try ChildProcess(["/bin/sh", "-c", "kill -TERM $$"], environment: [:], defaultSignals: true)
        #expect(terminated.wait() == 128 + SIGTERM)
    }
}
