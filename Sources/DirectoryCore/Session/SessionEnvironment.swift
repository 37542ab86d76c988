import Synchronization

/// What a session needs from the world that would make tests non-deterministic:
/// the clock, the time zone and new identifiers.
public struct SessionEnvironment: Sendable {
    /// The current time, as seconds since 2001-01-01T00:00:00Z.
    public var now: @Sendable () -> Double
    /// The local time zone's offset from UTC, in seconds, at an instant (seconds since 2001).
    public var utcOffset: @Sendable (Double) -> Int
    /// A new unique identifier for a new record.
    public var makeID: @Sendable () -> RecordID
    /// The home folder, for `~/` in paths typed in commands (`save as ~/backup.plist`).
    public var home: String
    /// The locale whose alphabet `sort` follows (`sv_SE`); empty for Unicode's default order.
    public var collationLocale = ""
    /// The program's state folder as `help` names it (`$XDG_STATE_HOME/directory`, else
    /// `~/.local/state/directory`), where kept versions and recovery journals are.
    public var stateFolder = HelpText.defaultStateFolder
    /// Ctrl-C at the prompt: what a long command (`sort`, `import`) asks to know whether to stop.
    public var interruption = Interruption.never

    /// Creates an environment.
    public init(
        now: @escaping @Sendable () -> Double, utcOffset: @escaping @Sendable (Double) -> Int,
        makeID: @escaping @Sendable () -> RecordID, home: String = "/"
    ) {
        self.now = now
        self.utcOffset = utcOffset
        self.makeID = makeID
        self.home = home
    }

    /// The locale `sort` follows from POSIX variables: `LC_ALL`, else `LC_COLLATE`, else
    /// `LANG`, without its encoding (`sv_SE.UTF-8` gives `sv_SE`); `C` and `POSIX` give none.
    public static func collationLocale(environment: [String: String]) -> String {
        let value = ["LC_ALL", "LC_COLLATE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        return name == "C" || name == "POSIX" ? "" : name
    }

    /// `path` with a leading `~/` replaced by the home folder.
    public func expandingTilde(_ path: String) -> String {
        DataPaths(environment: ["HOME": home]).expandingTilde(path)
    }

    /// A fixed clock at `now`, UTC, and identifiers from a counter shared by the
    /// whole process (so two test sessions on one file never make the same id): for tests.
    /// The ids start `F1ED`, a range no test writes its own records' ids in: a `new` given the
    /// id of a record the test wrote (`00000000-0000-4000-8000-00000000000E`, when as many
    /// ids had been made before) made two records of one key, and a merge of them failed.
    public static func fixed(now: Double = 0) -> SessionEnvironment {
        SessionEnvironment(
            now: { now }, utcOffset: { _ in 0 },
            makeID: { RecordID(high: 0xF1ED_0000_0000_4000, low: 0x8000_0000_0000_0000 | Counter.shared.next()) })
    }
}

/// A thread-safe counter for `SessionEnvironment.fixed`.
private final class Counter: Sendable {
    static let shared = Counter()
    private let value = Mutex<UInt64>(0)

    func next() -> UInt64 {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
