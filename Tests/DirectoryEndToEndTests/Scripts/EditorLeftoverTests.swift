import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `editor`'s text is made in the recovery folder, named by the list and the process, so that a
/// session killed while the editor runs leaves it where the next start names it (vim's swap file,
/// in a small way); an `editor` that finishes removes it.
@Suite("End to end: editor text after a killed session")
struct EditorLeftoverTests {
    /// Waits until `path` exists; false after `timeout` seconds.
    func waitForFile(_ path: String, timeout: Double = 90) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(5_000)
        }
        return false
    }

    @Test("killed while the editor runs: the next start names the text's file, which stays")
    func killedSessionLeavesTheText() throws {
        let folder = TemporaryFolder()
        try SavedList.people(["P1", "P2"], office: { "Briggs \($0)" }, in: folder)
        let release = folder.file("release.fifo")
        #expect(unsafe mkfifo(release, 0o600) == 0)
        // The editor changes the text, says where it is, then waits for the test.
        let editor = StandInEditor(
            """
            sed 's/Briggs 1/Edited 1/' "$f" > "$DIR/new.tsv" && cat "$DIR/new.tsv" > "$f"
            printf '%s' "$f" > "$DIR/path.tmp" && mv "$DIR/path.tmp" "$DIR/path"
            cat "$DIR/release.fifo" > /dev/null
            """, in: folder)
        let live = try LiveProgram(["--file", "d.json"], folder: folder, environment: ["EDITOR": editor.path])
        live.send("editor")
        #expect(waitForFile(folder.file("path")))
        let path = try String(contentsOfFile: folder.file("path"), encoding: .utf8)
        #expect(path.hasPrefix(folder.file("state/directory/recovery/")))
        // The editor, still running without its session, is let go before the session is waited
        // for: Foundation sees a child end when every holder of its end of a pipe is gone, and the
        // editor holds one.
        kill(live.processIdentifier, SIGKILL)
        let writer = unsafe open(release, O_WRONLY | O_CLOEXEC)
        close(writer)
        live.kill()
        let next = try ProgramRun.run(["--file", "d.json", "-c", "list"], folder: folder)
        #expect(next.standardError.contains("an 'editor' of d.json did not finish"))
        #expect(next.standardError.contains(path))
        #expect(next.standardError.split(separator: "\n").count == 1)
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept.contains("Edited 1"))
        #expect(next.standardOutput.contains("Briggs 1"))  // the list as saved
    }

    @Test("an editor that finishes leaves nothing, and the next start says nothing")
    func finishedEditorLeavesNothing() throws {
        let folder = TemporaryFolder()
        try SavedList.people(["P1", "P2"], office: { "Briggs \($0)" }, in: folder)
        let editor = StandInEditor(#"printf '%s' "$f" > "$DIR/path""#, in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json", "-c", "editor"], folder: folder, environment: ["EDITOR": editor.path])
        #expect(run.status == 0)
        let path = try String(contentsOfFile: folder.file("path"), encoding: .utf8)
        #expect(path.hasPrefix(folder.file("state/directory/recovery/")))
        #expect(!FileManager.default.fileExists(atPath: path))
        let next = try ProgramRun.run(["--file", "d.json", "-c", "list"], folder: folder)
        #expect(next.standardError == "")
    }
}
