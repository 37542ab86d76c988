import Testing

@testable import DirectoryCore

/// The advice for huge pages names only whole huge pages inside the buffer, and changes
/// nothing the buffer holds.
@Suite("Huge pages for large buffers")
struct HugePagesTests {
    @Test("only the whole huge pages inside a large buffer are advised")
    func pagesInside() throws {
        let page = UInt(HugePages.size)
        // Aligned: every page of it.
        #expect(HugePages.pages(inside: 8 * page, bytes: 5 * Int(page)) == 8 * page..<13 * page)
        // Unaligned at both ends: the pages between.
        let pages = try #require(HugePages.pages(inside: 8 * page + 1, bytes: 5 * Int(page)))
        #expect(pages == 9 * page..<13 * page)
        #expect(pages.lowerBound >= 8 * page + 1 && pages.upperBound <= 13 * page + 1)
        // Too small for the advice, however aligned.
        #expect(HugePages.pages(inside: 8 * page, bytes: HugePages.minimumBytes - 1) == nil)
        // A range that would pass the end of the address space is no range.
        #expect(HugePages.pages(inside: UInt.max - 100, bytes: HugePages.minimumBytes) == nil)
    }

    @Test("an advised array keeps what it holds, and its room")
    func adviceKeepsContents() {
        let count = HugePages.minimumBytes * 2 + 12_345
        var array = [UInt8]()
        array.reserveCapacity(count)
        for index in 0..<count / 2 { array.append(UInt8(truncatingIfNeeded: index &* 31)) }
        let capacity = array.capacity
        HugePages.advise(&array)
        #expect(array.capacity == capacity)
        #expect(array.count == count / 2)
        #expect(array.indices.allSatisfy { array[$0] == UInt8(truncatingIfNeeded: $0 &* 31) })
        for index in count / 2..<count { array.append(UInt8(truncatingIfNeeded: index &* 31)) }
        #expect(array.indices.allSatisfy { array[$0] == UInt8(truncatingIfNeeded: $0 &* 31) })
    }
}
