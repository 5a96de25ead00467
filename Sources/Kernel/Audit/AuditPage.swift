import Fluent
import Vapor

/// `/<app>/admin/audit`: the app's latest changes, for its administrators.
enum AuditPage {
    static func response(for request: Request, app: AppDescriptor) async throws -> Response {
        let admin = try await request.requireAccount(in: app, roles: [Account.adminRole])
        let entries = try await AuditLog(app: app.id, clock: request.clock).entries(limit: 200, on: request.db)
        let actorIDs = Set(entries.compactMap(\.actorID))
        let actors = try await Account.query(on: request.db).filter(\.$id ~~ actorIDs).all()
        let names = Dictionary(uniqueKeysWithValues: actors.compactMap { account in account.id.map { ($0, account.displayName) } })
        return request.render(view(entries, actorNames: names, app: app, request.viewContext(for: admin)))
    }

    /// The latest entries, newest first, with the names of the people who made them.
    static func view(_ entries: [AuditEntry], actorNames names: [UUID: String], app: AppDescriptor, _ c: ViewContext) -> Page {
        let l = c.localizer
        let content = H.section(.class("card")) {
            H.h1 { l.text("audit.title") }
            if entries.isEmpty {
                H.p { l.text("audit.empty") }
            } else {
                Components.tableScroll(label: l.text("audit.title")) {
                    H.table(.class("audit")) {
                        H.thead {
                            H.tr {
                                H.th(Attribute("scope", "col")) { l.text("audit.when") }
                                H.th(Attribute("scope", "col")) { l.text("audit.who") }
                                H.th(Attribute("scope", "col")) { l.text("audit.action") }
                                H.th(Attribute("scope", "col")) { l.text("audit.record") }
                                H.th(Attribute("scope", "col")) { l.text("audit.before") }
                                H.th(Attribute("scope", "col")) { l.text("audit.after") }
                            }
                        }
                        H.tbody {
                            for entry in entries {
                                H.tr {
                                    H.td { l.dateTime(entry.at) }
                                    H.td { entry.actorID.flatMap { names[$0] } ?? l.text("audit.system") }
                                    H.td { entry.action }
                                    H.td { "\(entry.entityType) \(entry.entityID)" }
                                    H.td { H.element("code", [], content: HTML(text: entry.before ?? "—")) }
                                    H.td { H.element("code", [], content: HTML(text: entry.after ?? "—")) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Page(title: l.text("audit.title"), app: app, content: content)
    }
}
