import Foundation
import Kernel

/// The form on an animal's public page: name, phone, e-mail and a few words about the
/// home; with what to correct when it comes back.
struct ApplicationForm {
    let animalID: UUID
    let state: FormState
    var problem: String? = nil
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var html: HTML {
        H.section(.class("card"), .aria("labelledby", "apply")) {
            H.h2(.id("apply")) { l.text("ss.adopt.apply_title") }
            H.p(.class("hint")) { l.text("ss.adopt.apply_hint") }
            if let problem { H.p(.class("field-error"), Attribute("role", "alert")) { problem } }
            Components.errorSummary(state, l)
            Components.postForm(c, action: AdoptPage.animalPath(animalID)) {
                FormField(name: "name", label: l.text("ss.adopt.field_name"), autocomplete: "name", maxLength: ApplicationService.nameMaxLength).render(state, l)
                FormField(name: "phone", label: l.text("ss.adopt.field_phone"), type: "tel", hint: l.text("ss.adopt.phone_hint"), autocomplete: "tel",
                          maxLength: 32).render(state, l)
                FormField(name: "email", label: l.text("ss.adopt.field_email"), type: "email", autocomplete: "email",
                          maxLength: Kernel.Validator.emailMaxLength).render(state, l)
                TextAreaField(name: "home", label: l.text("ss.adopt.field_home"), hint: l.text("ss.adopt.home_hint"),
                              maxLength: ApplicationService.textMaxLength).render(state, l)
                Components.primaryButton(l.text("ss.adopt.apply_submit"))
            }
        }
    }
}

/// After applying: what happens next.
struct AppliedView {
    let animal: PublicAnimal
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(nil, title: l.text("ss.adopt.applied_title"), section: .none, c) {
            H.h1 { l.text("ss.adopt.applied_title") }
            H.p { l.text("ss.adopt.applied_body", ["name": animal.name]) }
            H.p { H.a(.href(AdoptPage.path)) { l.text("ss.adopt.back_to_list") } }
        }
    }
}
