import Foundation
import Kernel
import Vapor

/// `GET /shelter/staff`: the director's list of the staff, new sign-ups first, with the
/// role each has; giving a role needs the password typed again.
enum StaffPage {
    static func register(on web: any RoutesBuilder) {
        web.get("staff", use: show)
        web.post("staff", ":accountID", "role", use: setRole)
    }

    static let path = "\(ShelterWeb.prefix)/staff"

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let staff = req.shelter.staff
        return req.render(StaffView(person: person, staff: try await staff.list(by: person), onDuty: try await staff.onDuty(by: person),
                                    c: req.viewContext(for: person.account)).page)
    }

    static func setRole(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("accountID", notFound: "staff_not_found", key: "ss.error.staff_not_found")
        let role = FormState.submitted(by: req).values["role"]
        return try await ShelterWeb.change(req, back: path) {
            let account = try await req.shelter.staff.setRole(of: id, to: role, by: person)
            return req.redirect(to: path, flash: .success, "ss.staff.role_given", ["name": account.displayName])
        }
    }
}

struct StaffView {
    let person: StaffMember
    let staff: [Account]
    /// The accounts whose people are on duty.
    let onDuty: Set<UUID>
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.staff.title"), section: .staff, c) {
            H.h1 { l.text("ss.staff.title") }
            H.p { H.a(.href("\(ShelterWeb.prefix)/admin/audit")) { l.text("ss.staff.audit") } }
            if let until = person.confirmedUntil {
                H.p(.class("hint")) { l.text("ss.confirm.open_until", ["time": l.time(until)]) }
            }
            // Alarms go to who is on duty; the director sees whether that is anyone.
            H.p(.class("hint")) { l.text(onDutyAlarmed.isEmpty ? "ss.staff.nobody_on_duty" : "ss.staff.alarms_on_duty") }
            H.ul(.class("plain-list staff-list")) {
                HTMLBuilder.join(staff.map(member))
            }
        }
    }

    /// The people on duty who get alarms (directors and doctors).
    private var onDutyAlarmed: [Account] {
        staff.filter { onDuty.contains($0.id!) && AlarmService.alarmedRoles.map(\.rawValue).contains($0.role) }
    }

    private func member(_ account: Account) -> HTML {
        let role = ShelterRole(rawValue: account.role) ?? .pending
        let id = account.id!.uuidString.lowercased()
        return H.li(.class("card staff-member")) {
            H.h2 { account.displayName }
            H.p {
                H.span { account.login }; " · "; H.strong { l.text("ss.role.\(role.apiName)") }
                if onDuty.contains(account.id!) { " · "; H.strong(.class("on-duty")) { l.text("ss.staff.on_duty") } }
            }
            if account.id != person.id {
                Components.postForm(c, action: "\(StaffPage.path)/\(id)/role", classes: "inline-form") {
                    SelectField(name: "role", label: l.text("ss.staff.role_for", ["name": account.displayName]),
                                options: ShelterRole.assignable.map { ($0.apiName, l.text("ss.role.\($0.apiName)")) }, includeEmpty: false)
                        .render(FormState(values: ["role": role == .pending ? ShelterRole.doctor.apiName : role.apiName]), l)
                    Components.primaryButton(l.text(role == .pending ? "ss.staff.give_role" : "ss.staff.change_role"))
                }
            }
        }
    }
}
