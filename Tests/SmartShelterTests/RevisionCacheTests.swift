import Testing
@testable import SmartShelter

extension ShelterTests {
    @Suite("Revision cache")
    struct RevisionCacheTests {
        @Test("a value is handed out only at the revision it was read at; an older read never replaces a newer; full, it starts again")
        func rules() {
            let cache = RevisionCache<String, Int>(limit: 2)
            cache.store(1, for: "a", at: 5)
            #expect(cache.value(for: "a", at: 5) == 1)
            #expect(cache.value(for: "a", at: 6) == nil && cache.value(for: "b", at: 5) == nil)
            // A slow reader that read revision 4 finishes after the one that read 5.
            cache.store(0, for: "a", at: 4)
            #expect(cache.value(for: "a", at: 5) == 1)
            cache.store(2, for: "a", at: 6)
            #expect(cache.value(for: "a", at: 6) == 2 && cache.value(for: "a", at: 5) == nil)
            cache.store(3, for: "b", at: 6)
            cache.store(4, for: "c", at: 6)
            #expect(cache.value(for: "c", at: 6) == 4 && cache.value(for: "a", at: 6) == nil && cache.value(for: "b", at: 6) == nil)
        }
    }
}
