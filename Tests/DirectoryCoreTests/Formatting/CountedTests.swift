import Testing

@testable import DirectoryCore

@Suite("Counts in messages")
struct CountedTests {
    @Test(
        "a count says its noun in the singular for one and in the plural for any other number",
        arguments: [(0, "0 records"), (1, "1 record"), (2, "2 records"), (-1, "-1 records")])
    func singularForOne(number: Int, text: String) {
        #expect(Counted.text(number, "record") == text)
    }

    @Test("a noun whose plural is not made with an s is given its plural")
    func givenPlural() {
        #expect(Counted.text(1, "person", "people") == "1 person")
        #expect(Counted.text(3, "person", "people") == "3 people")
        #expect(Counted.text(UInt64(1), "object") == "1 object")
    }
}
