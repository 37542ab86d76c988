import Synchronization
import Testing

@testable import DirectoryCore

/// An interruption the test asks for from a given question on, counting the questions.
private final class AskedInterruption: Sendable {
    let questions = Atomic<Int>(0)
    /// The first question answered yes.
    let yesFrom = Atomic<Int>(.max)

    var interruption: Interruption {
        Interruption { [self] in
            questions.wrappingAdd(1, ordering: .relaxed).newValue >= yesFrom.load(ordering: .relaxed)
        }
    }

    /// Answers yes from the `count`-th question after those asked so far.
    func stop(afterMore count: Int) {
        yesFrom.store(questions.load(ordering: .relaxed) + count, ordering: .relaxed)
    }
}

@Suite("Session: Ctrl-C stops sort and import, changing nothing")
struct SessionInterruptionTests {
    /// A saved list of `count` people named in reverse order (P20000 first), with one unsaved
    /// change after it (`new Last`), so that undo has something to take back.
    private func session(people count: Int, asking: AskedInterruption) throws -> Session {
        let store = MemoryStore()
        let rows = (1...count).reversed().map { String(format: "P%06d,Room %d", $0, $0 % 97) }
        store.putPlain("/people.csv", "name,office\n" + rows.joined(separator: "\n") + "\n")
        var environment = SessionEnvironment.fixed()
        environment.interruption = asking.interruption
        var session = try Session(
            location: "/data/directory.plist", kind: nil, store: store, environment: environment)
        try session.run("delete 1-3", "import csv /people.csv", "save", "new Last")
        return session
    }

    /// What an interrupted command must leave as it was: the records in order, the unsaved
    /// changes and the undo history.
    private struct State: Equatable {
        let names: [String]
        let unsaved: [UnsavedChange.Kind]
        let revision: Int
        let undo: UndoHistory
        init(_ session: Session) {
            names = session.names
            unsaved = session.unsavedChanges().map(\.kind)
            revision = session.list.tracker.revision
            undo = session.list.tracker.undo
        }
    }

    @Test("a sort asked to stop before it starts changes nothing, its undo history included")
    func sortInterruptedBeforeItStarts() throws {
        let asking = AskedInterruption()
        var session = try session(people: 5000, asking: asking)
        let before = State(session)
        asking.stop(afterMore: 1)
        #expect(throws: SessionError.interrupted(command: "sort name")) { try session.run("sort name") }
        #expect(State(session) == before)
        asking.stop(afterMore: .max / 2)
        #expect(try session.run("undo") == .feedback("Undid 'new Last'."))
    }

    @Test("a sort stopped among its comparisons (after thousands of questions' worth) changes nothing")
    func sortInterruptedWhileComparing() throws {
        let asking = AskedInterruption()
        var session = try session(people: 20000, asking: asking)
        let before = State(session)
        // 20,000 records: 4 questions while the keys are read, 2 after the keys are made, then
        // one per 4,096 comparisons (about 280,000 of them).
        asking.stop(afterMore: 10)
        #expect(throws: SessionError.interrupted(command: "sort name desc")) { try session.run("sort name desc") }
        #expect(asking.questions.load(ordering: .relaxed) > 9)
        #expect(State(session) == before)
        asking.stop(afterMore: .max / 2)
        try session.run("sort name")
        #expect(session.names.prefix(2) == ["Last", "P000001"])
    }

    @Test("an import stopped while its rows are read (csv) or its records made (json) changes nothing")
    func importInterruptedWhileReading() throws {
        let asking = AskedInterruption()
        var session = try session(people: 20000, asking: asking)
        try session.run("export json /people.json")
        let before = State(session)
        for (command, questions) in [
            ("import csv /people.csv", 3), ("import csv /people.csv", 7), ("import json /people.json", 2),
        ] {
            asking.stop(afterMore: questions)
            #expect(throws: SessionError.interrupted(command: command)) { try session.run(command) }
            #expect(State(session) == before, "\(command) after \(questions) questions")
        }
        asking.stop(afterMore: .max / 2)
        #expect(try session.run("undo") == .feedback("Undid 'new Last'."))
    }

    @Test("a small import asked to stop is stopped too: the question is asked once before records are added")
    func smallImportInterrupted() throws {
        let asking = AskedInterruption()
        var session = try session(people: 3, asking: asking)
        let before = State(session)
        asking.stop(afterMore: 1)
        #expect(throws: SessionError.interrupted(command: "import csv /people.csv")) {
            try session.run("import csv /people.csv")
        }
        #expect(State(session) == before)
        #expect(
            SessionError.interrupted(command: "import csv /people.csv").message
                == "Interrupted: import csv /people.csv stopped; nothing changed.")
    }

    @Test("a loop's poll asks the interruption once every stride calls, and says stop from then on")
    func pollAsksOncePerStride() {
        let asking = AskedInterruption()
        var poll = InterruptionPoll(asking.interruption)
        var stops = 0
        for _ in 0..<(3 * Interruption.stride) where poll.shouldStop() { stops += 1 }
        #expect(stops == 0)
        #expect(asking.questions.load(ordering: .relaxed) == 3)
        asking.stop(afterMore: 1)
        for _ in 0..<(Interruption.stride - 1) { _ = poll.shouldStop() }
        let first = poll.shouldStop()
        let second = poll.shouldStop()
        #expect(first && second)
        #expect(asking.questions.load(ordering: .relaxed) == 4)
    }
}
