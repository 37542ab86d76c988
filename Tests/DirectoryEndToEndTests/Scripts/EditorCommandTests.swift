import Foundation
import Testing

/// A stand-in for `$EDITOR`: a shell script written into a test folder.
struct StandInEditor {
    let path: String

    /// A script that runs `body` with `$1` the file to edit and `$DIR` the test folder.
    init(_ body: String, in folder: TemporaryFolder, name: String = "editor.sh") {
        path = folder.file(name)
        let script = "#!/bin/sh\nDIR='\(folder.path)'\nf=\"$1\"\n" + body + "\n"
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
    }
}

@Suite("End to end: editor")
struct EditorCommandTests {
    /// A saved list of P1…P`count` in Briggs 1…, in `folder`/d.json.
    func savedList(_ count: Int, in folder: TemporaryFolder) throws {
        try SavedList.people((1...count).map { "P\($0)" }, office: { "Briggs \($0)" }, in: folder)
    }

    func namesAndOffices(in folder: TemporaryFolder) throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: folder.file("d.json")))
        let people = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return people.map { "\($0["name"] ?? "") \($0["office"] ?? "")" }
    }

    @Test("an editor that changes, deletes, adds and moves lines: one change, one undo, redo, saved")
    func changeDeleteAddMove() throws {
        let folder = TemporaryFolder()
        try savedList(4, in: folder)
        let editor = StandInEditor(
            """
            cp "$f" "$DIR/seen.tsv"; stat -c %a "$f" > "$DIR/mode"; printf '%s' "$f" > "$DIR/path"
            { head -n 1 "$f"; grep '^P4' "$f"; grep '^P1' "$f" | sed 's/Briggs/Sloan/'; grep '^P3' "$f"
              printf 'Quinn\\tLab 9\\n'; } > "$DIR/new.tsv" && cat "$DIR/new.tsv" > "$f"
            """, in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "editor\nlist\nchanges\nundo\nchanges\nredo\nsave\n", folder: folder,
            environment: ["EDITOR": editor.path])
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let seen = try String(contentsOfFile: folder.file("seen.tsv"), encoding: .utf8)
        #expect(seen.hasPrefix("name\toffice\tid\nP1\tBriggs 1\t"))
        #expect(seen.split(separator: "\n").count == 5)
        #expect(try String(contentsOfFile: folder.file("mode"), encoding: .utf8) == "600\n")
        let temporary = try String(contentsOfFile: folder.file("path"), encoding: .utf8)
        #expect(!FileManager.default.fileExists(atPath: temporary), "the temporary file is removed")
        #expect(
            run.standardOutput.contains(
                "  1  P4     Briggs 4\n  2  P1     Sloan 1\n  3  P3     Briggs 3\n  4  Quinn  Lab 9\n"))
        #expect(run.standardOutput.contains("4 unsaved changes to d.json:\n"))
        #expect(run.standardOutput.contains("  deleted  P2, Briggs 2\n"))
        #expect(run.standardOutput.contains("No unsaved changes."))
        #expect(try namesAndOffices(in: folder) == ["P4 Briggs 4", "P1 Sloan 1", "P3 Briggs 3", "Quinn Lab 9"])
    }

    @Test("$VISUAL comes before $EDITOR, and a range writes just those records")
    func visualAndRange() throws {
        let folder = TemporaryFolder()
        try savedList(5, in: folder)
        let visual = StandInEditor("cp \"$f\" \"$DIR/seen.tsv\"", in: folder, name: "visual.sh")
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "editor 2-3 5\n", folder: folder,
            environment: ["VISUAL": visual.path, "EDITOR": "false"])
        #expect(run.status == 0)
        let seen = try String(contentsOfFile: folder.file("seen.tsv"), encoding: .utf8)
        #expect(seen.split(separator: "\n").map { $0.prefix(2) } == ["na", "P2", "P3", "P5"])
    }

    @Test("a broken text in a script: the command fails naming the line, and nothing changes")
    func brokenTextInAScript() throws {
        let folder = TemporaryFolder()
        try savedList(3, in: folder)
        let editor = StandInEditor(
            "sed -i 's/Briggs 1/Sloan 1/' \"$f\"; printf 'no tabs here\\n' >> \"$f\"", in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "editor\nchanges\n", folder: folder, environment: ["EDITOR": editor.path])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "directory: line 1: the edited text has a line that cannot be used, so nothing was changed:\n"
                + "  line 5: 1 column, but a record has 3 (name, office, id) separated by tabs, or 2 for a new "
                + "one without an id\n")
        #expect(run.standardOutput == "No unsaved changes.\n")
    }

    @Test("an editor that saves Latin-1: the lines that are not UTF-8 are named, and nothing changes")
    func latin1TextIsRefused() throws {
        let folder = TemporaryFolder()
        try SavedList.people(["Zoë Müller", "José"], office: { "Bâtiment \($0)" }, in: folder)
        let before = try #require(FileManager.default.contents(atPath: folder.file("d.json")))
        let editor = StandInEditor(
            "iconv -f utf-8 -t latin1 \"$f\" > \"$f.n\" && cat \"$f.n\" > \"$f\"; rm -f \"$f.n\"", in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "editor\nsave\n", folder: folder, environment: ["EDITOR": editor.path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("  line 2: not UTF-8 text"))
        #expect(run.standardError.contains("  line 3: not UTF-8 text"))
        #expect(!run.standardError.contains("line 1:  "))
        #expect(try #require(FileManager.default.contents(atPath: folder.file("d.json"))) == before)
    }

    @Test("an editor that adds a byte order mark: the text is read as if it had none")
    func byteOrderMarkIsDropped() throws {
        let folder = TemporaryFolder()
        try savedList(2, in: folder)
        let editor = StandInEditor(
            "{ printf '\\357\\273\\277'; sed 's/Briggs 1/Sloan 1/' \"$f\"; } > \"$f.n\" && cat \"$f.n\" > \"$f\"; rm -f \"$f.n\"",
            in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "editor\nsave\n", folder: folder, environment: ["EDITOR": editor.path])
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(try namesAndOffices(in: folder) == ["P1 Sloan 1", "P2 Briggs 2"])
    }

    @Test(
        "an editor started from a piped script does not eat the script's next lines",
        .enabled(if: ToolRun.exists("/usr/bin/setsid"), "setsid is not installed (util-linux)"))
    func editorDoesNotReadTheScript() throws {
        let folder = TemporaryFolder()
        try savedList(2, in: folder)
        let editor = StandInEditor("cat > /dev/null; sed -i 's/Briggs 1/Sloan 1/' \"$f\"", in: folder)
        // setsid: no controlling terminal, as in CI, so the editor's input is /dev/null.
        let run = try ToolRun.run(
            "/usr/bin/setsid",
            [
                "-w", "/bin/sh", "-c",
                "{ echo editor; yes '# more of the script than the program has read yet' | head -n 100000; "
                    + "echo 'list 1'; echo 'quit!'; } | \"$DIRECTORY\" --file d.json",
            ],
            in: folder, environment: ["EDITOR": editor.path])
        #expect(run.status == 0)
        #expect(run.standardOutput == "  1  P1  Sloan 1\n")
    }

    @Test("an editor that fails changes nothing and says which editor")
    func editorFails() throws {
        let folder = TemporaryFolder()
        try savedList(2, in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "editor\n", folder: folder, environment: ["EDITOR": "false"])
        #expect(run.status == 1)
        #expect(
            run.standardError == "directory: line 1: the editor 'false' exited with status 1, so nothing was changed\n")
    }

    @Test("with no terminal and no editor chosen, editor fails at once instead of starting vi")
    func noTerminalNoEditor() throws {
        let folder = TemporaryFolder()
        try savedList(2, in: folder)
        // setsid: a session of its own, so no controlling terminal; timeout: a started vi would wait forever.
        let run = try ToolRun.run(
            "/usr/bin/timeout",
            ["120", "/usr/bin/setsid", "-w", BuiltProgram.url.path, "--file", "d.json", "-c", "editor"],
            in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("there is no terminal for vi to run on; set VISUAL or EDITOR"))
        #expect(try namesAndOffices(in: folder) == ["P1 Briggs 1", "P2 Briggs 2"])
    }

    @Test("in a script, edit N makes the record current without printing it")
    func quietEdit() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "edit 2\nset office Sloan 1\nedit 3\nshow\nquit!\n", folder: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput.components(separatedBy: "Kurt Krebsbach").count == 2)
        #expect(!run.standardOutput.contains("Joe Gregg"))
    }

    @Test("in a pipe, long output is never paged")
    func noPagerInAPipe() throws {
        let folder = TemporaryFolder()
        try savedList(60, in: folder)
        let pager = StandInEditor("touch \"$DIR/paged\"; cat", in: folder, name: "pager.sh")
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "list\n", folder: folder, environment: ["PAGER": pager.path])
        #expect(run.status == 0)
        #expect(run.standardOutput.split(separator: "\n").count == 60)
        #expect(!FileManager.default.fileExists(atPath: folder.file("paged")))
    }
}
