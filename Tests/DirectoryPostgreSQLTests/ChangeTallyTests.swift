import Testing

@testable import DirectoryPostgreSQL

@Suite("When the notice of others' changes asks the server")
struct ChangeTallyTests {
    static let people = "public.people"

    @Test("nothing heard since the list was read or written: 0, without asking")
    func nothingHeard() {
        let tally = ChangeTally()
        #expect(tally.answer(since: 7) == 0)
    }

    @Test("300 notifications about the list mean one question, not a sum of their row counts")
    func manyWritesOneQuestion() {
        var tally = ChangeTally()
        for nonce in 1...300 { tally.hear("public.people 1 \(nonce)", about: Self.people) }
        #expect(tally.answer(since: 7) == nil)
        tally.note(1, since: 7)
        #expect(tally.answer(since: 7) == 1)
        #expect(tally.last == 1)
    }

    @Test(
        "a notification about another table or schema is not about this list",
        arguments: ["public.bucket_items 1 x", "other.people 3 y", "public.peoplex 1 z", ""])
    func otherTables(payload: String) {
        var tally = ChangeTally()
        tally.hear(payload, about: Self.people)
        #expect(tally.answer(since: 7) == 0)
    }

    @Test("a count is reused for its version; a version moved by a merge asks again")
    func versionMoved() {
        var tally = ChangeTally()
        tally.hear("public.people 2 n", about: Self.people)
        tally.note(2, since: 7)
        #expect(tally.answer(since: 7) == 2)
        #expect(tally.answer(since: 9) == nil)
    }

    @Test("a new connection, which may have missed notifications, asks; a read or write forgets the count")
    func reconnectAndForget() {
        var tally = ChangeTally()
        tally.note(2, since: 7)
        tally.heard = true
        #expect(tally.answer(since: 7) == nil)
        tally.forget()
        #expect(tally.answer(since: 12) == 0)
        #expect(tally.last == 0)
    }
}
