import Kernel

enum CategoriesView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The tiles; with an order still open, a button to it first; in a city no
    /// organisation serves, what that means before anything is chosen.
    static func page(_ member: Member, categories: [Category], openOrder: HelpTask?, orderingFor: Profile?,
                     unserved: CatalogService.UnservedCity?, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.categories.title"), section: .categories, c) {
            if let orderingFor { GoldenAgerWeb.orderingFor(orderingFor, by: member, l) }
            if let openOrder, let id = openOrder.id {
                H.a(.class("button button-block current-order"), .href("\(prefix)/orders/\(id)")) {
                    l.text(openOrder.status == .searching ? "ga.categories.current_searching" : "ga.categories.current_accepted")
                }
                H.p(.class("one-order")) { l.text("ga.order.one_at_a_time") }
            }
            H.h1 { l.text("ga.categories.title") }
            if let unserved { GoldenAgerWeb.unservedNotice(unserved, l) }
            H.p(.class("lead")) { l.text("ga.categories.lead") }
            H.ul(.class("tiles")) {
                for category in categories {
                    H.li {
                        H.a(.class("tile tile-\(category.slug)"), .href("\(prefix)/categories/\(category.id!)")) {
                            Icon.category(category.slug)
                            H.span(.class("tile-label")) { category.name(in: l.language) }
                        }
                    }
                }
            }
        }
    }

    /// A category's ready-made tasks, each with how long it takes.
    static func category(_ member: Member, _ category: Category, templates: [TaskTemplate], _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: category.name(in: l.language), section: .categories, c) {
            H.h1 { category.name(in: l.language) }
            H.p(.class("lead")) { l.text("ga.category.lead") }
            H.ul(.class("choices")) {
                for template in templates {
                    H.li {
                        H.a(.class("choice"), .href("\(prefix)/templates/\(template.id!)")) {
                            H.span(.class("choice-title")) { template.title(in: l.language) }
                            H.span(.class("choice-meta")) { l.text("ga.template.about", ["duration": l.duration(minutes: template.minutes)]) }
                        }
                    }
                }
            }
            GoldenAgerWeb.backLink("\(prefix)/categories", l)
        }
    }

    /// The consultation is a phone call, not a task: its number (`phone`), if one is set.
    static func consultation(_ member: Member, category: Category, phone: String?, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: category.name(in: l.language), section: .categories, c) {
            H.h1 { category.name(in: l.language) }
            if let phone {
                H.p(.class("lead")) { l.text("ga.consultation.lead") }
                GoldenAgerWeb.phoneLink(phone, label: l.text("ga.consultation.call"))
            } else {
                H.p(.class("lead")) { l.text("ga.consultation.none") }
            }
            GoldenAgerWeb.backLink("\(prefix)/categories", l)
        }
    }
}
