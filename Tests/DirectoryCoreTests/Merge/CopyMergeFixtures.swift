@testable import DirectoryCore

/// The records and the merger the copy-merge suites share: people Ann, Bob and Cid (ids
/// `7-1`, `7-2`, `7-3`) with offices A1, B1 and C1, and a merger of a copy named `copy.plist`.
protocol CopyMergeFixtures {}

extension CopyMergeFixtures {
    /// A person with the id `7-low`.
    static func person(_ low: UInt64, _ name: String, _ office: String) -> Record {
        Record(id: RecordID(high: 7, low: low), values: [.text(name), .text(office)])
    }

    static var ann: Record { person(1, "Ann", "A1") }
    static var bob: Record { person(2, "Bob", "B1") }
    static var cid: Record { person(3, "Cid", "C1") }

    /// The merger of `copy.plist`, taking the copy's side of conflicts when `preferringCopy`.
    func merger(preferringCopy: Bool = false) -> CopyMerge {
        CopyMerge(kind: .person, place: "copy.plist", takingAll: "merge! copy.plist", preferringCopy: preferringCopy)
    }
}
