import DirectoryCore
import Foundation

extension SessionEnvironment {
    /// The real clock, the local time zone (`TZ`), random identifiers, the user's home folder and
    /// the locale that `sort` follows (`LC_ALL`, `LC_COLLATE`, `LANG`).
    static func live(paths: DataPaths) -> SessionEnvironment {
        var environment = SessionEnvironment(
            now: { Date().timeIntervalSinceReferenceDate },
            utcOffset: { seconds in
                TimeZone.current.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: seconds))
            },
            makeID: { RandomIDSource.shared.makeID() },
            home: paths.home)
        environment.collationLocale = SessionEnvironment.collationLocale(environment: paths.environment)
        return environment
    }
}
