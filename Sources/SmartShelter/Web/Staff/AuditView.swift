import Foundation
import Kernel

/// The audit trail as sentences («27.11 10:49 · Ольга: роль «Петро» — лікар → комірник»),
/// newest first, with the filter's lists above.
struct AuditView {
    let person: StaffMember
    let filter: AuditService.Filter
    let trail: AuditService.Trail
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.audit.title"), section: .settings, c) {
            H.p(.class("breadcrumb")) { H.a(.href(StaffPage.path)) { l.text("ss.staff.title") } }
            H.h1 { l.text("ss.audit.title") }
            filterForm
            if trail.entries.isEmpty {
                H.p(.class("empty")) { l.text("ss.audit.empty") }
            } else {
                H.ol(.class("plain-list audit-trail")) {
                    HTMLBuilder.join(trail.entries.map { entry in
                        H.li(.class("audit-entry")) {
                            H.element("time", [Attribute("datetime", entry.at.ISO8601Format())], content: HTML(text: l.dateTime(entry.at)))
                            H.p { sentence(entry) }
                        }
                    })
                }
            }
        }
    }

    private var filterForm: HTML {
        let values = ["actor": filter.actor?.uuidString.lowercased() ?? "", "kind": filter.recordKind ?? "",
                      "from": filter.from?.description ?? "", "to": filter.to?.description ?? ""]
        let form = FormState(values: values)
        return H.form(.class("card audit-filter"), Attribute("method", "get"), Attribute("action", AuditPage.path)) {
            SelectField(name: "actor", label: l.text("ss.audit.who"),
                        options: trail.people.map { ($0.id!.uuidString.lowercased(), $0.displayName) },
                        required: false, emptyLabel: l.text("ss.audit.anyone")).render(form, l)
            SelectField(name: "kind", label: l.text("ss.audit.kind"),
                        options: AuditService.recordKinds.map { ($0, l.text("ss.audit.kind.\($0)")) },
                        required: false, emptyLabel: l.text("ss.audit.any_kind")).render(form, l)
            H.div(.class("field-pair")) {
                FormField(name: "from", label: l.text("ss.audit.from"), type: "date", required: false).render(form, l)
                FormField(name: "to", label: l.text("ss.audit.to"), type: "date", required: false).render(form, l)
            }
            H.button(.class("button button-primary"), .type("submit")) { l.text("ss.audit.show") }
        }
    }

    /// «Ольга: роль «Петро» — лікар → комірник»: who, then what, naming the record; an
    /// action this page has no words for still names who, what and which record.
    private func sentence(_ entry: AuditEntry) -> String {
        let actor = trail.name(ofPerson: entry.actorID) ?? l.text("ss.audit.system")
        let record = trail.name(ofRecord: entry.entityType, entry.entityID) ?? l.text("ss.audit.removed_record")
        let before = Self.fields(entry.before), after = Self.fields(entry.after)
        var arguments = ["record": record]
        switch entry.action {
        case "staff.role":
            arguments["before"] = roleName(before["role"])
            arguments["after"] = roleName(after["role"])
        case "order.decide", "animal.status":
            arguments["after"] = after["status"].map { l.text("ss.audit.status.\($0)") } ?? ""
        default:
            break
        }
        let key = "ss.audit.action.\(entry.action)"
        let what = l.text(key, arguments)
        return l.text("ss.audit.sentence", ["actor": actor,
                                            "what": what == key ? l.text("ss.audit.action.other", ["action": entry.action, "record": record]) : what])
    }

    private func roleName(_ apiName: String?) -> String {
        guard let apiName else { return "—" }
        return apiName == StaffService.dismissed ? l.text("ss.audit.dismissed") : l.text("ss.role.\(apiName)").lowercased()
    }

    /// The fields of an entry's JSON (texts as they are, anything else as written).
    static func fields(_ json: String?) -> [String: String] {
        guard let data = json?.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object.mapValues { "\($0)" }
    }
}
