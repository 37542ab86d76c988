import DirectoryCore

/// Makes realistic, reproducible people: names and offices from a university
/// directory, a fifth of them with non-ASCII letters, and random version 4 ids.
struct PeopleGenerator {
    private var random = SplitMix64(seed: 0x5EED_D1EC_7012_0005)

    private static let firstNames = [
        "Joe", "Acacia", "Kurt", "Maria", "David", "Sarah", "Michael", "Emily", "James", "Olivia",
        "Robert", "Sophia", "William", "Ava", "Thomas", "Grace", "Daniel", "Chloe", "Henry", "Lucy",
        "Zoë", "José", "Søren", "Łukasz", "François", "Björn", "Ngọc Anh", "Chloé", "Aleksandr", "Ines",
    ]
    private static let lastNames = [
        "Gregg", "Ackles", "Krebsbach", "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis",
        "Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Martin", "Jackson", "Thompson", "White", "Harris",
        "Müller", "García", "Nguyễn", "高橋", "O'Brien", "Kowalski", "Ødegaard", "Schröder", "Dvořák", "Lee",
    ]
    private static let buildings = [
        "Briggs", "Steitz", "Science Hall", "Main Hall", "Youngchild", "Lucinda Hall", "Memorial Chapel",
        "Warch Campus Center", "Music-Drama Center", "Wriston", "Björklunden", "Sampson House",
    ]

    /// Creates a generator; every generator makes the same people in the same order.
    init() {}

    /// The next person's name.
    mutating func name() -> String {
        let first = Self.firstNames[Int(random.next() % UInt64(Self.firstNames.count))]
        let last = Self.lastNames[Int(random.next() % UInt64(Self.lastNames.count))]
        return first + " " + last
    }

    /// The next office, such as "Briggs 413".
    mutating func office() -> String {
        let building = Self.buildings[Int(random.next() % UInt64(Self.buildings.count))]
        return building + " " + String(100 + random.next() % 400)
    }

    /// The next random identifier.
    mutating func id() -> RecordID {
        RecordID.random(using: &random)
    }

    /// `count` people as records of the person kind.
    mutating func records(_ count: Int) -> [Record] {
        var records: [Record] = []
        records.reserveCapacity(count)
        for _ in 0..<count {
            let id = id()
            records.append(Record(id: id, values: [.text(name()), .text(office())]))
        }
        return records
    }
}

/// A small, fast, seeded generator (SplitMix64), so data sets are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
