import Kernel

enum TemplateView {
    private static let prefix = GoldenAgerWeb.prefix

    /// What the volunteer will do and how long it takes; ordering asks first. When it
    /// suits the pensioner and a note are added on the order's own page afterwards
    /// (`OrderDetailsPage`): one page, one task.
    /// `orderingFor`: the pensioner a relative orders for (named on the page and sent with the order).
    /// `unserved`: no organisation serves the pensioner's city, so the page says so instead of ordering.
    /// `openOrder`: one is still open, and a pensioner has one at a time: the page says so, and links to it.
    static func page(_ member: Member, _ template: TaskTemplate, orderingFor: Profile?, unserved: CatalogService.UnservedCity?,
                     openOrder: HelpTask?, _ c: ViewContext) -> Page {
        let l = c.localizer
        let title = template.title(in: l.language)
        return GoldenAgerWeb.shell(member, title: title, section: .categories, c) {
            if let orderingFor { GoldenAgerWeb.orderingFor(orderingFor, by: member, l) }
            H.h1 { title }
            // How long, then the button, then what the volunteer does: «Замовити» stays on
            // the first view at 100 px tall, and the question after it names the task.
            H.p(.class("duration")) { l.text("ga.template.about", ["duration": l.duration(minutes: template.minutes)]) }
            if let unserved {
                GoldenAgerWeb.unservedNotice(unserved, l)
            } else if let openOrder, let id = openOrder.id {
                H.p(.class("one-order")) { l.text("ga.order.one_at_a_time") }
                H.a(.class("button button-block current-order"), .href("\(prefix)/orders/\(id)")) { l.text("ga.order.open_current") }
            } else {
                Components.postForm(c, action: "\(prefix)/orders", confirm: l.text("ga.order.confirm", ["title": title])) {
                    H.input(.type("hidden"), .name("templateId"), .value(template.id?.uuidString))
                    if let orderingFor { H.input(.type("hidden"), .name("pensionerId"), .value(orderingFor.id?.uuidString)) }
                    H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.order.submit") }
                }
            }
            H.section(.class("card")) { H.p { template.description(in: l.language) } }
            GoldenAgerWeb.backLink("\(prefix)/categories/\(template.$category.id)", l)
        }
    }
}
