import Fluent

/// Each app's VAPID key for Web Push (`PushKeyRecord`).
struct CreatePushKeys: AsyncMigration {
    var name: String { "kernel.012.push_keys" }

    func prepare(on database: any Database) async throws {
        try await database.schema(PushKeyRecord.schema)
            .field("app", .string, .identifier(auto: false))
            .field("private_key", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PushKeyRecord.schema).delete()
    }
}
