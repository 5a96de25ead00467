import Foundation
import Kernel
import Vapor

/// The intake form: who the animal is, when and why it came, where it lives, its weight.
struct NewAnimalView {
    let person: StaffMember
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let enclosures: [(value: String, label: String)]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.animals.new"), section: .animals, status: status, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AnimalsPage.path)) { l.text("ss.animals.title") } }
            H.h1 { l.text("ss.animals.new") }
            Components.errorSummary(form, l)
            Components.postForm(c, action: AnimalsPage.path) {
                AnimalForm.fields(form, l)
                FormField(name: "intakeOn", label: l.text("ss.field.intake_on"), type: "date").render(form, l)
                TextAreaField(name: "intakeReason", label: l.text("ss.field.intake_reason"), required: false, maxLength: AnimalService.textMaxLength).render(form, l)
                SelectField(name: "enclosureId", label: l.text("ss.field.enclosure"), options: enclosures, required: false,
                            emptyLabel: l.text("ss.animal.no_enclosure")).render(form, l)
                FormField(name: "weight", label: l.text("ss.field.weight"), required: false, inputMode: "decimal", maxLength: 16).render(form, l)
                Components.primaryButton(l.text("ss.animals.take_in"))
            }
        }
    }
}

/// The fields of who an animal is, shared by the intake form and the edit form.
enum AnimalForm {
    static func fields(_ form: FormState, _ l: Localizer) -> HTML {
        H.div {
            FormField(name: "name", label: l.text("ss.field.animal_name"), maxLength: AnimalService.nameMaxLength).render(form, l)
            SelectField(name: "species", label: l.text("ss.field.species"),
                        options: Animal.Species.allCases.map { ($0.rawValue, l.text("ss.species.\($0.rawValue)")) }).render(form, l)
            FormField(name: "breed", label: l.text("ss.field.breed"), required: false, maxLength: AnimalService.nameMaxLength).render(form, l)
            SelectField(name: "sex", label: l.text("ss.field.sex"), options: Animal.Sex.allCases.map { ($0.rawValue, l.text("ss.sex.\($0.rawValue)")) },
                        includeEmpty: false).render(form, l)
            FormField(name: "bornOn", label: l.text("ss.field.born_on"), type: "date", required: false).render(form, l)
            SelectField(name: "birthEstimated", label: l.text("ss.field.birth_estimated"),
                        options: [("false", l.text("ss.animal.birth_exact")), ("true", l.text("ss.animal.birth_estimate"))], includeEmpty: false).render(form, l)
            TextAreaField(name: "description", label: l.text("ss.field.description"), required: false, maxLength: AnimalService.textMaxLength).render(form, l)
        }
    }
}
