import Foundation
import Testing

/// A save never replaces a file another program has open for writing: it waits, says for
/// whom, and refuses when the wait runs out, with the edits kept.
@Suite("Safety: a program that keeps the file open for writing")
struct OpenWriterTests {
    /// A shell that opens `path` for writing (`exec 3>>`, as a script doing read–sleep–write
    /// does) and keeps it open until a line arrives on its standard input.
    static func writer(_ path: String) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec 3>>\"$1\"; echo open; read line", "sh", path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // It has the file open once it says so.
        _ = output.fileHandleForReading.availableData
        return (process, input)
    }

    @Test("the save waits while the writer has the file open, names it after a second, and saves once it closes")
    func saveWaitsForTheWriter() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let (writer, input) = try Self.writer(path)
        let session = try LiveProgram(["--file", path], folder: folder)
        session.send("new From Session", "save")
        #expect(
            session.waitForErrors(containing: "open for writing by process \(writer.processIdentifier), sh"),
            "no word of the writer: \(session.standardError)")
        #expect(!session.standardError.contains("Saved"))
        try input.fileHandleForWriting.write(contentsOf: Data("done\n".utf8))
        writer.waitUntilExit()
        session.send("changes")
        #expect(session.waitForOutput(containing: "No unsaved changes."))
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try ConcurrentSessionTests.people(in: path).map(\.name).last == "From Session")
    }

    @Test(
        "a writer that never closes the file: the save is refused after 10 seconds, the file left and the edits kept"
    )
    func saveRefusedWhileWritten() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let before = FileManager.default.contents(atPath: path)
        let (writer, input) = try Self.writer(path)
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("done\n".utf8))
            writer.waitUntilExit()
        }
        let run = try ProgramRun.run(
            ["--file", path, "-c", "new From Session", "-c", "save", "-c", "changes"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("has had it open for writing for 10 seconds"), "\(run.standardError)")
        #expect(run.standardError.contains("your edits are kept"))
        #expect(run.standardOutput.contains("added    4: From Session"))
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}
