import Testing

@testable import DirectoryCore

@Suite("Binary plist: the cache of checked ASCII objects")
struct BinaryPlistASCIICacheTests {
    @Test("an object remembered is found with its places until another object takes its slot")
    func remembersBySlot() {
        var cache = BinaryPlistASCIICache(slots: 4)
        #expect(cache.text(0) == nil)
        #expect(cache.text(5) == nil)
        cache.remember(5, position: 100, range: 101..<110)
        #expect(cache.text(5)?.position == 100)
        #expect(cache.text(5)?.range == 101..<110)
        // 1 and 9 share slot 1 with 5; 4 has a slot of its own.
        #expect(cache.text(1) == nil)
        #expect(cache.text(9) == nil)
        cache.remember(4, position: 7, range: 8..<8)
        #expect(cache.text(5)?.range == 101..<110)
        cache.remember(9, position: 200, range: 202..<240)
        #expect(cache.text(5) == nil)
        #expect(cache.text(9)?.range == 202..<240)
        #expect(cache.text(4)?.range == 8..<8)
    }

    @Test("an object whose number or places pass 32 bits is not kept, and no number finds an empty slot")
    func keepsOnly32BitPlaces() {
        var cache = BinaryPlistASCIICache(slots: 4)
        let big = Int(UInt32.max)
        cache.remember(big, position: 1, range: 2..<3)
        cache.remember(2, position: big + 1, range: 2..<3)
        cache.remember(3, position: 1, range: 2..<(big + 1))
        #expect(cache.text(big) == nil)
        #expect(cache.text(2) == nil)
        #expect(cache.text(3) == nil)
        #expect(cache.text(-1) == nil)
        #expect(cache.text(Int.max) == nil)
        cache.remember(7, position: big, range: (big - 1)..<big)
        #expect(cache.text(7)?.position == big)
        #expect(cache.text(7)?.range == (big - 1)..<big)
    }
}
