import DirectoryCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Random record identifiers drawn from the kernel's generator (`/dev/urandom`)
/// in blocks of 4 KiB, so that a script adding 100,000 records makes 400 reads,
/// not 200,000 `getrandom` calls.
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
        var words = [UInt64](repeating: 0, count: 512)
        var index = 512

        /// The next random word, refilling the pool when it is used up.
        mutating func next() -> UInt64 {
            if index == words.count { refill() }
            defer { index += 1 }
            return words[index]
        }

        /// Fills the pool from `/dev/urandom`, falling back to the standard generator.
        private mutating func refill() {
            if let bytes = Self.kernelBytes(count: words.count * 8) {
                let span = bytes.span
                for position in words.indices {
                    var word: UInt64 = 0
                    for offset in 0..<8 { word |= UInt64(span[position * 8 + offset]) << (offset * 8) }
                    words[position] = word
                }
            } else {
                var generator = SystemRandomNumberGenerator()
                for position in words.indices { words[position] = generator.next() }
            }
            index = 0
        }

        /// `count` bytes from `/dev/urandom`, or `nil` when it cannot be read.
        private static func kernelBytes(count: Int) -> [UInt8]? {
            // The descriptor is this type's: opened (open(2) takes the path as a C string), read
            // through `OpenDescriptor` and closed here.
            let descriptor = unsafe open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            let source = OpenDescriptor(number: descriptor)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count)
            while bytes.count < count {
                let read = source.read(atMost: count - bytes.count, appendingTo: &bytes)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return nil }
            }
            return bytes
        }
    }
}
