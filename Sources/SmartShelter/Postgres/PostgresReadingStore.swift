import FluentPostgresDriver
import Foundation
import Kernel

/// Readings in one round trip (`StoreReadingsStatement`), the requests of devices sending
/// at the same moment sharing one statement (`Batcher`, as Znoshka's saves:
/// docs/decisions/writes-share-one-statement.md). The statement stores what raises no
/// alarm, which is nearly everything a shelter's sensors send; the rest goes the portable
/// way, which checks the key first and then the alarm rules in its transaction: no key or
/// a wrong one, a malformed body, a reading refused or repeated within the request, one
/// that may raise an alarm whatever its enclosure (`AlarmTrigger.mayRaiseAnywhere`) or
/// that breaks its enclosure's conditions, and a month whose partition is not made yet.
struct PostgresReadingStore: ReadingStore {
    let context: ShelterContext

    private var portable: PortableReadingStore { PortableReadingStore(context: context) }

    func record(for sensorID: UUID, key: String?, _ readings: Result<[Reading?], any Error>) async throws -> IngestResult {
        let now = context.clock.now
        guard let key, !key.isEmpty, let sent = try? readings.get(), let storable = Self.storable(sent, now: now) else {
            return try await portable.record(for: sensorID, key: key, readings)
        }
        let item = StoreReadingsStatement.Item(keyHash: SecretToken.hash(key), sensorID: sensorID, receivedAt: now, readings: storable)
        let db = context.db
        let outcome: StoreReadingsStatement.Outcome
        do {
            outcome = try await batcher.submit(item) { items in try await StoreReadingsStatement.run(items, on: db) }
        } catch where ReadingPartitions.isMissingPartition(error) {
            return try await portable.record(for: sensorID, key: key, readings) // makes the month
        }
        guard outcome.known, !outcome.breaking else { return try await portable.record(for: sensorID, key: key, readings) }
        return IngestResult(stored: outcome.stored, duplicates: storable.count - outcome.stored, refused: [])
    }

    /// The readings, when the statement can take them all: none missing, refused, sent
    /// twice, or able to raise an alarm in any enclosure; nil otherwise.
    static func storable(_ readings: [Reading?], now: Date) -> [Reading]? {
        guard !readings.isEmpty, readings.count <= ReadingService.batchLimit else { return nil }
        let oldest = now.addingTimeInterval(-ReadingService.rawRetention)
        var storable: [Reading] = [], times = Set<Date>()
        storable.reserveCapacity(readings.count)
        for reading in readings {
            guard let reading, reading.refusal(now: now, oldest: oldest) == nil, !AlarmTrigger.mayRaiseAnywhere(reading),
                  times.insert(reading.at).inserted else { return nil }
            storable.append(reading)
        }
        return storable
    }

    /// The server's batcher of device requests: two batches at a time of at most 32, as
    /// Znoshka's saves.
    private var batcher: Batcher<StoreReadingsStatement.Item, StoreReadingsStatement.Outcome> {
        context.state.shared { Batcher(concurrency: 2, limit: 32) }
    }
}
