import Fluent
import Foundation
import Kernel
import Vapor

/// The pensioner's side: large tiles, one decision per screen, a question before
/// anything happens, and a status page that updates by itself.
enum PensionerPages {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("categories", use: categories)
        web.get("categories", ":categoryID", use: category)
        web.get("templates", ":templateID", use: template)
        web.post("orders", use: order)
        web.get("orders", use: orders)
        web.get("orders", ":taskID", use: orderPage)
        web.get("orders", ":taskID", "status", use: orderStatus)
        web.post("orders", ":taskID", "cancel", use: cancel)
        web.post("orders", ":taskID", "complete", use: complete)
    }

    static func categories(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let l = req.localizer
        let categories = try await req.goldenAger.catalog.categories()
        let open = try await req.goldenAger.tasks.openOrder(of: member)
        return GoldenAgerWeb.page(req, member, title: l.text("ga.categories.title"), section: .categories) {
            if let open, let id = open.id {
                H.a(.class("button button-block current-order"), .href("\(prefix)/orders/\(id)")) {
                    l.text(open.status == .searching ? "ga.categories.current_searching" : "ga.categories.current_accepted")
                }
            }
            H.h1 { l.text("ga.categories.title") }
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

    static func category(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let l = req.localizer
        let catalog = req.goldenAger.catalog
        let category = try await catalog.category(try req.uuidParameter("categoryID"))
        if category.isConsultation {
            let phone = try await catalog.consultationPhone()
            return GoldenAgerWeb.page(req, member, title: category.name(in: l.language), section: .categories) {
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
        let templates = try await catalog.templates(in: category.requireID())
        return GoldenAgerWeb.page(req, member, title: category.name(in: l.language), section: .categories) {
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

    static func template(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let l = req.localizer
        let template = try await req.goldenAger.catalog.template(try req.uuidParameter("templateID"))
        let title = template.title(in: l.language)
        return GoldenAgerWeb.page(req, member, title: title, section: .categories) {
            H.h1 { title }
            H.section(.class("card")) {
                H.p { template.description(in: l.language) }
                H.p(.class("duration")) { l.text("ga.template.about", ["duration": l.duration(minutes: template.minutes)]) }
            }
            Components.postForm(req, action: "\(prefix)/orders", confirm: l.text("ga.order.confirm", ["title": title])) {
                H.input(.type("hidden"), .name("templateId"), .value(template.id?.uuidString))
                H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.order.submit") }
            }
            GoldenAgerWeb.backLink("\(prefix)/categories/\(template.$category.id)", l)
        }
    }

    static func order(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        guard let templateID = (try? req.content.get(String.self, at: "templateId")).flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound(code: "template_not_found", key: "ga.template.not_found")
        }
        do {
            let task = try await req.goldenAger.tasks.order(templateID: templateID, by: member)
            return req.redirect(to: "\(prefix)/orders/\(task.id!)", flash: .success, "ga.order.placed")
        } catch let error as AppError where error.code == "open_task_exists" {
            // A second tap, or an order already waiting: show the one there is.
            let open = try await req.goldenAger.tasks.openOrder(of: member)
            return req.redirect(to: open.map { "\(prefix)/orders/\($0.id!)" } ?? "\(prefix)/orders", flash: .info, error.key)
        }
    }

    static func orders(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let l = req.localizer
        let orders = try await req.goldenAger.tasks.orders(of: member)
        return GoldenAgerWeb.page(req, member, title: l.text("ga.orders.title"), section: .orders) {
            H.h1 { l.text("ga.orders.title") }
            if orders.isEmpty {
                H.p(.class("lead")) { l.text("ga.orders.empty") }
                H.a(.class("button button-yes button-block"), .href("\(prefix)/categories")) { l.text("ga.orders.first") }
            }
            H.ul(.class("choices")) {
                for details in orders {
                    H.li {
                        H.a(.class("choice"), .href("\(prefix)/orders/\(details.task.id!)")) {
                            H.span(.class("choice-title")) { details.template.title(in: l.language) }
                            H.span(.class("choice-meta")) {
                                GoldenAgerWeb.statusBadge(details.task.status, l)
                                " · \(l.date(details.task.createdAt))"
                            }
                        }
                    }
                }
            }
        }
    }

    static func details(_ req: Request, _ member: Member) async throws -> TaskDetails {
        let details = try await req.goldenAger.tasks.task(try req.uuidParameter("taskID"), for: member)
        guard details.isMine else { throw AppError.notFound() }
        return details
    }

    /// The order's page; its status part refreshes itself when something happens.
    static func orderPage(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let l = req.localizer
        let details = try await details(req, member)
        return GoldenAgerWeb.page(req, member, title: details.template.title(in: l.language), section: .orders) {
            H.h1 { details.template.title(in: l.language) }
            H.div(.id("order-status"), .class("live-region"), .aria("live", "polite"),
                  .data("refresh-url", "\(prefix)/orders/\(details.task.id!)/status"),
                  .data("refresh-on", "task.accepted,task.withdrawn,task.cancelled,task.done")) {
                statusBlock(req, details)
            }
        }
    }

    static func orderStatus(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        return GoldenAgerWeb.fragment(statusBlock(req, try await details(req, member)))
    }

    static func statusBlock(_ req: Request, _ details: TaskDetails) -> HTML {
        let l = req.localizer
        let task = details.task
        let title = details.template.title(in: l.language)
        let lastWithdrawal = details.history.last { $0.action == .withdrawn }
        return H.div(.class("order order-\(task.status.rawValue)"), .data("status", task.status.rawValue)) {
            switch task.status {
            case .searching:
                H.p(.class("status-line")) {
                    Icon.clock
                    H.strong { l.text("ga.order.searching") }
                }
                H.p { l.text("ga.order.searching_hint") }
                if let lastWithdrawal {
                    H.p(.class("flash flash-info")) { l.text("ga.order.withdrawn", ["reason": lastWithdrawal.reason ?? ""]) }
                }
                Components.postForm(req, action: "\(prefix)/orders/\(task.id!)/cancel", confirm: l.text("ga.order.cancel_confirm", ["title": title])) {
                    H.button(.type("submit"), .class("button button-no button-block")) { l.text("ga.order.cancel") }
                }
            case .accepted:
                H.p(.class("status-line")) {
                    Icon.check
                    H.strong { l.text("ga.order.accepted") }
                }
                if let volunteer = details.volunteer {
                    H.section(.class("card volunteer")) {
                        H.p(.class("volunteer-name")) { "\(volunteer.firstName) \(volunteer.lastName)" }
                        if let organisation = volunteer.organisation {
                            H.p(.class("volunteer-organisation")) { l.text("ga.order.organisation", ["name": organisation]) }
                        }
                        if let phone = volunteer.phone { GoldenAgerWeb.phoneLink(phone, label: l.text("ga.order.call_volunteer")) }
                    }
                }
                Components.postForm(req, action: "\(prefix)/orders/\(task.id!)/complete", confirm: l.text("ga.order.complete_confirm")) {
                    H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.order.complete") }
                }
                Components.postForm(req, action: "\(prefix)/orders/\(task.id!)/cancel", confirm: l.text("ga.order.cancel_confirm", ["title": title])) {
                    H.button(.type("submit"), .class("button button-no button-block")) { l.text("ga.order.cancel") }
                }
            case .done:
                H.p(.class("status-line")) { H.strong { l.text("ga.order.done") } }
                if let volunteer = details.volunteer {
                    H.p { l.text("ga.order.done_by", ["name": "\(volunteer.firstName) \(volunteer.lastName)"]) }
                }
                H.a(.class("button button-block"), .href("\(prefix)/categories")) { l.text("ga.order.new") }
            case .cancelled:
                H.p(.class("status-line")) { H.strong { l.text("ga.order.cancelled") } }
                H.a(.class("button button-block"), .href("\(prefix)/categories")) { l.text("ga.order.new") }
            }
        }
    }

    static func orderPath(_ id: UUID) -> String { "\(prefix)/orders/\(id)" }

    static func cancel(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .pensioner, fallback: orderPath, next: orderPath, .success, "ga.order.cancelled_flash") {
            _ = try await $0.cancel(taskID: $1, by: $2)
        }
    }

    static func complete(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .pensioner, fallback: orderPath, next: orderPath, .success, "ga.order.done_flash") {
            _ = try await $0.complete(taskID: $1, by: $2)
        }
    }
}
