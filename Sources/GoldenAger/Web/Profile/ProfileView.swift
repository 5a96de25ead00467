import Kernel
import Vapor

enum ProfileView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The person's phone and, for pensioners and volunteers, the form to change their
    /// details (`state`); then the links and buttons every role has.
    static func page(_ member: Member, state: FormState, organisations: [Organisation], hasPhoto: Bool = false, status: HTTPResponseStatus,
                     _ c: ViewContext) -> Page {
        let l = c.localizer
        let isVolunteer = member.role == .volunteer
        return GoldenAgerWeb.shell(member, title: l.text("ga.profile.title"), section: .profile, status: status,
                                   scripts: isVolunteer ? ["photo-upload.js"] : [], c) {
            H.h1 { l.text("ga.profile.title") }
            if let profile = member.profile {
                H.p(.class("lead")) { l.text("ga.profile.phone", ["phone": PhoneNumber.display(profile.phone)]) }
                if isVolunteer { photo(member, hasPhoto: hasPhoto, c) }
                if member.role == .pensioner || member.role == .volunteer || member.role == .relative {
                    Components.errorSummary(state, l)
                    form(member, state: state, organisations: organisations, c)
                }
            } else {
                H.p(.class("lead")) { member.account.displayName }
            }
            if member.role == .pensioner {
                H.a(.class("button button-block"), .href(RelativesPage.path)) { l.text("ga.relatives.title_pensioner") }
            } else {
                H.a(.class("button button-block"), .href("\(prefix)/instructions")) { l.text("ga.tab.instructions") }
            }
            H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
            Components.postForm(c, action: "\(prefix)/logout") {
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.logout") }
            }
        }
    }

    /// The volunteer's photo, which pensioners see before opening the door, and the form
    /// that puts up a new one (`photo-upload.js` draws it down to `pageSide` first).
    static func photo(_ member: Member, hasPhoto: Bool, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("card volunteer-photo"), .aria("labelledby", "photo-title")) {
            H.h2(.id("photo-title")) { l.text("ga.photo.title") }
            if hasPhoto {
                H.img(Attribute("src", "\(prefix)/volunteers/\(member.id)/photo"), Attribute("alt", l.text("ga.photo.alt", ["name": member.account.displayName])),
                      .class("person-photo"))
            } else {
                H.p(.class("flash flash-info")) { l.text("ga.photo.missing") }
            }
            H.form(Attribute("method", "post"), Attribute("action", "\(prefix)/profile/photo"), Attribute("enctype", "multipart/form-data"),
                   .class("photo-form"), .data("csrf", c.csrfToken), .data("scale", String(VolunteerPhotoService.pageSide))) {
                H.input(.type("hidden"), .name("_csrf"), .value(c.csrfToken))
                H.label(Attribute("for", "field-photo")) { l.text("ga.photo.choose") }
                H.input(.type("file"), .id("field-photo"), .name("photo"), Attribute("accept", "image/jpeg,image/png"), .flag("required"))
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.photo.save") }
            }
        }
    }

    /// What choosing another organisation means, said before saving: its coordinator
    /// checks the volunteer again, and until then they can take no task.
    static func organisationChange(_ member: Member, _ l: Localizer) -> TypingWarning? {
        guard let current = member.profile?.$organisation.id?.uuidString else { return nil }
        return TypingWarning(pattern: "^(?!\(current)$).+", message: l.text("ga.profile.organisation_change"))
    }

    /// The details: a pensioner gives their address (volunteers come there), a volunteer their organisation.
    static func form(_ member: Member, state: FormState, organisations: [Organisation], _ c: ViewContext) -> HTML {
        let l = c.localizer
        return Components.postForm(c, action: "\(prefix)/profile", classes: "card") {
            FormField(name: "firstName", label: l.text("ga.field.firstName"), autocomplete: "given-name", maxLength: ProfileRules.nameMax).render(state, l)
            FormField(name: "lastName", label: l.text("ga.field.lastName"), autocomplete: "family-name", maxLength: ProfileRules.nameMax).render(state, l)
            if member.role != .relative {
                FormField(name: "birthday", label: l.text("ga.field.birthday"), hint: l.text("ga.hint.birthday"), autocomplete: "bday", maxLength: 20).render(state, l)
                SelectField(name: "city", label: l.text("ga.field.city"), options: City.options(in: l.language)).render(state, l)
            }
            if member.role == .pensioner {
                FormField(name: "address", label: l.text("ga.field.address"), hint: l.text("ga.hint.address"), autocomplete: "street-address", maxLength: ProfileRules.addressMax).render(state, l)
            } else if member.role == .volunteer {
                SelectField(name: "organisationId", label: l.text("ga.field.organisation"), options: GoldenAgerWeb.organisationOptions(organisations),
                            warning: organisationChange(member, l)).render(state, l)
            }
            H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.profile.save") }
        }
    }
}
