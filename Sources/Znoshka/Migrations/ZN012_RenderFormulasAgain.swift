import Fluent
import Foundation
import SQLKit

/// Theory pages and solutions keep their Markdown drawn as HTML, drawn when they were
/// saved. Formulas drawn before functions took their own scripts (`\log_2` was an `msub`
/// of three children, read as «log232») are drawn again from the Markdown, so that a
/// database from before reads as a new one does. Each row is written only if its drawing
/// changed.
struct RenderFormulasAgain: AsyncMigration {
    var name: String { "znoshka.012.render-formulas-again" }

    static let tables = [TheoryPage.schema, Solution.schema]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        for table in Self.tables {
            for row in try await sql.select().columns("id", "markdown", "html").from(table).where("markdown", .like, "%$%").all() {
                let id = try row.decode(column: "id", as: UUID.self)
                let html = TheoryMarkdown.render(try row.decode(column: "markdown", as: String.self)).html
                guard html != (try row.decode(column: "html", as: String.self)) else { continue }
                try await sql.update(table).set("html", to: SQLBind(html)).where("id", .equal, SQLBind(id)).run()
            }
        }
    }

    /// The older drawing is not kept: the new one stays.
    func revert(on database: any Database) async throws {}
}
