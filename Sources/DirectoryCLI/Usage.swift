import CBuildCommit

/// The text of `directory --help` and `--version`.
enum Usage {
    /// The release, as CHANGELOG.md names it.
    static let release = "1.18.0"

    /// `--version`: the release and the commit the program was built from
    /// (`directory 1.1.0 (commit 1a2b3c4d5e6f)`), or "unknown commit" when the
    /// build was not told it (a plain `swift build`; see scripts/build-release).
    static var version: String {
        // CBuildCommit's string literal, NUL-terminated and never freed: a call into C no room owns.
        unsafe versionLine(commit: String(cString: directory_build_commit()))
    }

    /// The `--version` line for a build from `commit` ("" when unknown).
    static func versionLine(commit: String) -> String {
        "directory \(release) (" + (commit.isEmpty ? "unknown commit" : "commit " + commit) + ")"
    }

    static let text = """
        directory — keep a directory of people (or a bucket list) from the terminal

        usage: directory [options] [FILE]
               directory [options] -c COMMAND [-c COMMAND …]
               directory [options] -f SCRIPT
               COMMANDS | directory [options]

        At a terminal, directory is an interactive prompt with line editing and history.
        With input from a pipe or file, it runs one command per line.
        Type 'help' inside for the commands.

        options:
          --file PATH         the list to open (default: $XDG_DATA_HOME/directory/directory.plist,
                              or bucketList.json with --kind bucket); a postgresql:// URI
                              opens a directory kept in PostgreSQL (docs/postgresql.md)
          --kind KIND         person or bucket (default: what the file holds)
          -c, --command CMD   run CMD (repeatable), then exit; standard input is not read
          -f, --script FILE   run the commands in FILE (- for standard input), then exit
          --format FORMAT     how list, find and show print records: table, json or csv
          --color WHEN        colour tables and errors: auto (a terminal, unless NO_COLOR
                              is set or TERM is dumb), always or never
          --bail              stop at the first command that fails
          --autosave          save after every change
          --no-autosave       wait for save, even when the config file turns autosave on
          --no-pager          at the prompt, print long output directly instead of through
                              $PAGER (default: less), whatever the config file says
          --print-config      show the settings in effect and where each came from
          --completion SHELL  print the bash, zsh or fish completion script
          -h, --help          show this help
          --version           show the version

        Defaults for file, kind, format, autosave, color, history-size and pager
        (auto, always or off) can be set in
        $XDG_CONFIG_HOME/directory/config (else ~/.config/directory/config), one
        'key = value' a line; flags win. 'man directory' has the details.

        exit status: 0 all commands succeeded; 1 a command failed or changes were left
        unsaved; 2 the command line was wrong.
        """
}
