import Foundation
import NIOConcurrencyHelpers

/// The time source services use. Injected so tests decide what "now" is.
/// (Named `WallClock` because Swift's own `Clock` measures durations, not dates.)
public protocol WallClock: Sendable {
    var now: Date { get }
}

public struct SystemClock: WallClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock that stands still until a test moves it.
public final class ManualClock: WallClock {
    private let current: NIOLockedValueBox<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = NIOLockedValueBox(start)
    }

    public var now: Date { current.withLockedValue { $0 } }

    public func advance(by interval: TimeInterval) {
        current.withLockedValue { $0 += interval }
    }

    public func set(_ date: Date) {
        current.withLockedValue { $0 = date }
    }
}
