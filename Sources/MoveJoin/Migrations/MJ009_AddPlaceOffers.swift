import Fluent
import SQLKit

/// A place freed within a day of the start is offered to the first in line with a hold
/// (`ParticipationStatus.offered`); the lapsed holds are found by their end.
struct AddPlaceOffers: AsyncMigration {
    var name: String { "movejoin.009.place-offers" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Participation.schema).field("offer_expires_at", .datetime).update()
        try await database.sql.create(index: "ix_mj_participations_offer_expires").on(Participation.schema).column("offer_expires_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "ix_mj_participations_offer_expires").run()
        try await database.schema(Participation.schema).deleteField("offer_expires_at").update()
    }
}
