import CLibEdit
import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

extension LockWait {
    /// The standard wait, which Ctrl-C at the prompt cancels (in a script, Ctrl-C ends the
    /// program); after a second it says on standard error what it waits for.
    static let cancelledByControlC = LockWait(
        seconds: LockWait.standard.seconds, isCancelled: { clibedit_take_interrupt() != 0 },
        waiting: { what in
            let line =
                "directory: waiting for \(what) (at most \(Int(LockWait.standard.seconds)) s; "
                + "Ctrl-C stops the wait)\n"
            var bytes = Array(line.utf8)
            _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        })
}
