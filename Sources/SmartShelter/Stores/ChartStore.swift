import Foundation
import Kernel

/// An enclosure's chart — what the staff's dashboards and phones read most after the
/// alarms — for a caller not yet signed in. The server picks the store once
/// (`ShelterContext.chartStore`): `PortableChartStore` on any database,
/// `PostgresChartStore` — one statement that also signs the caller in — on PostgreSQL.
/// Both answer alike (the roll-up tests run on both).
///
/// The caller is signed in before the input is judged, so a 401 comes before a 400 or 404:
/// the handler reads the enclosure's id and the range into `Result`s and the store opens
/// them after.
protocol ChartStore: Sendable {
    /// `ReadingService.chart(of:over:for:)` for the caller.
    func chart(by caller: SignInCaller, of enclosureID: Result<UUID, any Error>, over range: Result<ChartRange, any Error>) async throws
        -> EnclosureChart
}

extension ShelterContext {
    /// The charts' store for this server's database.
    var chartStore: any ChartStore {
        services.fastPath(portable: PortableChartStore(context: self), postgres: PostgresChartStore(context: self))
    }
}

/// The usual sign-in, then the service.
struct PortableChartStore: ChartStore {
    let context: ShelterContext

    func chart(by caller: SignInCaller, of enclosureID: Result<UUID, any Error>, over range: Result<ChartRange, any Error>) async throws
        -> EnclosureChart {
        let person = try await caller.person(StaffMember.self, on: context.db)
        let range = try range.get()
        return try await context.readings.chart(of: try enclosureID.get(), over: range, for: person)
    }
}
