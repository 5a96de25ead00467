import Kernel
import Vapor

enum AdminOrganisationsView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The organisations, and the states of the forms that add one and add a coordinator.
    struct Model {
        let member: Member
        let organisations: [Organisation]
        /// The cities each serves.
        let cities: [UUID: Set<String>]
        let newOrganisation: FormState
        let coordinator: FormState
    }

    static func page(_ model: Model, status: HTTPResponseStatus, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(model.member, title: l.text("ga.admin.organisations"), section: .admin, status: status, c) {
            H.h1 { l.text("ga.admin.organisations") }
            for organisation in model.organisations {
                renameForm(organisation, c)
                citiesForm(organisation, serving: model.cities[organisation.id!] ?? [], c)
            }
            H.h2 { l.text("ga.admin.new_organisation") }
            Components.postForm(c, action: "\(prefix)/admin/organisations", classes: "card") {
                FormField(name: "name", label: l.text("ga.field.organisation_name"), maxLength: 100).render(model.newOrganisation, l)
                Components.primaryButton(l.text("ga.admin.add"))
            }
            H.h2 { l.text("ga.admin.new_coordinator") }
            coordinatorForm(model.coordinator, organisations: model.organisations, c)
        }
    }

    private static func renameForm(_ organisation: Organisation, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return Components.postForm(c, action: "\(prefix)/admin/organisations/\(organisation.id!)", classes: "card inline-form") {
            FormField(name: "name", label: l.text("ga.field.organisation_name"), maxLength: 100)
                .render(FormState(values: ["name": organisation.name]), l)
            H.button(.type("submit"), .class("button")) { l.text("ga.admin.rename") }
        }
    }

    /// A box per city, ticked where the organisation works; its volunteers join only there.
    private static func citiesForm(_ organisation: Organisation, serving cities: Set<String>, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let id = organisation.id!
        return Components.postForm(c, action: "\(prefix)/admin/organisations/\(id)/cities", classes: "card") {
            H.fieldset(.class("field city-choices")) {
                H.legend { l.text("ga.organisation.cities") + " — " + organisation.name }
                for city in City.sorted(in: l.language) {
                    H.label(.class("check")) {
                        H.input(.type("checkbox"), .name("city-\(city.id)"), .value("on"), .flag("checked", cities.contains(city.id)))
                        H.span { city.name(in: l.language) }
                    }
                }
            }
            H.button(.type("submit"), .class("button"), .aria("label", l.text("ga.organisation.cities_save_named", ["name": organisation.name]))) {
                l.text("ga.organisation.cities_save")
            }
        }
    }

    /// A coordinator's account: the organisation they coordinate, and what a volunteer gives when joining.
    private static func coordinatorForm(_ state: FormState, organisations: [Organisation], _ c: ViewContext) -> HTML {
        let l = c.localizer
        return Components.postForm(c, action: "\(prefix)/admin/coordinators", classes: "card") {
            Components.errorSummary(state, l)
            SelectField(name: "organisationId", label: l.text("ga.field.organisation"), options: GoldenAgerWeb.organisationOptions(organisations)).render(state, l)
            FormField(name: "phone", label: l.text("ga.field.phone"), type: "tel", hint: l.text("ga.hint.phone"), maxLength: 40).render(state, l)
            FormField(name: "firstName", label: l.text("ga.field.firstName"), maxLength: ProfileRules.nameMax).render(state, l)
            FormField(name: "lastName", label: l.text("ga.field.lastName"), maxLength: ProfileRules.nameMax).render(state, l)
            FormField(name: "birthday", label: l.text("ga.field.birthday"), hint: l.text("ga.hint.birthday"), maxLength: 20).render(state, l)
            SelectField(name: "city", label: l.text("ga.field.city"), options: City.options(in: l.language)).render(state, l)
            FormField(name: "password", label: l.text("ga.field.password"), type: "password", hint: l.text("ga.hint.password"), autocomplete: "new-password", maxLength: 200).render(state, l)
            Components.primaryButton(l.text("ga.admin.add"))
        }
    }
}
