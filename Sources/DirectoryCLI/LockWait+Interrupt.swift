import CLibEdit
import DirectoryCore

extension LockWait {
    /// The standard wait, which Ctrl-C at the prompt cancels (in a script, Ctrl-C ends the program).
    static let cancelledByControlC = LockWait(
        seconds: LockWait.standard.seconds, isCancelled: { clibedit_take_interrupt() != 0 })
}
