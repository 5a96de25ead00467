import Foundation
import FluentPostgresDriver
import Vapor

/// `hromada statements`: every PostgreSQL statement of the kernel and the apps, as JSON
/// (`[{"app", "name", "sql"}]`), so that a benchmark can run the very statement a fast path
/// runs through `pgbench` (bench/README.md, "Ratios").
struct StatementsCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    var help: String { "Prints every PostgreSQL statement of the kernel and the apps as JSON" }

    struct Listed: Encodable {
        let app: String
        let name: String
        let sql: String
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let kernel = context.application.kernel
        var listed = Self.kernelStatements.map { Listed(app: "kernel", name: $0.name, sql: $0.sql) }
        for app in kernel.apps {
            listed += app.postgresStatements.map { Listed(app: app.descriptor.id, name: $0.name, sql: $0.sql) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        context.console.print(String(decoding: try encoder.encode(listed), as: UTF8.self))
    }

    /// The kernel's own statements.
    static let kernelStatements: [any PostgresPreparedStatement.Type] = [
        SignIn.Statement.self, ClaimKeysStatement.self, SettleKeysStatement.self,
    ]
}
