import Foundation
import Synchronization
import Testing

@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A real signal interrupting a read(2) that waits on an empty pipe, with a handler installed
/// without SA_RESTART (as the prompt installs its own): `once` hands the interruption back,
/// `some` reads on. The reader is signalled once the kernel shows it waiting in read(2).
@Suite("DescriptorRead: a signal during a read that waits", .serialized)
struct DescriptorReadSignalTests {
    /// How many signals the handler has taken.
    static let taken = Atomic<Int>(0)

    /// The number of read(2) on this machine, as /proc/PID/task/TID/syscall shows it.
    #if arch(x86_64)
        static let readCall = 0
    #else
        static let readCall = 63
    #endif

    /// A read run on a thread of its own: the thread to signal, and what the read gave.
    final class BlockedRead: @unchecked Sendable {
        private let lock = NSLock()
        private var thread: pthread_t?
        private var outcome: (count: Int, error: Int32, bytes: [UInt8])?
        private let finished = DispatchSemaphore(value: 0)

        /// Starts `read` (the count, and the bytes it appended to `before:`) on a new thread.
        init(_ read: @escaping @Sendable (inout [UInt8]) -> Int) {
            Thread.detachNewThread { [self] in
                // The test runner's threads may block the signal; this one takes it.
                var signals = sigset_t()
                unsafe sigemptyset(&signals)
                unsafe sigaddset(&signals, SIGUSR1)
                unsafe pthread_sigmask(SIG_UNBLOCK, &signals, nil)
                lock.withLock { thread = pthread_self() }
                var bytes = Array("before:".utf8)
                let count = read(&bytes)
                let error = errno
                lock.withLock { outcome = (count, error, bytes) }
                finished.signal()
            }
        }

        /// Sends `signal` to the reading thread.
        func send(_ signal: Int32) {
            guard let thread = lock.withLock({ thread }) else { return }
            pthread_kill(thread, signal)
        }

        /// What the read gave, once it returned (waiting at most the deadline); `nil` if it did not.
        func result() -> (count: Int, error: Int32, bytes: [UInt8])? {
            guard finished.wait(timeout: .now() + 60) == .success else { return nil }
            finished.signal()
            return lock.withLock { outcome }
        }

        /// Whether the read has returned.
        var hasReturned: Bool { lock.withLock { outcome != nil } }
    }

    /// Whether a thread of this process waits in read(2) on `descriptor`.
    static func someoneWaitsInRead(on descriptor: Int32) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let call = "\(readCall) 0x\(String(descriptor, radix: 16)) "
        return tasks.contains { task in
            let text = try? String(contentsOfFile: "/proc/self/task/\(task)/syscall", encoding: .utf8)
            return text?.hasPrefix(call) == true
        }
    }

    /// Waits until `condition` holds, for at most a minute; whether it did.
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            if condition() { return true }
            sched_yield()
        }
        return false
    }

    /// Runs `body` with a handler for SIGUSR1 that counts signals, installed without SA_RESTART.
    static func withCountingHandler(_ body: () throws -> Void) rethrows {
        var action = sigaction()
        unsafe action.__sigaction_handler.sa_handler = { _ in
            DescriptorReadSignalTests.taken.add(1, ordering: .sequentiallyConsistent)
        }
        unsafe sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        #expect(unsafe sigaction(SIGUSR1, &action, &previous) == 0)
        defer { _ = unsafe sigaction(SIGUSR1, &previous, nil) }
        try body()
    }

    @Test("once hands back a read(2) a signal interrupted: -1, EINTR, nothing appended")
    func onceHandsTheInterruptionBack() throws {
        let (reader, writer) = DescriptorReadTests.pipeEnds()
        defer {
            close(reader)
            close(writer)
        }
        try Self.withCountingHandler {
            let read = BlockedRead { DescriptorRead.once(from: reader, atMost: 16, appendingTo: &$0) }
            #expect(Self.waitUntil { Self.someoneWaitsInRead(on: reader) })
            let before = Self.taken.load(ordering: .sequentiallyConsistent)
            read.send(SIGUSR1)
            let result = try #require(read.result())
            #expect(Self.taken.load(ordering: .sequentiallyConsistent) == before + 1)
            #expect(result.count == -1)
            #expect(result.error == EINTR)
            #expect(result.bytes == Array("before:".utf8))
        }
    }

    @Test("some reads on after a signal interrupted its read(2), and returns what comes next")
    func someRetriesAfterTheInterruption() throws {
        let (reader, writer) = DescriptorReadTests.pipeEnds()
        defer {
            close(reader)
            close(writer)
        }
        try Self.withCountingHandler {
            let read = BlockedRead { DescriptorRead.some(from: reader, atMost: 16, appendingTo: &$0) }
            #expect(Self.waitUntil { Self.someoneWaitsInRead(on: reader) })
            let before = Self.taken.load(ordering: .sequentiallyConsistent)
            read.send(SIGUSR1)
            // The handler has run (the read was left), and the thread waits in read(2) again.
            #expect(Self.waitUntil { Self.taken.load(ordering: .sequentiallyConsistent) == before + 1 })
            #expect(Self.waitUntil { Self.someoneWaitsInRead(on: reader) })
            #expect(!read.hasReturned)
            _ = DescriptorWrite.all(Array("new".utf8).span, to: writer)
            let result = try #require(read.result())
            #expect(result.count == 3)
            #expect(result.bytes == Array("before:new".utf8))
        }
    }
}
