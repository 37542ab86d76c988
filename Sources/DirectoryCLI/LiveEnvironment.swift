import DirectoryCore
import Foundation

extension SessionEnvironment {
    /// The real clock, the local time zone (`TZ`) and random identifiers.
    static let live = SessionEnvironment(
        now: { Date().timeIntervalSinceReferenceDate },
        utcOffset: { seconds in
            TimeZone.current.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: seconds))
        },
        makeID: { RandomIDSource.shared.makeID() })
}
