import Fluent
import Vapor

/// `/<app>/admin/audit`: the app's latest changes, for its administrators.
enum AuditPage {
    /// `?record=<id>` narrows the trail to one record, `?actor=<account id>` to one person's
    /// changes; a value that names nothing finds nothing.
    static func response(for request: Request, app: AppDescriptor) async throws -> Response {
        let admin = try await request.requireAccount(in: app, roles: [Account.adminRole])
        let record = (try? request.query.get(String.self, at: "record"))?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let actorText = (try? request.query.get(String.self, at: "actor")) ?? ""
        let actor = UUID(uuidString: actorText)
        let entries = actorText.isEmpty || actor != nil
            ? try await AuditLog(app: app.id, clock: request.clock).entries(entityID: record.isEmpty ? nil : record, actor: actor, limit: 200, on: request.db)
            : []
        let people = try await Account.query(on: request.db).filter(\.$app == app.id).all()
        let names = Dictionary(uniqueKeysWithValues: people.compactMap { account in account.id.map { ($0, account.displayName) } })
        let filter = Filter(record: record, actor: actorText, people: people.sorted(byName: \.displayName, in: admin.preferredLanguage ?? .uk))
        return request.render(view(entries, actorNames: names, filter: filter, app: app, request.viewContext(for: admin)))
    }

    /// What the trail is narrowed to, and whom it can be narrowed to.
    struct Filter {
        var record = ""
        var actor = ""
        var people: [Account] = []
    }

    /// The latest entries, newest first, with the names of the people who made them.
    static func view(_ entries: [AuditEntry], actorNames names: [UUID: String], filter: Filter = Filter(), app: AppDescriptor,
                     _ c: ViewContext) -> Page {
        let l = c.localizer
        let form = FormState(values: ["record": filter.record, "actor": filter.actor])
        let content = H.section(.class("card")) {
            H.h1 { l.text("audit.title") }
            H.form(.class("audit-filter"), Attribute("method", "get"), Attribute("action", "\(app.pathPrefix)/admin/audit")) {
                FormField(name: "record", label: l.text("audit.filter_record"), required: false, maxLength: 100).render(form, l)
                SelectField(name: "actor", label: l.text("audit.filter_actor"),
                            options: filter.people.compactMap { person in person.id.map { ($0.uuidString, "\(person.displayName) · \(person.login)") } },
                            required: false, emptyLabel: l.text("audit.filter_anyone")).render(form, l)
                H.button(.class("button"), .type("submit")) { l.text("audit.filter_submit") }
            }
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
