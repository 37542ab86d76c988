import DirectoryCore
import Testing

@testable import DirectoryPostgreSQL

@Suite("Positions of rows a bulk save inserts")
struct InsertedPositionsTests {
    static func id(_ number: UInt64) -> RecordID { RecordID(high: number, low: number) }

    static func addition(_ number: UInt64, after: UInt64?) -> ListChanges.Addition {
        .init(record: Record(id: id(number), values: ListKind.person.defaultValues), after: after.map(id))
    }

    /// The added ids in the order of their positions.
    static func order(_ positions: [RecordID: Double]) -> [RecordID] {
        positions.sorted { $0.value < $1.value }.map(\.key)
    }

    @Test("a chain after a saved row splits the gap to the next row evenly, in the chain's order")
    func chainInGap() throws {
        let additions = [Self.addition(10, after: 1), Self.addition(11, after: 10), Self.addition(12, after: 11)]
        let plan = try #require(
            InsertedPositions.plan(
                additions, anchors: [Self.id(1): .init(position: 1, next: 2)], first: 1, last: 5))
        #expect(plan == [Self.id(10): 1.25, Self.id(11): 1.5, Self.id(12): 1.75])
    }

    @Test("two rows added after one saved row: the later goes right after it, as the row-by-row save puts it")
    func laterFirst() throws {
        let additions = [Self.addition(10, after: 1), Self.addition(11, after: 1), Self.addition(12, after: nil)]
        let plan = try #require(
            InsertedPositions.plan(
                additions, anchors: [Self.id(1): .init(position: 1, next: nil)], first: 1, last: 1))
        #expect(Self.order(plan) == [Self.id(12), Self.id(11), Self.id(10)])
        #expect(plan[Self.id(12)].map { $0 < 1 } == true)
    }

    @Test("rows after a row that is gone go last, after rows added after the last row")
    func goneGoesLast() throws {
        let additions = [Self.addition(10, after: 9), Self.addition(11, after: 3), Self.addition(12, after: 10)]
        let plan = try #require(
            InsertedPositions.plan(
                additions, anchors: [Self.id(3): .init(position: 3, next: nil)], first: 1, last: 3))
        #expect(Self.order(plan) == [Self.id(11), Self.id(10), Self.id(12)])
        #expect(InsertedPositions.anchors(of: additions) == [Self.id(9), Self.id(3)])
    }

    @Test("a gap too narrow to split gives no plan (the row-by-row save spaces the rows out)")
    func tooNarrow() {
        let additions = [Self.addition(10, after: 1)]
        let anchors = [Self.id(1): InsertedPositions.Anchor(position: 1, next: 1.000_000_000_000_2)]
        #expect(InsertedPositions.plan(additions, anchors: anchors, first: 1, last: 2) == nil)
    }
}
