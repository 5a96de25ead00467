import Foundation
import Kernel

enum AdminCategoriesView {
    private static let prefix = GoldenAgerWeb.prefix

    /// Every category with its templates (`templates`, by category id, in order).
    static func page(_ member: Member, categories: [Category], templates: [UUID: [TaskTemplate]], _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.admin.categories"), section: .admin, c) {
            H.h1 { l.text("ga.admin.categories") }
            for category in categories {
                H.section(.class("card")) {
                    renameForm(category, c)
                    // The consultation is a phone number, not tasks.
                    if !category.isConsultation { templateList(category, templates[category.id!] ?? [], l) }
                }
            }
        }
    }

    private static func renameForm(_ category: Category, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return Components.postForm(c, action: "\(prefix)/admin/categories/\(category.id!)") {
            FormField(name: "nameUk", label: l.text("ga.field.name_uk"), maxLength: 60).render(FormState(values: ["nameUk": category.nameUK]), l)
            FormField(name: "nameEn", label: l.text("ga.field.name_en"), maxLength: 60).render(FormState(values: ["nameEn": category.nameEN]), l)
            H.button(.type("submit"), .class("button")) { l.text("ga.admin.rename") }
        }
    }

    private static func templateList(_ category: Category, _ templates: [TaskTemplate], _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            H.ul(.class("plain-list")) {
                for template in templates {
                    H.li {
                        H.a(.href("\(prefix)/admin/templates/\(template.id!)")) { template.title(in: l.language) }
                        if template.archivedAt != nil { " (\(l.text("ga.admin.archived")))" }
                    }
                }
            },
            H.a(.class("button"), .href("\(prefix)/admin/templates/new?category=\(category.id!)")) { l.text("ga.admin.new_template") },
        ])
    }
}
