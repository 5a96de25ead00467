import Foundation
import Kernel
import Vapor

enum RelativesView {
    private static let prefix = GoldenAgerWeb.prefix

    /// A pensioner's relatives or a relative's pensioners; for a pensioner the code just
    /// made, for a relative the linking form and each pensioner's open order.
    struct Model {
        let member: Member
        let people: [Profile]
        let openOrders: [UUID: HelpTask]
        let code: RelativeService.IssuedCode?
        let form: FormState
    }

    static func page(_ model: Model, status: HTTPResponseStatus, _ c: ViewContext) -> Page {
        let l = c.localizer
        let isPensioner = model.member.role == .pensioner
        let title = l.text(isPensioner ? "ga.relatives.title_pensioner" : "ga.relatives.title_relative")
        return GoldenAgerWeb.shell(model.member, title: title, section: isPensioner ? .profile : .relatives, status: status, c) {
            H.h1 { title }
            if isPensioner { pensionerContent(model, c) } else { relativeContent(model, c) }
        }
    }

    // MARK: Pensioner

    private static func pensionerContent(_ model: Model, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.p(.class("lead")) { l.text("ga.relatives.lead_pensioner") },
            model.code.map { code(l.number(group: $0.code), until: $0.expiresAt, c) } ?? .empty,
            Components.postForm(c, action: "\(prefix)/relatives/code") {
                H.button(.type("submit"), .class(model.code == nil ? "button button-yes button-block" : "button button-block")) {
                    l.text(model.code == nil ? "ga.relatives.show_code" : "ga.relatives.new_code")
                }
            },
            H.div(.id("relatives-list"), .class("live-region"), .aria("live", "polite"),
                  .data("refresh-url", "\(prefix)/relatives/list"), .data("refresh-on", "relative.linked")) {
                relativesList(model.people, c)
            },
            GoldenAgerWeb.backLink("\(prefix)/profile", l),
        ])
    }

    /// The code, large, and until when it works.
    private static func code(_ code: String, until: Date, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("card relative-code")) {
            H.p { l.text("ga.relatives.code_label") }
            H.p(.class("code-digits")) { code }
            H.p { l.text("ga.relatives.code_hint", ["time": l.time(until)]) }
        }
    }

    /// Who helps the pensioner, each with their phone and a way to remove them.
    static func relativesList(_ people: [Profile], _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.h2 { l.text("ga.relatives.helping_you") },
            H.div {
                if people.isEmpty {
                    H.p(.class("empty")) { l.text("ga.relatives.none_pensioner") }
                } else {
                    H.ul(.class("people")) {
                        for person in people {
                            H.li(.class("card person")) {
                                H.p(.class("person-name")) { person.fullName }
                                GoldenAgerWeb.phoneLink(person.phone, label: l.text("ga.relatives.call"))
                                removeForm(person, c)
                            }
                        }
                    }
                }
            },
        ])
    }

    // MARK: Relative

    private static func relativeContent(_ model: Model, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.div {
                if model.people.isEmpty {
                    H.p(.class("lead")) { l.text("ga.relatives.none_relative") }
                } else {
                    H.ul(.class("people")) {
                        for pensioner in model.people {
                            pensionerCard(pensioner, open: pensioner.id.flatMap { model.openOrders[$0] }, c)
                        }
                    }
                }
            },
            H.section(.class("card")) {
                H.h2 { l.text("ga.relatives.link_title") }
                H.p { l.text("ga.relatives.link_hint") }
                Components.errorSummary(model.form, l)
                Components.postForm(c, action: "\(prefix)/relatives") {
                    FormField(name: "phone", label: l.text("ga.relatives.field.phone"), type: "tel", hint: l.text("ga.hint.phone"),
                              autocomplete: "off", inputMode: "tel", maxLength: 40).render(model.form, l)
                    FormField(name: "code", label: l.text("ga.relatives.field.code"), autocomplete: "one-time-code",
                              inputMode: "numeric", maxLength: 20).render(model.form, l)
                    H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.relatives.link") }
                }
            },
        ])
    }

    /// One pensioner a relative helps: their open order, if any, and ordering for them.
    private static func pensionerCard(_ pensioner: Profile, open: HelpTask?, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let id = pensioner.id!
        return H.li(.class("card person")) {
            H.p(.class("person-name")) { pensioner.fullName }
            H.p(.class("person-meta")) { [City.name(of: pensioner.city, in: l.language), pensioner.address ?? ""].filter { !$0.isEmpty }.joined(separator: ", ") }
            if let open, let taskID = open.id {
                H.a(.class("button button-block current-order"), .href("\(prefix)/orders/\(taskID)")) {
                    l.text(open.status == .searching ? "ga.categories.current_searching" : "ga.categories.current_accepted")
                }
            } else {
                Components.postForm(c, action: "\(prefix)/relatives/\(id)/order") {
                    // Each card has this button: its name says whose it is.
                    H.button(.type("submit"), .class("button button-yes button-block"),
                             .aria("label", "\(l.text("ga.relatives.order_for")): \(pensioner.fullName)")) { l.text("ga.relatives.order_for") }
                }
            }
            removeForm(pensioner, c)
        }
    }

    private static func removeForm(_ person: Profile, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return Components.postForm(c, action: "\(prefix)/relatives/\(person.id!)/remove",
                                   confirm: l.text("ga.relatives.remove_confirm", ["name": person.fullName])) {
            H.button(.type("submit"), .class("button button-block button-no"),
                     .aria("label", "\(l.text("ga.relatives.remove")): \(person.fullName)")) { l.text("ga.relatives.remove") }
        }
    }
}

extension Localizer {
    /// «482 913»: six digits read out in two groups.
    func number(group code: String) -> String {
        code.count == 6 ? "\(code.prefix(3)) \(code.suffix(3))" : code
    }
}
