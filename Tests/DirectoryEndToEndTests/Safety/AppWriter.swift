import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The apps' own way of saving, run in a thread beside the program: Foundation's
/// `PropertyListEncoder` (binary or XML) or `JSONEncoder`, the apps' Codable `Person` and
/// `BucketItem`, and `Data.write(to:)` with or without `.atomic`. Each save reads the file
/// with Foundation, adds one new record, and writes the whole list back, as an app that
/// reloads before saving does. It takes no lock, as the apps take none.
final class AppWriter: @unchecked Sendable {
    /// The Directory app's person.
    struct Person: Codable {
        var id: UUID
        var name: String
        var office: String
    }

    /// The Bucket List app's item (`completedDate` is `Date.distantPast` until done).
    struct BucketItem: Codable {
        var id: UUID
        var name: String
        var note: String
        var completedDate: Date
    }

    /// Which kind of list, and in which format the app writes it.
    enum Kind: String, CaseIterable, Sendable { case person, bucket }
    enum Format: String, CaseIterable, Sendable { case binary, xml, json }

    let path: String
    let kind: Kind
    let format: Format
    let atomic: Bool
    private let lock = NSLock()
    private var stopped = false
    private var names: [String] = []
    private var problems: [String] = []
    private var shorterLists = 0
    private var done = false

    init(path: String, kind: Kind, format: Format, atomic: Bool) {
        self.path = path
        self.kind = kind
        self.format = format
        self.atomic = atomic
    }

    /// The names the app wrote, in order.
    var written: [String] { lock.withLock { names } }
    /// Foundation errors: a file the app could not read or write.
    var failures: [String] { lock.withLock { problems } }
    /// How many times the app read a list holding fewer records than it last wrote:
    /// a list replaced by a shorter one in between.
    var shorterListsSeen: Int { lock.withLock { shorterLists } }

    /// Writes the first list, holding one record, before the program opens the file.
    func writeFirst() throws {
        try save(adding: "A-0", to: nil)
    }

    /// Saves in a loop in a thread of its own, at most `limit` times, until `stop()`.
    func start(limit: Int) {
        let thread = Thread { [self] in
            var lastCount = 1
            for index in 1...limit {
                if lock.withLock({ stopped }) { break }
                do {
                    let count = try saveOnce(adding: "A-\(index)")
                    if count.read < lastCount { lock.withLock { shorterLists += 1 } }
                    lastCount = count.read + 1
                } catch {
                    lock.withLock { problems.append("\(error)") }
                }
                // A pause of a few milliseconds: an app saves when its user acts, not
                // without end, and the program's saves must get a turn.
                usleep(UInt32.random(in: 1_000...4_000))
            }
            lock.withLock { done = true }
        }
        thread.start()
    }

    /// Stops the loop and waits until the thread's last save is complete.
    func stop() {
        lock.withLock { stopped = true }
        while !lock.withLock({ done }) { usleep(1_000) }
    }

    /// One save: read, decode, add a record, encode, write. Returns how many records it read.
    private func saveOnce(adding name: String) throws -> (read: Int, wrote: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try save(adding: name, to: data)
    }

    @discardableResult
    private func save(adding name: String, to data: Data?) throws -> (read: Int, wrote: Int) {
        let output: Data
        let read: Int
        switch kind {
        case .person:
            var people = try data.map { try decode([Person].self, from: $0) } ?? []
            read = people.count
            people.append(Person(id: UUID(), name: name, office: "app"))
            output = try encode(people)
        case .bucket:
            var items = try data.map { try decode([BucketItem].self, from: $0) } ?? []
            read = items.count
            items.append(BucketItem(id: UUID(), name: name, note: "app", completedDate: .distantPast))
            output = try encode(items)
        }
        try output.write(to: URL(fileURLWithPath: path), options: atomic ? [.atomic] : [])
        lock.withLock { names.append(name) }
        return (read, read + 1)
    }

    private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        switch format {
        case .json: return try JSONDecoder().decode(type, from: data)
        case .binary, .xml: return try PropertyListDecoder().decode(type, from: data)
        }
    }

    private func encode<T: Encodable>(_ value: T) throws -> Data {
        switch format {
        case .json:
            return try JSONEncoder().encode(value)
        case .binary, .xml:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xml ? .xml : .binary
            return try encoder.encode(value)
        }
    }

    /// The names of the records in the file at `path`, read with Foundation.
    static func names(in path: String, kind: Kind, format: Format) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let writer = AppWriter(path: path, kind: kind, format: format, atomic: true)
        switch kind {
        case .person: return try writer.decode([Person].self, from: data).map(\.name)
        case .bucket: return try writer.decode([BucketItem].self, from: data).map(\.name)
        }
    }

    /// Whether `renameat2(RENAME_EXCHANGE)` works in `folder` (the C library has it and
    /// the file system takes it), or why not.
    static func exchangeProblem(in folder: String) -> String? {
        typealias Function =
            @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let library = unsafe dlopen(nil, RTLD_NOW), let symbol = unsafe dlsym(library, "renameat2") else {
            return "the C library has no renameat2"
        }
        let exchange = unsafe unsafeBitCast(symbol, to: Function.self)
        let first = folder + "/.exchange-a"
        let second = folder + "/.exchange-b"
        _ = FileManager.default.createFile(atPath: first, contents: Data("a".utf8))
        _ = FileManager.default.createFile(atPath: second, contents: Data("b".utf8))
        defer {
            unsafe unlink(first)
            unsafe unlink(second)
        }
        guard unsafe exchange(AT_FDCWD, first, AT_FDCWD, second, 2) == 0 else {
            return "the file system of \(folder) refuses RENAME_EXCHANGE (errno \(errno))"
        }
        return nil
    }
}
