import NIOConcurrencyHelpers

/// What this server made of the animals' tables lately, by `Key`, each value with the
/// animals' revision it was read at (`AnimalsRevision`): a value is handed out only while
/// the revision read *before* asking is the one it was read at — so any write, by this
/// server or another, makes the next reader read again. Used for the statistics' counts
/// (by range) and the public adoption list.
final class RevisionCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let limit: Int
    private let entries = NIOLockedValueBox<[Key: (revision: Int64, value: Value)]>([:])

    /// Past `limit` entries the cache starts again, empty.
    init(limit: Int) {
        self.limit = limit
    }

    func value(for key: Key, at revision: Int64) -> Value? {
        entries.withLockedValue { entries in entries[key].flatMap { $0.revision == revision ? $0.value : nil } }
    }

    /// Keeps `value`, read at `revision`, unless one read at a later revision is already here.
    func store(_ value: Value, for key: Key, at revision: Int64) {
        entries.withLockedValue { entries in
            if let kept = entries[key], kept.revision > revision { return }
            if entries[key] == nil, entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = (revision, value)
        }
    }
}
