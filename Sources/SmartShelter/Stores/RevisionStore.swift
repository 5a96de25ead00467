import Fluent
import Foundation
import Kernel

/// The animals' revision (`AnimalsRevision`), read before every public adoption page and
/// every statistics page to know whether the server's copy still holds. The server picks
/// the store once (`ShelterContext.revisionStore`): `PortableRevisionStore` on any
/// database, `PostgresRevisionStore` — a statement each connection parses once — on
/// PostgreSQL, where parsing the one-line query for every page was a fifth of a public
/// page's CPU. Both answer alike (the adoption and statistics tests run on both).
protocol RevisionStore: Sendable {
    func animalsRevision() async throws -> Int64
}

extension ShelterContext {
    /// The revision's store for this server's database.
    var revisionStore: any RevisionStore {
        services.fastPath(portable: PortableRevisionStore(db: db), postgres: PostgresRevisionStore(db: db))
    }
}

/// The revision read with SQLKit.
struct PortableRevisionStore: RevisionStore {
    let db: any Database

    func animalsRevision() async throws -> Int64 {
        try await AnimalsRevision.read(on: db)
    }
}
