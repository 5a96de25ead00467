import Fluent
import Foundation
import Kernel
import SQLKit

/// What Golden Ager sends to a phone whose page is closed (the kernel's Web Push): a new
/// task of their city to the volunteers online there; to the pensioner, that a volunteer
/// accepted, or gave the task back. Nothing personal travels: names of tasks and
/// volunteers' first names only, and a link to the page that shows the rest.
///
/// Queued on `db`, the transaction of the change that causes it
/// (docs/decisions/web-push.md): a change that rolls back queues nothing, and one that
/// commits has always queued its notification.
struct GoldenAgerPush {
    let context: GoldenAgerContext
    let db: any Database

    static func localizer(_ language: Language) -> Localizer {
        Localizer(language: language, catalogs: [KernelStrings.catalog, GoldenAgerStrings.catalog])
    }

    /// A new task in the city, to its approved volunteers who are online.
    func newTask(_ task: HelpTask) async throws {
        let template = try await template(of: task)
        // Only the ids of those with a subscription, in one statement: every order runs this,
        // and a city has a thousand online volunteers, most without one (bench/RESULTS.md).
        let volunteers = try await Profile.query(on: db)
            .join(PushSubscriptionRecord.self, on: \Profile.$id == \PushSubscriptionRecord.$accountID)
            .filter(PushSubscriptionRecord.self, \.$app == GoldenAger.id)
            .filter(\.$role == GARole.volunteer.rawValue).filter(\.$city == task.city)
            .filter(\.$isOnline == true).filter(\.$approvedAt != nil).all(\.$id)
        let id = try task.requireID()
        try await context.push.send(app: GoldenAger.id, to: volunteers, urgency: .high, timeToLive: 3600, on: db) { language in
            let l = Self.localizer(language)
            return PushNotification(title: l.text("ga.push.new_task", ["title": template.title(in: language)]),
                                    body: l.text("ga.push.new_task_body", ["duration": l.duration(minutes: task.minutes)]),
                                    url: "\(GoldenAger.descriptor.pathPrefix)/tasks/\(id)", tag: "task-\(id)")
        }
    }

    /// To the pensioner: who is coming.
    func accepted(_ task: HelpTask, by volunteer: Member) async throws {
        let template = try await template(of: task)
        let name = volunteer.profile?.firstName ?? volunteer.account.displayName
        try await toPensioner(task) { l, language in
            (l.text("ga.push.accepted", ["name": name]), l.text("ga.push.accepted_body", ["title": template.title(in: language)]))
        }
    }

    /// To the pensioner: the volunteer gave it back; we look for another.
    func withdrawn(_ task: HelpTask, reason: String?) async throws {
        let template = try await template(of: task)
        try await toPensioner(task) { l, language in
            (l.text("ga.push.withdrawn", ["title": template.title(in: language)]),
             reason.map { l.text("ga.push.withdrawn_reason", ["reason": $0]) } ?? l.text("ga.order.searching"))
        }
    }

    /// To the pensioner: nobody has accepted yet, and when the order will be cancelled.
    func expiring(_ task: HelpTask, at deadline: Date) async throws {
        let template = try await template(of: task)
        try await toPensioner(task) { l, language in
            (l.text("ga.push.expiring", ["title": template.title(in: language)]), l.text("ga.push.expiring_body", ["time": l.time(deadline)]))
        }
    }

    /// To the pensioner: nobody could come in time; the order is cancelled.
    func expired(_ task: HelpTask) async throws {
        let template = try await template(of: task)
        try await toPensioner(task) { l, language in
            (l.text("ga.push.expired", ["title": template.title(in: language)]), l.text("ga.push.expired_body"))
        }
    }

    /// To a volunteer: their organisation has checked them; they may go online.
    func approved(_ volunteer: UUID) async throws {
        try await context.push.send(app: GoldenAger.id, to: [volunteer], urgency: .normal, on: db) { language in
            let l = Self.localizer(language)
            return PushNotification(title: l.text("ga.push.approved"), body: l.text("ga.push.approved_body"),
                                    url: "\(GoldenAger.descriptor.pathPrefix)/inbox", tag: "approval")
        }
    }

    /// To a volunteer: their organisation turned them down, and why.
    func rejected(_ volunteer: UUID, reason: String) async throws {
        try await context.push.send(app: GoldenAger.id, to: [volunteer], urgency: .normal, on: db) { language in
            let l = Self.localizer(language)
            return PushNotification(title: l.text("ga.push.rejected"), body: reason,
                                    url: "\(GoldenAger.descriptor.pathPrefix)/inbox", tag: "approval")
        }
    }

    /// To the pensioner's side: the volunteer is at the door (the relatives hear it too).
    func arrived(_ task: HelpTask) async throws {
        let name = try await firstName(of: task.volunteerID)
        try await toPensioner(task) { l, _ in (l.text("ga.push.arrived", ["name": name]), l.text("ga.push.arrived_body")) }
    }

