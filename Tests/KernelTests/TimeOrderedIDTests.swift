import Foundation
import Kernel
import Testing

extension KernelTests {
    @Suite("Time-ordered ids")
    struct TimeOrderedIDTests {
        @Test("a version 7 UUID: the millisecond first, version 7, RFC 9562 variant, and later ids sort after earlier ones")
        func layout() {
            let moment = Date(timeIntervalSince1970: 1_795_000_000.123)
            let id = UUID.timeOrdered(at: moment)
            let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
            let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(milliseconds == 1_795_000_000_123)
            #expect(bytes[6] >> 4 == 7)
            #expect(bytes[8] >> 6 == 0b10)
            #expect(id.uuidString.hasPrefix("01A1EE56-5E7B-7"))

            let later = UUID.timeOrdered(at: moment.addingTimeInterval(0.002))
            #expect(id.uuidString < later.uuidString, "ordered as text, as PostgreSQL orders uuid values")
            #expect(Set((0..<1_000).map { _ in UUID.timeOrdered(at: moment) }).count == 1_000, "random within the millisecond")
        }
    }
}
