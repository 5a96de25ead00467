import Fluent
import Foundation
import Kernel
import Vapor

/// The volunteer's side: a live inbox of their city's tasks while online, the task they
/// took with the pensioner's contact, and their hours.
enum VolunteerPages {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("inbox", use: inbox)
        web.get("inbox", "list", use: inboxList)
        web.post("availability", use: setAvailability)
        web.get("tasks", ":taskID", use: taskPage)
        web.post("tasks", ":taskID", "accept", use: accept)
        web.post("tasks", ":taskID", "decline", use: decline)
        web.post("tasks", ":taskID", "withdraw", use: withdraw)
        web.get("assignments", use: assignments)
        web.get("assignments", "hours", use: hoursFragment)
        web.get("hours", "certificate", use: certificate)
    }

    static let inboxEvents = "task.created,task.taken,task.accepted,task.cancelled,task.declined,task.withdrawn,task.done,volunteer.online,volunteer.offline"

    static func inbox(_ req: Request) async throws -> Response {
        let inbox = try await req.volunteerInbox(withHeldTask: true)
        let l = req.localizer
        let list = try inboxContent(req, inbox)
        return GoldenAgerWeb.page(req, inbox.member, title: l.text("ga.inbox.title"), section: .inbox) {
            H.h1 { l.text("ga.inbox.title") }
            H.div(.id("inbox"), .class("live-region"), .aria("live", "polite"),
                  .data("refresh-url", "\(prefix)/inbox/list"), .data("refresh-on", inboxEvents)) { list }
        }
    }

    static func inboxList(_ req: Request) async throws -> Response {
        GoldenAgerWeb.fragment(try inboxContent(req, try await req.volunteerInbox(withHeldTask: true)))
    }

    static func inboxContent(_ req: Request, _ inbox: VolunteerInbox) throws -> HTML {
        let l = req.localizer
        let profile = try inbox.member.requireProfile()
        let current = inbox.current
        let offered = inbox.offered
        return HTMLBuilder.join([
            current.map { task in
                H.a(.class("button button-block current-order"), .href("\(prefix)/tasks/\(task.id!)")) {
                    l.text("ga.inbox.current", ["title": task.template.title(in: l.language)])
                }
            } ?? .empty,
            profile.isOnline
                ? H.p(.class("lead online-state"), .data("online", "true")) {
                    l.text("ga.inbox.online", ["city": GoldenAgerWeb.cityName(profile.city, l)])
                }
                : H.div(.class("card offline-state"), .data("online", "false")) {
                    H.p(.class("lead")) { l.text("ga.inbox.offline") }
                    Components.postForm(req, action: "\(prefix)/availability") {
                        H.input(.type("hidden"), .name("online"), .value("on"))
                        H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.inbox.go_online") }
                    }
                },
            profile.isOnline && offered.isEmpty ? H.p(.class("empty")) { l.text("ga.inbox.empty") } : .empty,
            H.ul(.class("task-list")) { taskCards(req, offered, busy: current != nil) },
        ])
    }

    /// A task card is the same for every volunteer who reads it in the same language and
    /// time zone, so it is rendered once per server (`FragmentCache`), found by these.
    struct CardKey: Hashable, Sendable {
        let task: UUID
        let language: Language
        let timeZone: String
        let busy: Bool
    }

    /// The offered tasks' cards, each in a list item.
    static func taskCards(_ req: Request, _ offered: [OfferedTask], busy: Bool) -> HTML {
        let l = req.localizer
        let timeZone = l.timeZone.identifier
        let cards = req.kernel.state.shared { FragmentCache<CardKey, OfferedTask>(capacity: 4_096) }
        return HTMLBuilder.join(offered.map { offer in
            cards.html(CardKey(task: offer.id, language: l.language, timeZone: timeZone, busy: busy), offer, in: req.viewContext) { c in
                H.li { taskCard(c, offer, busy: busy) }
            }
        })
    }

    /// One offered task: what is to be done, then accept (green) or decline (red).
    static func taskCard(_ c: ViewContext, _ offer: OfferedTask, busy: Bool) -> HTML {
        let l = c.localizer
        let title = offer.title(in: l.language)
        return H.article(.class("card task-card"), .data("task-id", offer.id.uuidString)) {
            H.h2 { title }
            H.p(.class("task-meta")) {
                "\(offer.categoryName(in: l.language)) · \(l.duration(minutes: offer.minutes)) · \(l.time(offer.createdAt))"
            }
            H.p { offer.description(in: l.language) }
            H.div(.class("actions")) {
                if !busy {
                    Components.postForm(c, action: "\(prefix)/tasks/\(offer.id)/accept") {
                        H.button(.type("submit"), .class("button button-yes"), .aria("label", l.text("ga.task.accept_named", ["title": title]))) { l.text("ga.task.accept") }
                    }
                }
                Components.postForm(c, action: "\(prefix)/tasks/\(offer.id)/decline") {
                    H.button(.type("submit"), .class("button button-no"), .aria("label", l.text("ga.task.decline_named", ["title": title]))) { l.text("ga.task.decline") }
                }
            }
        }
    }

    static func setAvailability(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let online = (try? req.content.get(String.self, at: "online")) == "on"
        _ = try await req.goldenAger.profiles.setOnline(member, online)
        let back = Request.safeLocalPath(req.headers.first(name: .referer).flatMap { URL(string: $0)?.path }, fallback: "\(prefix)/inbox")
        return req.redirect(to: back.hasPrefix(prefix) ? back : "\(prefix)/inbox", flash: .info, online ? "ga.online.now_on" : "ga.online.now_off")
    }

    static func taskPage(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let l = req.localizer
        let details = try await req.goldenAger.tasks.task(try req.uuidParameter("taskID"), for: member)
        let task = details.task
        let title = details.template.title(in: l.language)
        return GoldenAgerWeb.page(req, member, title: title, section: .assignments) {
            H.h1 { title }
            H.p { GoldenAgerWeb.statusBadge(task.status, l) }
            H.section(.class("card")) {
                H.p { details.template.description(in: l.language) }
                H.p(.class("task-meta")) { "\(details.category.name(in: l.language)) · \(l.duration(minutes: task.minutes))" }
            }
            if let pensioner = details.pensioner {
                H.section(.class("card pensioner")) {
                    H.h2 { "\(pensioner.firstName) \(pensioner.lastName)" }
                    if let address = pensioner.address {
                        H.p(.class("address")) { l.text("ga.task.address", ["address": address, "city": GoldenAgerWeb.cityName(task.city, l)]) }
                    }
                    if let phone = pensioner.phone { GoldenAgerWeb.phoneLink(phone, label: l.text("ga.task.call_pensioner")) }
                }
            }
            if task.status == .searching && !details.isAssignedToMe {
                H.div(.class("actions")) {
                    Components.postForm(req, action: "\(prefix)/tasks/\(task.id!)/accept") {
                        H.button(.type("submit"), .class("button button-yes")) { l.text("ga.task.accept") }
                    }
                    Components.postForm(req, action: "\(prefix)/tasks/\(task.id!)/decline") {
                        H.button(.type("submit"), .class("button button-no")) { l.text("ga.task.decline") }
                    }
                }
            }
            if task.status == .accepted && details.isAssignedToMe {
                withdrawForm(req, details, state: FormState())
            }
            GoldenAgerWeb.backLink("\(prefix)/inbox", l)
        }
    }

    static func withdrawForm(_ req: Request, _ details: TaskDetails, state: FormState) -> HTML {
        let l = req.localizer
        let error = state.error(for: "reason")
        return Components.postForm(req, action: "\(prefix)/tasks/\(details.task.id!)/withdraw", confirm: l.text("ga.task.withdraw_confirm"), classes: "card withdraw") {
            H.h2 { l.text("ga.task.withdraw_title") }
            H.div(.class(error == nil ? "field" : "field field-invalid")) {
                H.label(Attribute("for", "field-reason")) { l.text("ga.task.withdraw_reason") }
                if let error { H.p(.class("field-error"), .id("field-reason-error")) { l.text(error.key, error.arguments) } }
                H.textarea(.id("field-reason"), .name("reason"), .flag("required"), Attribute("maxlength", "500"), Attribute("rows", "3"),
                           .aria("invalid", error != nil ? "true" : nil), .aria("describedby", error != nil ? "field-reason-error" : nil)) {
                    state.values["reason"] ?? ""
                }
            }
            H.button(.type("submit"), .class("button button-no button-block")) { l.text("ga.task.withdraw") }
        }
    }

    static func inboxPath(_: UUID) -> String { "\(prefix)/inbox" }

    static func accept(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .volunteer, fallback: inboxPath, next: { "\(prefix)/tasks/\($0)" }, .success, "ga.task.accepted_flash") {
            _ = try await $0.accept(taskID: $1, by: $2)
        }
    }

    static func decline(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .volunteer, fallback: inboxPath, next: inboxPath, .info, "ga.task.declined_flash") {
            try await $0.decline(taskID: $1, by: $2)
        }
    }

    static func withdraw(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let id = try req.uuidParameter("taskID")
        let reason = (try? req.content.get(String.self, at: "reason")) ?? ""
        do {
            return try await req.showingConflicts(on: "\(prefix)/inbox") {
                _ = try await req.goldenAger.tasks.withdraw(taskID: id, reason: reason, by: member)
                return req.redirect(to: "\(prefix)/inbox", flash: .info, "ga.task.withdrawn_flash")
            }
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            let details = try await req.goldenAger.tasks.task(id, for: member)
            let l = req.localizer
            return GoldenAgerWeb.page(req, member, title: details.template.title(in: l.language), section: .assignments, status: error.status) {
                H.h1 { details.template.title(in: l.language) }
                withdrawForm(req, details, state: FormState(values: ["reason": reason], errors: error.fieldErrors))
                GoldenAgerWeb.backLink("\(prefix)/tasks/\(id)", l)
            }
        }
    }

    static func assignments(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let l = req.localizer
        let tasks = try await req.goldenAger.tasks.assignments(of: member)
        let hours = try await req.goldenAger.hours.summary(for: member)
        return GoldenAgerWeb.page(req, member, title: l.text("ga.assignments.title"), section: .assignments) {
            H.h1 { l.text("ga.assignments.title") }
            H.div(.id("hours"), .class("card hours live-region"), .aria("live", "polite"),
                  .data("refresh-url", "\(prefix)/assignments/hours"), .data("refresh-on", "task.done")) { hoursBlock(req, hours) }
            if tasks.isEmpty { H.p(.class("lead")) { l.text("ga.assignments.empty") } }
            H.ul(.class("choices")) {
                for details in tasks {
                    H.li {
                        H.a(.class("choice"), .href("\(prefix)/tasks/\(details.task.id!)")) {
                            H.span(.class("choice-title")) { details.template.title(in: l.language) }
                            H.span(.class("choice-meta")) {
                                GoldenAgerWeb.statusBadge(details.task.status, l)
                                " · \(l.date(details.task.closedAt ?? details.task.acceptedAt ?? details.task.createdAt))"
                            }
                        }
                    }
                }
            }
        }
    }

    static func hoursFragment(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        return GoldenAgerWeb.fragment(hoursBlock(req, try await req.goldenAger.hours.summary(for: member)))
    }

    /// Total hours, tasks, and a month-by-month table.
    static func hoursBlock(_ req: Request, _ hours: HoursSummary) -> HTML {
        let l = req.localizer
        return HTMLBuilder.join([
            H.p(.class("hours-total"), .data("minutes", String(hours.totalMinutes))) {
                l.text("ga.hours.total", ["hours": GoldenAgerWeb.hours(hours.totalMinutes, l)])
            },
            H.p { l.plural("ga.hours.tasks", count: hours.taskCount) },
            hours.months.isEmpty ? .empty : H.table(.class("months")) {
                H.thead { H.tr { H.th { l.text("ga.hours.month") }; H.th { l.text("ga.hours.hours") }; H.th { l.text("ga.hours.count") } } }
                H.tbody {
                    for month in hours.months {
                        H.tr {
                            H.td { monthName(month.month, l) }
                            H.td { GoldenAgerWeb.hours(month.minutes, l) }
                            H.td { l.number(month.tasks) }
                        }
                    }
                }
            },
            H.a(.class("button button-block"), .href("\(prefix)/hours/certificate")) { l.text("ga.certificate.open") },
        ])
    }

    /// "листопад 2026" / "November 2026".
    static func monthName(_ month: String, _ l: Localizer) -> String {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2 else { return month }
        return l.text("ga.month.\(parts[1])") + " \(parts[0])"
    }

    /// A printable certificate of hours for a period (this month by default).
    static func certificate(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let l = req.localizer
        let service = req.goldenAger.hours
        let profile = try member.requireProfile()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = req.goldenAger.timeZone
        let now = req.clock.now
        let monthStart = calendar.date(from: calendar.dateComponents([.year, .month], from: now)) ?? now
        var validator = Validator()
        let fromText = req.query[String.self, at: "from"]
        let toText = req.query[String.self, at: "to"]
        let from = service.day(fromText, field: "from", into: &validator) ?? monthStart
        let to = service.day(toText, field: "to", into: &validator) ?? calendar.startOfDay(for: now)
        if to < from { validator.add("to", "ga.date.range") }
        let summary = validator.isValid ? try await service.summary(for: member, from: from, to: service.dayAfter(to)) : nil
        let organisation = try await req.goldenAger.profiles.organisation(of: profile)
        let templates = try await TaskTemplate.query(on: req.db).filter(\.$id ~~ Set((summary?.tasks ?? []).map { $0.$template.id })).all()
        let titles = Dictionary(uniqueKeysWithValues: templates.compactMap { t in t.id.map { ($0, t.title(in: l.language)) } })
        let iso = { (date: Date) -> String in
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        }
        let state = FormState(values: ["from": fromText ?? iso(from), "to": toText ?? iso(to)], errors: validator.errors)
        return GoldenAgerWeb.page(req, member, title: l.text("ga.certificate.title"), section: .assignments, status: validator.isValid ? .ok : .unprocessableEntity) {
            H.form(Attribute("method", "get"), Attribute("action", "\(prefix)/hours/certificate"), .class("card no-print period")) {
                FormField(name: "from", label: l.text("ga.certificate.from"), type: "date").render(state, l)
                FormField(name: "to", label: l.text("ga.certificate.to"), type: "date").render(state, l)
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.certificate.show") }
            }
            if let summary {
                H.article(.class("certificate")) {
                    H.h1 { l.text("ga.certificate.title") }
                    H.p { l.text("ga.certificate.body", [
                        "name": profile.fullName, "organisation": organisation?.name ?? "—",
                        "from": l.longDate(from), "to": l.longDate(to),
                        "hours": GoldenAgerWeb.hours(summary.totalMinutes, l),
                    ]) }
                    H.table {
                        H.thead { H.tr { H.th { l.text("ga.certificate.date") }; H.th { l.text("ga.certificate.task") }; H.th { l.text("ga.hours.hours") } } }
                        H.tbody {
                            for task in summary.tasks.reversed() {
                                H.tr {
                                    H.td { l.date(task.closedAt ?? task.createdAt) }
                                    H.td { titles[task.$template.id] ?? "" }
                                    H.td { GoldenAgerWeb.hours(task.minutes, l) }
                                }
                            }
                        }
                    }
                    H.p(.class("certificate-total")) { l.plural("ga.certificate.total", count: summary.taskCount, ["hours": GoldenAgerWeb.hours(summary.totalMinutes, l)]) }
                    H.p(.class("certificate-issued")) { l.text("ga.certificate.issued", ["date": l.longDate(now)]) }
                }
                H.button(.type("button"), .class("button button-block no-print"), .data("print", "true")) { l.text("ga.certificate.print") }
            }
        }
    }
}