    /// To the pensioner's side: the volunteer says it is done; is everything all right?
    func finished(_ task: HelpTask) async throws {
        let name = try await firstName(of: task.volunteerID)
        try await toPensioner(task) { l, _ in (l.text("ga.push.finished", ["name": name]), l.text("ga.push.finished_body")) }
    }

    /// To the coordinators of the organisations serving the task's city: nobody has taken it.
    func needsAttention(_ task: HelpTask) async throws {
        let template = try await template(of: task)
        let organisations = try await db.sql.select().column("organisation_id").from(OrganisationCities.schema)
            .where("city", .equal, SQLBind(task.city)).all().map { try $0.decode(column: "organisation_id", as: UUID.self) }
        try await toCoordinators(of: organisations, tag: "attention-\(try task.requireID())") { l, language in
            (l.text("ga.push.attention", ["title": template.title(in: language)]),
             l.text("ga.push.attention_body", ["city": City.name(of: task.city, in: language)]))
        }
    }

    /// To a volunteer a coordinator asked by name to take a task.
    func offered(_ task: HelpTask, to volunteer: UUID) async throws {
        let template = try await template(of: task)
        let id = try task.requireID()
        try await context.push.send(app: GoldenAger.id, to: [volunteer], urgency: .high, timeToLive: 3600, on: db) { language in
            let l = Self.localizer(language)
            return PushNotification(title: l.text("ga.push.offered", ["title": template.title(in: language)]), body: l.text("ga.push.offered_body"),
                                    url: "\(GoldenAger.descriptor.pathPrefix)/tasks/\(id)", tag: "task-\(id)")
        }
    }

    /// To the coordinators of the volunteer's organisation: a pensioner said something was wrong.
    func reported(_ task: HelpTask, volunteer: UUID, suspended: Bool) async throws {
        let profile = try await Profile.find(volunteer, on: db)
        let name = profile?.fullName ?? ""
        try await toCoordinators(of: [profile?.$organisation.id].compactMap { $0 }, tag: "report-\(try task.requireID())") { l, _ in
            (l.text("ga.push.reported", ["name": name]), l.text(suspended ? "ga.push.reported_suspended" : "ga.push.reported_body"))
        }
    }

    /// To a volunteer: their hours of the month just over.
    func monthlyHours(_ volunteer: UUID, month: String, minutes: Int) async throws {
        try await context.push.send(app: GoldenAger.id, to: [volunteer], urgency: .low, on: db) { language in
            let l = Self.localizer(language)
            let parts = month.split(separator: "-")
            let name = parts.count == 2 ? l.text("ga.month.\(Int(parts[1]) ?? 0)") + " \(parts[0])" : month
            return PushNotification(title: l.text("ga.push.month", ["month": name]),
                                    body: l.text("ga.push.month_body", ["duration": l.duration(minutes: minutes)]),
                                    url: "\(GoldenAger.descriptor.pathPrefix)/hours/certificate?month=\(month)", tag: "month-\(month)")
        }
    }

    private func toCoordinators(of organisations: [UUID], tag: String, _ words: @escaping (Localizer, Language) -> (title: String, body: String)) async throws {
        guard !organisations.isEmpty else { return }
        let coordinators = try await Profile.query(on: db).filter(\.$role == GARole.coordinator.rawValue)
            .filter(\.$organisation.$id ~~ organisations).all(\.$id)
        try await context.push.send(app: GoldenAger.id, to: coordinators, urgency: .high, on: db) { language in
            let text = words(Self.localizer(language), language)
            return PushNotification(title: text.title, body: text.body, url: "\(GoldenAger.descriptor.pathPrefix)/board", tag: tag)
        }
    }

    private func firstName(of volunteer: UUID?) async throws -> String {
        guard let volunteer else { return "" }
        return try await Profile.find(volunteer, on: db)?.firstName ?? ""
    }

    /// To the pensioner and the relatives who act for them.
    private func toPensioner(_ task: HelpTask, _ words: @escaping (Localizer, Language) -> (title: String, body: String)) async throws {
        let id = try task.requireID()
        let people = [task.pensionerID] + (try await RelativeService.relativeIDs(of: task.pensionerID, on: db))
        try await context.push.send(app: GoldenAger.id, to: people, urgency: .high, on: db) { language in
            let text = words(Self.localizer(language), language)
            return PushNotification(title: text.title, body: text.body, url: "\(GoldenAger.descriptor.pathPrefix)/orders/\(id)", tag: "order-\(id)")
        }
    }

    private func template(of task: HelpTask) async throws -> TaskTemplate {
        guard let template = try await TaskTemplate.find(task.$template.id, on: db) else {
            throw AppError.notFound(code: "template_not_found", key: "ga.template.not_found")
        }
        return template
    }
}
