import Kernel

enum OrdersView {
    private static let prefix = GoldenAgerWeb.prefix

    /// Every order with its status and date; none yet leads to the categories.
    static func page(_ member: Member, orders: [TaskDetails], _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.orders.title"), section: .orders, c) {
            H.h1 { l.text("ga.orders.title") }
            if orders.isEmpty {
                H.p(.class("lead")) { l.text("ga.orders.empty") }
                H.a(.class("button button-yes button-block"), .href("\(prefix)/categories")) { l.text("ga.orders.first") }
            }
            H.ul(.class("choices")) {
                for details in orders {
                    // A relative may help several people: whose each order is.
                    let title = details.template.title(in: l.language)
                    let whose = details.isForMyPensioner ? details.pensioner.map { "\($0.firstName) \($0.lastName): " } ?? "" : ""
                    GoldenAgerWeb.taskChoice(href: "\(prefix)/orders/\(details.task.id!)", title: whose + title,
                                             status: details.task.status, for: .pensioner, date: details.task.createdAt, l)
                }
            }
        }
    }
}
