import Foundation
import NIOConcurrencyHelpers

/// The finished points of the charts this server has drawn lately, so that a chart reads
/// only its last point's roll-ups from the database (a week's: 6 rows, not 168).
///
/// A chart's points other than its last cover hours that are over; they change only when
/// a reading comes late into one of them, and every writer of such a reading counts it in
/// its sensor's `chart_revision` (`ReadingService.isLate`) in the transaction that changes
/// the roll-ups (moving a sensor counts there too: `SensorService.place`). An entry holds
/// the sum of those counts over the sensors ever placed in the enclosure, read
/// in the same statement as its points; `ChartStatement` reads the sum again with every
/// chart and the points are used only while it has not moved — so a late reading stored
/// by any server is seen by all. An entry is also only for the window it was read for:
/// the next hour (the next day for a month) moves every point.
final class ChartCache: Sendable {
    struct Entry: Sendable {
        /// The chart's first point, which names its window.
        let start: Date
        /// The enclosure's sensors' `chart_revision`s summed when the points were read.
        let revision: Int
        /// Every point but the last, in order (those where no reading came are missing).
        let finished: [Rollup]
    }

    private struct Key: Hashable {
        let enclosureID: UUID
        let range: ChartRange
    }

    /// At most this many charts are kept — the ones people look at; a month's entry is
    /// 29 points of about 100 bytes, so the cache stays under some 30 MB of the server's
    /// 300. Past it the cache starts again, empty.
    static let limit = 10_000

    private let entries = NIOLockedValueBox<[Key: Entry]>([:])

    /// The entry for the enclosure's chart of `range` in the window from `start`, if any.
    func entry(for enclosureID: UUID, _ range: ChartRange, start: Date) -> Entry? {
        guard let entry = entries.withLockedValue({ $0[Key(enclosureID: enclosureID, range: range)] }), entry.start == start else {
            return nil
        }
        return entry
    }

    func store(_ entry: Entry, for enclosureID: UUID, _ range: ChartRange) {
        entries.withLockedValue { entries in
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[Key(enclosureID: enclosureID, range: range)] = entry
        }
    }
}
