import Kernel
import Vapor

enum JoinView {
    private static let prefix = GoldenAgerWeb.prefix

    /// One step of the sign-up: whose, which (from 1), what was typed and what was wrong;
    /// the warning for a city no organisation serves; the organisations a volunteer picks
    /// from, or why there are none.
    struct Model {
        let role: GARole
        let number: Int
        let state: FormState
        var cityWarning: TypingWarning? = nil
        var organisations: [Organisation] = []
        var unserved: CatalogService.UnservedCity? = nil

        var steps: [JoinPage.Step] { JoinPage.Step.steps(for: role) }
        var step: JoinPage.Step { steps[number - 1] }
    }

    static func page(_ model: Model, _ c: ViewContext) -> Page {
        let l = c.localizer
        let role = model.role.rawValue
        let back = model.number == 1 ? "\(prefix)/" : "\(prefix)/join/\(role)/\(model.number - 1)"
        let status: HTTPResponseStatus = model.state.errors.isEmpty ? .ok : .unprocessableEntity
        return GoldenAgerWeb.shell(nil, title: l.text("ga.join.title.\(role)"), section: .none, status: status, c) {
            H.section(.class("card join")) {
                H.p(.class("progress")) { l.text("ga.join.progress", ["step": String(model.number), "total": String(model.steps.count)]) }
                H.h1 { l.text("ga.join.title.\(role)") }
                Components.errorSummary(model.state, l)
                if let unserved = model.unserved { GoldenAgerWeb.unservedNotice(unserved, l) }
                Components.postForm(c, action: "\(prefix)/join/\(role)/\(model.number)") {
                    field(model, l)
                    H.button(.type("submit"), .class("button button-yes button-block")) {
                        l.text(model.step == .password ? "ga.join.finish" : "ga.join.next")
                    }
                }
                GoldenAgerWeb.backLink(back, l)
            }
        }
    }

    /// The step's one question.
    static func field(_ model: Model, _ l: Localizer) -> HTML {
        let step = model.step, state = model.state
        let label = l.text("ga.join.ask.\(step.rawValue)")
        switch step {
        case .phone:
            return FormField(name: "phone", label: label, type: "tel", hint: l.text("ga.hint.phone"), autocomplete: "tel", inputMode: "tel", maxLength: 40).render(state, l)
        case .firstName:
            return FormField(name: "firstName", label: label, autocomplete: "given-name", maxLength: ProfileRules.nameMax).render(state, l)
        case .lastName:
            return FormField(name: "lastName", label: label, autocomplete: "family-name", maxLength: ProfileRules.nameMax).render(state, l)
        case .birthday:
            return FormField(name: "birthday", label: label, hint: l.text("ga.hint.birthday"), autocomplete: "bday", maxLength: 20).render(state, l)
        case .city:
            return SelectField(name: "city", label: label, options: City.options(in: l.language), warning: model.cityWarning).render(state, l)
        case .address:
            return FormField(name: "address", label: label, hint: l.text("ga.hint.address"), autocomplete: "street-address", maxLength: ProfileRules.addressMax).render(state, l)
        case .organisationId:
            return SelectField(name: "organisationId", label: label, options: GoldenAgerWeb.organisationOptions(model.organisations)).render(state, l)
        case .password:
            return FormField(name: "password", label: label, type: "password", hint: l.text("ga.hint.password"), autocomplete: "new-password", maxLength: 200).render(state, l)
        }
    }
}
