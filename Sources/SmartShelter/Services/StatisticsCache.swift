import NIOConcurrencyHelpers

/// The statistics' counts this server has made lately, by range, each with the animals'
/// revision it was counted at (`AnimalsRevision`): a range asked for again is read from here
/// while the revision in the database has not moved — by this server's writes or another's.
/// Today's census is never kept: it is read with every page.
final class StatisticsCache: Sendable {
    struct Entry: Sendable {
        let revision: Int64
        let months: [ShelterStatistics.Month]
        let stays: [Int: Int]
    }

    /// The ranges people look at are few (the default one changes once a day); past this
    /// many the cache starts again, empty. Twenty years of months is some 50 KB.
    static let limit = 200

    private let entries = NIOLockedValueBox<[StatisticsRange: Entry]>([:])

    func entry(for range: StatisticsRange, revision: Int64) -> Entry? {
        guard let entry = entries.withLockedValue({ $0[range] }), entry.revision == revision else { return nil }
        return entry
    }

    func store(_ entry: Entry, for range: StatisticsRange) {
        entries.withLockedValue { entries in
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[range] = entry
        }
    }
}
