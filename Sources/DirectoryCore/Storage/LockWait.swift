/// How long a save waits for another process to release the lock on its folder,
/// and how the user cancels the wait (Ctrl-C at the prompt).
public struct LockWait: Sendable {
    /// The longest wait, in seconds; then the save fails with the edits kept.
    public var seconds: Double
    /// Asked while waiting; `true` ends the wait at once.
    public var isCancelled: @Sendable () -> Bool
    /// Told once, after the first second, what is being waited for (`the lock on FOLDER,
    /// held by process 1234, NAME`), so a front end can say why nothing happens.
    public var waiting: @Sendable (String) -> Void

    /// A wait of at most `seconds`, cancelled when `isCancelled` returns true.
    public init(
        seconds: Double, isCancelled: @escaping @Sendable () -> Bool = { false },
        waiting: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.seconds = seconds
        self.isCancelled = isCancelled
        self.waiting = waiting
    }

    /// Ten seconds: far longer than any save takes, short enough to be told what is wrong.
    public static let standard = LockWait(seconds: 10)
}
