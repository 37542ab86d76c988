/// A request from outside the core that the command running stop: Ctrl-C at the prompt.
///
/// The front end makes it from a flag its signal handler sets; the core only asks it, never
/// touching a signal itself. A long command asks it between steps, every `stride` records in
/// its loops (`InterruptionPoll`), so that asking costs nothing measurable, and stops before
/// it changes the list: an interrupted command changes nothing, its undo history included.
public struct Interruption: Sendable {
    /// Whether the stop was asked for; the front end clears its flag between commands.
    private let requested: @Sendable () -> Bool

    /// An interruption asked through `isRequested`, which must be cheap (a flag read).
    public init(isRequested: @escaping @Sendable () -> Bool) {
        self.requested = isRequested
    }

    /// The interruption that is never asked for: scripts without a handler, tests.
    public static let never = Interruption { false }

    /// How many steps of a loop pass between two questions.
    public static let stride = 4096

    /// Whether the command running should stop now.
    public var isRequested: Bool { requested() }
}

/// The question `Interruption.isRequested`, asked once every `Interruption.stride` calls of
/// `shouldStop()` in a loop over records; once it is answered yes, every later call says so.
struct InterruptionPoll {
    private let interruption: Interruption
    private var countdown = Interruption.stride
    /// Whether the interruption was asked for, as found at the last question.
    private(set) var stopped = false

    /// A poll of `interruption`.
    init(_ interruption: Interruption) {
        self.interruption = interruption
    }

    /// Whether the loop should stop: true once the interruption was found asked for.
    mutating func shouldStop() -> Bool {
        countdown &-= 1
        guard countdown <= 0 else { return stopped }
        countdown = Interruption.stride
        if !stopped { stopped = interruption.isRequested }
        return stopped
    }
}
