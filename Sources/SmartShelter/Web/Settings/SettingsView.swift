import Foundation
import Kernel
import Vapor

/// A person's settings form, the director's links to running the shelter, and the
/// account's own pages.
struct SettingsView {
    let person: StaffMember
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    static func form(_ person: StaffMember) -> FormState {
        FormState(values: ["name": person.name, "language": person.account.language ?? Language.uk.rawValue,
                           "temperatureUnit": person.unit.rawValue, "timeZone": person.timeZone.identifier,
                           "onDuty": person.profile.onDuty ? "true" : "false"])
    }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.settings.title"), section: .settings, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.settings.title") }
                H.p { person.email; " · "; H.strong { l.text("ss.role.\(person.role.apiName)") } }
                Components.errorSummary(form, l)
                Components.postForm(c, action: SettingsPage.path) {
                    FormField(name: "name", label: l.text("ss.field.name"), autocomplete: "name", maxLength: AccountService.nameMaxLength).render(form, l)
                    SelectField(name: "language", label: l.text("ss.field.language"),
                                options: [(Language.uk.rawValue, "Українська"), (Language.en.rawValue, "English")], includeEmpty: false).render(form, l)
                    SelectField(name: "temperatureUnit", label: l.text("ss.field.unit"),
                                options: [(TemperatureUnit.celsius.rawValue, l.text("ss.unit.c")), (TemperatureUnit.fahrenheit.rawValue, l.text("ss.unit.f"))],
                                includeEmpty: false).render(form, l)
                    SelectField(name: "timeZone", label: l.text("ss.field.time_zone"), options: TimeZoneChoices.options(current: form.values["timeZone"]),
                                includeEmpty: false).render(form, l)
                    if [.director, .doctor].contains(person.role) {
                        SelectField(name: "onDuty", label: l.text("ss.field.on_duty"),
                                    options: [("false", l.text("ss.duty.off")), ("true", l.text("ss.duty.on"))], includeEmpty: false).render(form, l)
                        H.p(.class("hint")) { l.text("ss.hint.on_duty") }
                    }
                    Components.primaryButton(l.text("ss.settings.save"))
                }
                H.p(.class("hint")) { l.text("ss.settings.dst_hint") }
            }
            if person.role == .director {
                H.section(.class("card"), .aria("labelledby", "running")) {
                    H.h2(.id("running")) { l.text("ss.settings.running") }
                    H.ul(.class("plain-list")) {
                        H.li { H.a(.href("\(ShelterWeb.prefix)/staff")) { l.text("ss.tab.staff") } }
                        H.li { H.a(.href(AuditPage.path)) { l.text("ss.staff.audit") } }
                        // No `download` attribute: with the password window closed the link leads to the
                        // password page first, which must open, not be saved (the archive itself comes
                        // with `Content-Disposition: attachment`).
                        H.li { H.a(.href(BackupPage.path)) { l.text("ss.backup.download") } }
                    }
                    H.p(.class("hint")) { l.text("ss.backup.hint") }
                }
            }
            H.section(.class("card")) {
                H.h2 { l.text("ss.settings.account") }
                H.ul(.class("plain-list")) {
                    H.li { H.a(.href("\(ShelterWeb.prefix)/account/password")) { l.text("ss.settings.password") } }
                    H.li { H.a(.href("\(ShelterWeb.prefix)/account/delete")) { l.text("ss.settings.delete") } }
                }
                Components.postForm(c, action: "\(ShelterWeb.prefix)/logout") {
                    H.button(.class("button button-block"), .type("submit")) { l.text("ss.settings.logout") }
                }
            }
        }
    }
}
