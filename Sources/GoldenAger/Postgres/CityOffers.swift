import Foundation
import Kernel
import NIOConcurrencyHelpers

/// Each city's open tasks as this server last read them, with the city's version at that
/// read (`CreateCityVersions`). Every inbox request reads the city's current version with
/// its sign-in; while the version is the one kept here, the tasks are served from memory
/// — the same rows a read would give, since any change to them moves the version in the
/// transaction that makes it. Several servers behind a load balancer each keep their own
/// and each sees every version move, because the version is read from the database.
final class CityOffers: Sendable {
    struct Snapshot: Sendable {
        let version: Int64
        let tasks: [OfferedTask]
    }

    /// The most open tasks kept for a city; a volunteer is offered the oldest 100 they
    /// have not declined, so they would have to decline 900 of these to be shown fewer.
    static let tasksPerCity = 1_000

    private let cities = NIOLockedValueBox<[String: Snapshot]>([:])

    /// The open tasks of `city` as of `version` or later: from memory, or read by `load`
    /// (concurrent misses each read; the newest read is kept).
    func tasks(in city: String, version: Int64, load: () async throws -> Snapshot) async throws -> [OfferedTask] {
        if let kept = cities.withLockedValue({ $0[city] }), kept.version >= version { return kept.tasks }
        let read = try await load()
        cities.withLockedValue { cities in
            if read.version >= cities[city]?.version ?? .min { cities[city] = read }
        }
        return read.tasks
    }
}
