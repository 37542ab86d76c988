import DirectoryCore
import Foundation

extension SessionEnvironment {
    /// The real clock, the local time zone (`TZ`), random identifiers and the user's home folder.
    static func live(paths: DataPaths) -> SessionEnvironment {
        SessionEnvironment(
            now: { Date().timeIntervalSinceReferenceDate },
            utcOffset: { seconds in
                TimeZone.current.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: seconds))
            },
            makeID: { RandomIDSource.shared.makeID() },
            home: paths.home)
    }
}
