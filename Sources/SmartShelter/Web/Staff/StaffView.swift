import Foundation
import Kernel

/// The director's staff list: each person's role (a form to change it) and who is on duty.
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
            H.p { H.a(.href(AuditPage.path)) { l.text("ss.staff.audit") } }
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
                // Folded: taking someone off the staff is two deliberate taps, never one stray one.
                H.details(.class("dismissal")) {
                    H.summary { l.text("ss.staff.dismiss") }
                    Components.postForm(c, action: "\(StaffPage.path)/\(id)/dismissal") {
                        H.p(.class("hint")) { l.text("ss.staff.dismiss_hint", ["name": account.displayName]) }
                        Components.dangerButton(l.text("ss.staff.dismiss"))
                    }
                }
            }

        }
    }
}
