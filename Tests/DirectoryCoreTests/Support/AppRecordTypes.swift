import Foundation

/// The Directory app's record type, exactly as the app declares it, for
/// differential tests against Foundation's coders.
struct AppPerson: Codable, Equatable {
    var id: UUID
    var name: String
    var office: String
}

/// The Bucket List app's record type, exactly as the app declares it.
struct AppBucketItem: Codable, Equatable {
    var id: UUID
    var name: String
    var note: String
    var completedDate: Date
}

/// A small reproducible random number generator (SplitMix64), so generated
/// test data is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state; the seed.
    var state: UInt64

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
