import FluentPostgresDriver
import Foundation
import Kernel

/// A chart in one round trip (`ChartStatement`) for a caller with a bearer token: the
/// sign-in, the role, the enclosure and its roll-ups summed per point — only the last
/// point's when the server holds the others (`ChartCache`). Input it cannot take
/// (a bad range or id, a browser session) goes the portable way, which signs in first.
struct PostgresChartStore: ChartStore {
    let context: ShelterContext

    private var portable: PortableChartStore { PortableChartStore(context: context) }

    func chart(by caller: SignInCaller, of enclosureID: Result<UUID, any Error>, over range: Result<ChartRange, any Error>) async throws
        -> EnclosureChart {
        guard let credential = caller.credential, credential.isBearerToken, let id = try? enclosureID.get(), let range = try? range.get() else {
            return try await portable.chart(by: caller, of: enclosureID, over: range)
        }
        let now = context.clock.now
        let (start, end) = ReadingService.window(of: range, now: now)
        let known = cache.entry(for: id, range, start: start)
        let statement = ChartStatement(credential: credential, app: caller.app, now: now, enclosureID: id, range: range, start: start, end: end,
                                       knownRevision: known?.revision)
        let rows = try await context.db.preparedRows(statement)
        let account = try await caller.signIn(rows.first?.signIn)
        try ShelterContext.authorize(ShelterRole(rawValue: account.role) ?? .pending, ReadingService.chartReaders)
        guard let row = rows.first, row.found else { throw EnclosureService.notFound }
        let read = rows.compactMap(\.point)
        if let known, known.revision == row.revision {
            return EnclosureChart(range: range, start: start, spans: known.finished + read)
        }
        cache.store(.init(start: start, revision: row.revision, finished: read.filter { $0.start < statement.liveFrom }), for: id, range)
        return EnclosureChart(range: range, start: start, spans: read)
    }

    private var cache: ChartCache { context.state.shared { ChartCache() } }
}
