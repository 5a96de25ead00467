import Foundation
import Kernel
import Vapor

/// The categories page: a form to add one, the person's own with a rename form and a
/// delete button each, the ones kept for old activities with a way back, and the
/// built-in ones for reference.
struct CategoriesView {
    let planner: Planner
    /// Built-in and own, archived included (`CategoryService.all(for:)`).
    let categories: [RestCategory]
    /// What was typed where a change was refused (`name` to add, `name-<id>` to rename).
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var path: String { CategoriesPage.path }
    private var own: [RestCategory] { categories.filter { !$0.isBuiltIn && !$0.isArchived } }
    private var archived: [RestCategory] { categories.filter(\.isArchived) }

    var page: Page {
        FuctivityWeb.shell(planner, title: l.text("fx.categories.title"), section: .profile, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("fx.categories.title") }
                H.p { l.text("fx.categories.explain") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: path) {
                    FormField(name: "name", label: l.text("fx.categories.new"), maxLength: CategoryService.nameMaxLength)
                        .render(form, l)
                    Components.primaryButton(l.text("fx.categories.add"))
                }
            }
            H.section(.class("card"), .aria("labelledby", "own-categories")) {
                H.h2(.id("own-categories")) { l.text("fx.categories.own") }
                if own.isEmpty { H.p(.class("empty")) { l.text("fx.categories.none") } }
                H.ul(.class("plain-list category-list")) { HTMLBuilder.join(own.map(ownCategory)) }
            }
            if !archived.isEmpty {
                H.section(.class("card"), .aria("labelledby", "kept-categories")) {
                    H.h2(.id("kept-categories")) { l.text("fx.categories.kept") }
                    H.p(.class("hint")) { l.text("fx.categories.kept_explain") }
                    H.ul(.class("plain-list")) { HTMLBuilder.join(archived.map(keptCategory)) }
                }
            }
            H.section(.class("card"), .aria("labelledby", "built-in-categories")) {
                H.h2(.id("built-in-categories")) { l.text("fx.categories.built_in") }
                H.p { categories.filter(\.isBuiltIn).map { $0.name(in: l.language) }.joined(separator: " · ") }
            }
        }
    }

    /// Its name in a rename form, and delete (asked to confirm).
    private func ownCategory(_ category: RestCategory) -> HTML {
        let id = category.id!
        let name = category.name(in: l.language)
        let field = "name-\(id)"
        var state = form
        if state.values[field] == nil { state.values[field] = name }
        return H.li(.class("category"), .data("category-id", id.uuidString)) {
            Components.postForm(c, action: "\(path)/\(id)", classes: "inline-form") {
                FormField(name: field, label: l.text("fx.categories.name_of", ["name": name]), maxLength: CategoryService.nameMaxLength)
                    .render(state, l)
                H.button(.type("submit"), .class("button"), .aria("label", l.text("fx.categories.rename_named", ["name": name]))) {
                    l.text("fx.categories.rename")
                }
            }
            Components.postForm(c, action: "\(path)/\(id)/delete", confirm: l.text("fx.categories.delete_confirm", ["name": name])) {
                Components.dangerButton(l.text("fx.categories.delete_named", ["name": name]))
            }
        }
    }

    /// A category kept for its activities: adding its name again brings it back.
    private func keptCategory(_ category: RestCategory) -> HTML {
        let name = category.name(in: l.language)
        return H.li {
            Components.postForm(c, action: path, classes: "inline-form") {
                H.input(.type("hidden"), .name("name"), .value(name))
                H.span { name }
                " "
                H.button(.type("submit"), .class("button"), .aria("label", l.text("fx.categories.restore_named", ["name": name]))) {
                    l.text("fx.categories.restore")
                }
            }
        }
    }
}
