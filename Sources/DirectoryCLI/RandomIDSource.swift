import DirectoryCore
import DirectoryFiles
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Random record identifiers drawn from the kernel's generator (`/dev/urandom`)
/// in blocks of 64 KiB, so that a script adding 100,000 records opens and reads it
/// 25 times (391 with blocks of 4 KiB), not 200,000 `getrandom` calls.
final class RandomIDSource: Sendable {
    /// The source the live environment uses.
    static let shared = RandomIDSource()

    private let pool = Mutex(Pool())

    /// A new random (version 4) identifier.
    func makeID() -> RecordID {
        pool.withLock { pool in RecordID.random(using: &pool) }
    }

    /// Random words from the kernel not handed out yet.
    private struct Pool: RandomNumberGenerator {
        var words = [UInt64](repeating: 0, count: Self.blockWords)
        var index = Self.blockWords

        /// The words a refill reads: 64 KiB, 4,096 identifiers.
        static let blockWords = 8_192

        /// The next random word, refilling the pool when it is used up.
        mutating func next() -> UInt64 {
            if index == words.count { refill() }
            defer { index += 1 }
            return words[index]
        }

        /// Fills the pool from `/dev/urandom`, falling back to the standard generator.
        private mutating func refill() {
            if !Self.fillFromKernel(&words) {
                var generator = SystemRandomNumberGenerator()
                for position in words.indices { words[position] = generator.next() }
            }
            index = 0
        }

        /// Fills `words` from `/dev/urandom`; false when it cannot be read.
        private static func fillFromKernel(_ words: inout [UInt64]) -> Bool {
            // The descriptor is this type's: opened (open(2) takes the path as a C string), read
            // through `DescriptorRead` and closed here.
            let descriptor = unsafe open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return DescriptorRead.fill(&words, from: descriptor)
        }
    }
}
