import CLibEdit
import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// SIGHUP (the terminal or SSH connection went away) and SIGTERM, and in a script SIGINT
/// (Ctrl-C): the program ends by the signal (a shell's status 128 + the signal), its unsaved
/// changes waiting in the recovery journal (at the prompt, Ctrl-C stops the command instead: `interruption`).
///
/// While it waits for input with the journal written, a signal ends it at once (the
/// terminal restored); during a command, it ends once the command is done and the
/// journal is written (`status(ending:)`).
enum Termination {
    /// Whether the command running should stop where it safely can, as the core asks it
    /// (`SessionEnvironment.interruption`): Ctrl-C at the prompt (the flag the line editor's
    /// SIGINT handler sets, cleared as each line is read), or a signal that ends the program
    /// (SIGHUP, SIGTERM, Ctrl-C in a script), so that a long `sort`, `import` or `source`
    /// does not hold the end back: nothing of the stopped command is kept, and the journal
    /// then holds the changes made before it.
    static let interruption = Interruption {
        clibedit_interrupt_requested() != 0 || clibedit_termination_signal() != 0
    }

    /// Starts catching the signals; `inScript`, SIGINT too, since a script has no prompt to
    /// go back to: its last edits (the journal is written at most a second apart) reach the
    /// journal before it ends, instead of dying with them.
    static func catchSignals(inScript: Bool) {
        clibedit_catch_termination()
        if inScript { clibedit_catch_script_interrupt() }
    }

    /// The signal received during a command, if any.
    static var signal: Int32? {
        let signal = clibedit_termination_signal()
        return signal == 0 ? nil : signal
    }

    /// Runs `read` (which waits for input) so that a signal ends the program at once, when
    /// `session` has written its journal; a signal already received ends it before reading.
    static func waiting<Result>(for session: Session, _ read: () -> Result) -> Result {
        guard !session.hasPendingRecovery else { return read() }
        if session.hasUnsavedChanges {
            // The C side copies the message (for its signal handler) during the call.
            unsafe clibedit_set_exit_message(message(for: session) + "\n")
        } else {
            clibedit_set_exit_message(nil)
        }
        clibedit_set_idle(1)
        defer { clibedit_set_idle(0) }
        return read()
    }

    /// After a signal during a command: writes the journal, says where the changes are,
    /// and returns the exit status.
    static func status(ending session: inout Session, errors: OutputStream) -> Int32? {
        guard let signal else { return nil }
        session.flushRecovery()
        if session.hasUnsavedChanges {
            errors.line(VisibleText.lines(message(for: session)))
            errors.flush()
        }
        return 128 + signal
    }

    /// What the user reads when the program ends with unsaved changes.
    static func message(for session: Session) -> String {
        "directory: ended by a signal; "
            + unsavedChangesPlace("the unsaved changes to \(session.listName)", plural: true, of: session)
    }

    /// Where unsaved changes are as the program ends without saving them, said of `subject`
    /// ("the unsaved changes to people.json", "they"): in the recovery journal, with how to bring
    /// them back, or lost, when the journal does not hold them (a write to it failed, as a
    /// warning said when it did).
    static func unsavedChangesPlace(_ subject: String, plural: Bool, of session: Session) -> String {
        guard session.journalHoldsChanges else {
            return "\(subject) \(plural ? "are" : "is") lost: the recovery journal could not be kept (a warning "
                + "said why)"
        }
        return "\(subject) \(plural ? "wait" : "waits") in the recovery journal: open it again and type 'recover'"
    }
}

extension DirectoryProgram {
    /// Ends the process with `status`, which `main` returned: by the signal itself when a
    /// signal ended the session (SIGINT in a script, SIGTERM, SIGHUP; `status` is then
    /// 128 + the signal), so that the shell that started the program knows it was
    /// interrupted and a loop running it stops too, as after any program Ctrl-C ends.
    public static func end(with status: Int32) -> Never {
        fflush(nil)
        if let signal = Termination.signal, status == 128 + signal { clibedit_end_by_signal(signal) }
        exit(status)
    }
}
