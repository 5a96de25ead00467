import Foundation
import Kernel

/// What sensor devices send — the call a shelter makes most: every sensor once a minute,
/// and a buffer of them after a device was offline. The server picks the store once
/// (`ShelterContext.readingStore`): `PortableReadingStore` on any database,
/// `PostgresReadingStore` — one statement shared by the devices sending at the same
/// moment — on PostgreSQL. Both answer alike (the sensor, alarm and race tests run on both).
///
/// The device's key is checked before what it sent is judged, so a 401 or 403 comes before
/// a 422: the handler reads the body into a `Result` and the store opens it after.
protocol ReadingStore: Sendable {
    /// Stores what the device holding `key` sent for sensor `sensorID`
    /// (`SensorService.authenticate`, then `ReadingService.record`).
    func record(for sensorID: UUID, key: String?, _ readings: Result<[Reading?], any Error>) async throws -> IngestResult
}

extension ShelterContext {
    /// The readings' store for this server's database.
    var readingStore: any ReadingStore {
        services.fastPath(portable: PortableReadingStore(context: self), postgres: PostgresReadingStore(context: self))
    }
}

/// The services' own statements: the key looked up, then the readings stored and checked
/// against the alarm rules in one transaction.
struct PortableReadingStore: ReadingStore {
    let context: ShelterContext

    func record(for sensorID: UUID, key: String?, _ readings: Result<[Reading?], any Error>) async throws -> IngestResult {
        let sensor = try await context.sensors.authenticate(sensorID, key: key)
        return try await context.readings.record(try readings.get(), from: sensor)
    }
}
