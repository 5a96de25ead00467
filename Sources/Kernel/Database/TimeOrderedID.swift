import Foundation

extension UUID {
    /// A version 7 UUID (RFC 9562): the Unix time in milliseconds, then random bits. Rows
    /// of a large table keyed by these are inserted at the end of its primary-key index
    /// rather than on a random page of it, and they sort by creation.
    public static func timeOrdered(at date: Date = Date()) -> UUID {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        var random = SystemRandomNumberGenerator()
        let randomA = UInt16.random(in: 0...0x0FFF, using: &random)
        let randomB = UInt64.random(in: 0...UInt64.max, using: &random)
        return UUID(uuid: (
            UInt8(truncatingIfNeeded: milliseconds >> 40), UInt8(truncatingIfNeeded: milliseconds >> 32),
            UInt8(truncatingIfNeeded: milliseconds >> 24), UInt8(truncatingIfNeeded: milliseconds >> 16),
            UInt8(truncatingIfNeeded: milliseconds >> 8), UInt8(truncatingIfNeeded: milliseconds),
            0x70 | UInt8(randomA >> 8), UInt8(truncatingIfNeeded: randomA),
            0x80 | UInt8(truncatingIfNeeded: randomB >> 56) & 0x3F, UInt8(truncatingIfNeeded: randomB >> 48),
            UInt8(truncatingIfNeeded: randomB >> 40), UInt8(truncatingIfNeeded: randomB >> 32),
            UInt8(truncatingIfNeeded: randomB >> 24), UInt8(truncatingIfNeeded: randomB >> 16),
            UInt8(truncatingIfNeeded: randomB >> 8), UInt8(truncatingIfNeeded: randomB)))
    }
}
