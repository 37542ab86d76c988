import CFileSystem
import Foundation
import Synchronization
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A large list file read to its end under a read lease is mapped instead of copied
/// (`ReadWindow.readToEnd`): it must hold what a read holds, never be mapped where a writer
/// could change it, and a page cut short beneath the mapping must neither end the program
/// nor pass for the file's.
@Suite("Mapped reads: a large list file read through its pages")
struct MappedReadTests {
    /// A scratch folder and a file in it holding `bytes`.
    static func file(_ bytes: [UInt8]) throws -> (folder: String, path: String) {
        let folder = FileStoreTests.scratchFolder()
        let path = folder + "/list.plist"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    /// A scratch folder and a file in it holding `count` seeded random bytes.
    static func randomFile(_ count: Int, seed: UInt64) throws -> (bytes: [UInt8], folder: String, path: String) {
        var generator = SeededGenerator(state: seed)
        let bytes = HashBehindTests.randomBytes(count, generator: &generator)
        let (folder, path) = try file(bytes)
        return (bytes, folder, path)
    }

    /// The window's bytes.
    static func bytes(of window: borrowing ReadWindow) -> [UInt8] {
        window.withBytes { raw in unsafe raw.withUnsafeBytes { unsafe [UInt8]($0) } }
    }

    @Test(
        "a file mapped under a lease holds the bytes, hash and checkpoints a read of it holds",
        arguments: [4_096, 1 << 20])
    func mappedHoldsWhatAReadHolds(first: Int) throws {
        var generator = SeededGenerator(state: 35 + UInt64(first))
        for size in [first + 1, (1 << 20) + 3, (3 << 20) + 5] {
            let bytes = HashBehindTests.randomBytes(size, generator: &generator)
            let (folder, path) = try Self.file(bytes)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let lease = try #require(WriterLease.attempt(path), "a read lease on the scratch file")
            defer { lease.release() }
            guard var mapped = try ReadWindow(path: path, capacity: first, lease: lease) else {
                Issue.record("no file at \(path)")
                return
            }
            let didMap = mapped.mapRest(from: 0, .underLease)
            guard var read = try ReadWindow(path: path, capacity: first) else {
                Issue.record("no file at \(path)")
                return
            }
            read.readToEnd(hashedBehindFrom: .max, piece: HashBehind.pieceBytes)
            let states = (mapped: mapped.isMapped, read: read.isMapped, holds: mapped.holdsTheFile)
            let whole = (atEnd: mapped.atEnd, failed: mapped.failure != nil, size: mapped.readSize)
            let hash = mapped.contentHash
            let checkpoints = (
                mapped: mapped.checkpoints.map { [$0.offset, Int(truncatingIfNeeded: $0.state.value)] },
                read: read.checkpoints.map { [$0.offset, Int(truncatingIfNeeded: $0.state.value)] }
            )
            let held = Self.bytes(of: mapped)
            // Nothing more to read or map once mapped.
            let mapsAgain = mapped.mapRest(from: 0, .underLease)
            #expect(didMap && states.mapped && !states.read && states.holds)
            #expect(whole.atEnd && !whole.failed && whole.size == size)
            #expect(hash == ContentHash.of(bytes))
            #expect(checkpoints.mapped == checkpoints.read)
            #expect(held == bytes)
            #expect(!mapsAgain)
        }
    }

    @Test("a mapped window let go before its hash is asked for waits for the hash, then unmaps")
    func droppedBeforeTheHashIsDone() throws {
        let (_, folder, path) = try Self.randomFile(8 << 20, seed: 352)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lease = try #require(WriterLease.attempt(path), "a read lease on the scratch file")
        defer { lease.release() }
        var mapped = 0
        // The second thread hashes 8 MiB of the mapping: unmapped under it, it would fault.
        for _ in 0..<20 {
            guard var window = try ReadWindow(path: path, capacity: 4_096, lease: lease) else {
                Issue.record("no file at \(path)")
                return
            }
            if window.mapRest(from: 0, .underLease) { mapped += 1 }
        }
        #expect(mapped == 20)
    }

    @Test("without a lease, or once a writer broke it, the rest of the file is read, not mapped")
    func notMappedWhereAWriterCouldWrite() throws {
        let (bytes, folder, path) = try Self.randomFile(3 << 20, seed: 351)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard var unleased = try ReadWindow(path: path, capacity: 4_096) else {
            Issue.record("no file at \(path)")
            return
        }
        let unleasedMaps = unleased.mapRest(from: 0, .underLease)
        unleased.readToEnd(mapping: .underLease)
        let unleasedRead = (mapped: unleased.isMapped, bytes: Self.bytes(of: unleased))
        #expect(!unleasedMaps && !unleasedRead.mapped && unleasedRead.bytes == bytes)

        let lease = try #require(WriterLease.attempt(path), "a read lease on the scratch file")
        guard var never = try ReadWindow(path: path, capacity: 4_096, lease: lease) else {
            Issue.record("no file at \(path)")
            return
        }
        let neverMaps = never.mapRest(from: 0, .never)
        #expect(!neverMaps)
        // A writer opens the file (it waits in `open` until the lease is given up).
        let done = DispatchSemaphore(value: 0)
        WriterLeaseTests.writeInPlace(path, "new", done: done)
        #expect(WriterLeaseTests.waitUntil { lease.isBroken }, "the writer's open shows")
        guard var broken = try ReadWindow(path: path, capacity: 4_096, lease: lease) else {
            Issue.record("no file at \(path)")
            return
        }
        let brokenMaps = broken.mapRest(from: 0, .underLease)
        #expect(!brokenMaps)
        lease.release()
        done.wait()
        #expect(WriterLeaseTests.contents(path) == "new")
    }

    @Test("a mapped file cut short beneath its mapping reads as zeros there, and is not taken for the file")
    func cutShortBeneathTheMapping() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let bytes = [UInt8](repeating: 0x61, count: 3 * page)
        let (folder, path) = try Self.file(bytes)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard var window = try ReadWindow(path: path, capacity: 100) else {
            Issue.record("no file at \(path)")
            return
        }
        // Another program cuts the file to one page after it was opened.
        let writer = unsafe open(path, O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        #expect(ftruncate(writer, off_t(page)) == 0)
        close(writer)
        // Mapped as opened: the hash touches the two pages that are gone.
        let didMap = window.mapRest(from: 0, .always)
        let states = (mapped: window.isMapped, holds: window.holdsTheFile)
        let read = Self.bytes(of: window)
        #expect(didMap && states.mapped && !states.holds)
        #expect(read.count == 3 * page)
        #expect(read[..<page].allSatisfy { $0 == 0x61 })
        #expect(read[page...].allSatisfy { $0 == 0 })
    }

    @Test("a guarded mapping of a whole file is not damaged, and a damaged one says so until unmapped")
    func guardedMappingSaysWhenDamaged() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let bytes = [UInt8](repeating: 0x7A, count: 2 * page)
        let (folder, path) = try Self.file(bytes)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let descriptor = unsafe open(path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let whole = try #require(unsafe directory_map_guarded(descriptor, Int64(2 * page)))
        let beyond = try #require(unsafe directory_map_guarded(descriptor, Int64(4 * page)))
        #expect(unsafe whole.load(fromByteOffset: 2 * page - 1, as: UInt8.self) == 0x7A)
        #expect(unsafe directory_mapping_damaged(whole) == 0)
        // Past the file's end: the pages beyond its last read as zeros, and mark that mapping only.
        #expect(unsafe beyond.load(fromByteOffset: page, as: UInt8.self) == 0x7A)
        #expect(unsafe beyond.load(fromByteOffset: 3 * page + 5, as: UInt8.self) == 0)
        #expect(unsafe directory_mapping_damaged(beyond) != 0)
        #expect(unsafe directory_mapping_damaged(whole) == 0)
        unsafe directory_unguard(beyond)
        unsafe directory_unguard(whole)
        #expect(unsafe directory_mapping_damaged(beyond) == 0)
        _ = unsafe munmap(UnsafeMutableRawPointer(mutating: beyond), 4 * page)
        _ = unsafe munmap(UnsafeMutableRawPointer(mutating: whole), 2 * page)
    }

    /// A binary plist of `count` people named after `prefix`, at least `minimum` bytes.
    static func people(_ prefix: String, minimum: Int) -> (records: RecordList, bytes: [UInt8]) {
        var people: [Record] = []
        var encoded: [UInt8] = []
        while encoded.count < minimum {
            for _ in 0..<20_000 {
                let number = people.count
                people.append(
                    Record(
                        id: RecordID(high: 4, low: UInt64(number)),
                        values: [.text("\(prefix) \(number)"), .text("Hall \(number % 700)")]))
            }
            encoded = RecordCodec.encode(RecordList(people), kind: .person, format: .binaryPlist)
        }
        return (RecordList(people), encoded)
    }

    @Test(
        "a large plist rewritten in place, over and over, while it is loaded is loaded whole: one version, never torn")
    func rewrittenWhileLoaded() throws {
        let minimum = (4 << 20) + ReadWindow.mappedMinimum + 1
        let versions = [Self.people("Ann", minimum: minimum), Self.people("Bo", minimum: minimum + 300_000)]
        let (folder, path) = try Self.file(versions[0].bytes)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = versions.map { RecordCodec.encode($0.records, kind: .person, format: .json) }
        // Another program rewrites the file in place, as `Data.write` without `.atomic` does
        // (truncate, then write in two pieces), one version then the other: once each round,
        // as the round's load starts.
        let go = DispatchSemaphore(value: 0)
        let wrote = DispatchSemaphore(value: 0)
        let stop = Atomic<Bool>(false)
        Thread.detachNewThread {
            var turn = 1
            while true {
                go.wait()
                if stop.load(ordering: .relaxed) { break }
                let bytes = versions[turn].bytes
                let descriptor = unsafe open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                if descriptor >= 0 {
                    let half = bytes.count / 2
                    _ = DescriptorWrite.all(bytes.span.extracting(0..<half), to: descriptor)
                    _ = DescriptorWrite.all(bytes.span.extracting(half..<bytes.count), to: descriptor)
                    close(descriptor)
                }
                turn = 1 - turn
                wrote.signal()
            }
        }
        var loaded = 0
        for round in 1...6 {
            go.signal()
            do {
                let list = try #require(try FileStore().load(location: path, kind: nil, fallback: .person))
                let json = RecordCodec.encode(list.records, kind: .person, format: .json)
                #expect(expected.contains(json), "load \(round) took \(list.records.count) records of neither version")
                loaded += 1
            } catch let error as StorageError {
                // Still being written when the wait ran out: refused in words, never taken.
                _ = error
            }
            wrote.wait()
        }
        stop.store(true, ordering: .relaxed)
        go.signal()
        #expect(loaded > 0)
    }

    @Test("a large binary and XML plist load mapped as they load read", arguments: [FileFormat.binaryPlist, .xmlPlist])
    func largePlistLoadsMappedAsRead(format: FileFormat) throws {
        // Large enough that more than `ReadWindow.mappedMinimum` is left after the first window.
        var people: [Record] = []
        var count = 0
        var encoded: [UInt8] = []
        while encoded.count < (4 << 20) + ReadWindow.mappedMinimum + 1 {
            for _ in 0..<20_000 {
                count += 1
                people.append(
                    Record(
                        id: RecordID(high: 3, low: UInt64(count)),
                        values: [.text("Person \(count) Åsa"), .text("Hall \(count % 700)")]))
            }
            encoded = RecordCodec.encode(RecordList(people), kind: .person, format: format)
        }
        let (folder, path) = try Self.file(encoded)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = FileStore()
        let lease = try #require(WriterLease.attempt(path), "a read lease on the scratch file")
        defer { lease.release() }
        let mapped = try #require(try store.read(location: path, kind: nil, fallback: .person, lease: lease))
        let read = try #require(
            try store.read(location: path, kind: nil, fallback: .person, lease: lease, mapping: .never))
        #expect(mapped.unchanged && read.unchanged)
        #expect(mapped.list.version == read.list.version)
        #expect(mapped.list.records.count == people.count)
        let again = (
            mapped: RecordCodec.encode(mapped.list.records, kind: .person, format: .json),
            read: RecordCodec.encode(read.list.records, kind: .person, format: .json)
        )
        #expect(again.mapped == again.read)
        #expect(again.mapped == RecordCodec.encode(RecordList(people), kind: .person, format: .json))
    }
}
