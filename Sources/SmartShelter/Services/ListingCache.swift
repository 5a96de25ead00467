import Foundation
import NIOConcurrencyHelpers

/// The public animals as this server last read them, with the animals' revision it read
/// first (`AnimalsRevision`), for the adoption pages: a shelter lists a few hundred at most.
final class ListingCache: Sendable {
    struct Entry: Sendable {
        let revision: Int64
        /// Longest-waiting first.
        let animals: [PublicAnimal]
        let byID: [UUID: PublicAnimal]

        init(revision: Int64, animals: [PublicAnimal]) {
            self.revision = revision
            self.animals = animals
            byID = Dictionary(animals.map { ($0.id, $0) }) { first, _ in first }
        }
    }

    private let current = NIOLockedValueBox<Entry?>(nil)

    func entry(at revision: Int64) -> Entry? {
        current.withLockedValue { $0?.revision == revision ? $0 : nil }
    }

    /// Keeps `entry` unless one read at a later revision is already here.
    func store(_ entry: Entry) {
        current.withLockedValue { current in
            if (current?.revision ?? .min) <= entry.revision { current = entry }
        }
    }
}
