/// The wording of what an import did, shared by its confirmation and its errors.
enum ImportReport {
    /// How many rejected lines are named before the rest are counted.
    static let shownRejections = 20

    /// The rejections, one indented line each, the ones past `shownRejections` counted.
    static func lines(_ rejected: [String]) -> String {
        var lines = rejected.prefix(shownRejections).map { "  " + $0 }
        if rejected.count > shownRejections {
            lines.append("  … and \(rejected.count - shownRejections) more")
        }
        return lines.joined(separator: "\n")
    }
}
