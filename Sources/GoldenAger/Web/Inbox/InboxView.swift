import Foundation
import Kernel

enum InboxView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The events after which the list is fetched again.
    static let refreshEvents = "task.created,task.updated,task.taken,task.accepted,task.cancelled,task.declined,task.withdrawn,task.done,volunteer.online,volunteer.offline,volunteer.approved,volunteer.rejected,task.finished,task.offered"

    /// The volunteer, whether they are online (and in which city), the task they hold,
    /// and the tasks on offer.
    struct Model {
        let member: Member
        let isOnline: Bool
        /// Waiting for their organisation to check them: no tasks, no "go online".
        let isPending: Bool
        let city: String
        let held: HelpTask?
        let offered: [OfferedTask]
        /// While pending: whom to call about the check (`ProfileService.waitingHelp`).
        var waiting: ProfileService.WaitingHelp? = nil
        /// Approved in the last three days and offline: told so, with the way online below.
        let isNewlyApproved: Bool
        /// While pending: turned down with a reason, or stopped by a pensioner's report.
        let review: Review?

        enum Review: Equatable {
            case rejected(String)
            case suspended
        }

        init(_ inbox: VolunteerInbox, now: Date) throws {
            let profile = try inbox.member.requireProfile()
            member = inbox.member
            isOnline = profile.isOnline
            isPending = profile.isPendingApproval
            city = profile.city
            held = inbox.current
            offered = inbox.offered
            isNewlyApproved = !profile.isOnline && profile.approvedAt.map { now.timeIntervalSince($0) < 3 * 86_400 } == true
            review = !profile.isPendingApproval ? nil
                : profile.suspendedAt != nil ? .suspended
                : profile.rejectionReason.map(Review.rejected)
        }
    }

    static func page(_ inbox: Model, cards: FragmentCache<InboxPage.CardKey, OfferedTask>, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(inbox.member, title: l.text("ga.inbox.title"), section: .inbox, c) {
            H.h1 { l.text("ga.inbox.title") }
            H.div(.id("inbox"), .class("live-region"), .aria("live", "polite"),
                  .data("refresh-url", "\(prefix)/inbox/list"), .data("refresh-on", refreshEvents)) { list(inbox, cards: cards, c) }
            pushOffer(inbox, c)
        }
    }

    /// The live region: the held task first, then whether the volunteer is online (or the
    /// button to go online), then the offered tasks.
    static func list(_ inbox: Model, cards: FragmentCache<InboxPage.CardKey, OfferedTask>, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            inbox.held.map { task in
                H.a(.class("button button-block current-order"), .href("\(prefix)/tasks/\(task.id!)")) {
                    l.text("ga.inbox.current", ["title": task.template.title(in: l.language)])
                }
            } ?? .empty,
            inbox.isPending ? pendingState(inbox.waiting, review: inbox.review, l) : inbox.isOnline ? onlineState(city: inbox.city, l) : offlineState(inbox, c),
            inbox.isOnline && inbox.offered.isEmpty ? H.p(.class("empty")) { l.text("ga.inbox.empty") } : .empty,
            H.ul(.class("task-list")) { taskCards(inbox.offered, busy: inbox.held != nil, cards: cards, c) },
        ])
    }

    private static func onlineState(city: String, _ l: Localizer) -> HTML {
        H.p(.class("lead online-state"), .data("online", "true")) {
            l.text("ga.inbox.online", ["city": City.name(of: city, in: l.language)])
        }
    }

    /// Going online is when notifications help a volunteer: new tasks reach them with the
    /// page closed. Outside the live region, which is re-rendered on every event.
    static func pushOffer(_ inbox: Model, _ c: ViewContext) -> HTML {
        guard inbox.isOnline else { return .empty }
        return Components.pushButton(c, app: prefix, label: c.localizer.text("ga.push.offer_volunteer"),
                                     enabled: c.localizer.text("ga.push.enabled"))
    }

    /// Why a new volunteer sees no tasks yet, and whom to call about it.
    private static func pendingState(_ waiting: ProfileService.WaitingHelp?, review: Model.Review?, _ l: Localizer) -> HTML {
        H.div(.class("card pending-state"), .data("online", "false")) {
            H.h2 { l.text("ga.volunteer.pending_title") }
            switch review {
            case .rejected(let reason): H.p(.class("flash flash-error")) { l.text("ga.volunteer.rejected", ["reason": reason]) }
            case .suspended: H.p(.class("flash flash-error")) { l.text("ga.volunteer.suspended") }
            case nil: HTML.empty
            }
            H.p { l.text("ga.volunteer.pending") }
            H.p { l.text("ga.volunteer.pending_hint") }
            if let waiting {
                if waiting.coordinators.isEmpty {
                    H.p { l.text("ga.volunteer.pending_no_coordinator", ["name": waiting.organisation ?? ""]) }
                    if let phone = waiting.consultationPhone { GoldenAgerWeb.phoneLink(phone, label: l.text("ga.consultation.call")) }
                } else {
                    H.h3 { l.text("ga.volunteer.pending_coordinators", ["name": waiting.organisation ?? ""]) }
                    H.ul(.class("coordinators")) {
                        for coordinator in waiting.coordinators {
                            H.li { GoldenAgerWeb.phoneLink(coordinator.phone, label: coordinator.fullName) }
                        }
                    }
                }
            }
        }
    }

    private static func offlineState(_ inbox: Model, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.div(.class("card offline-state"), .data("online", "false")) {
            if inbox.isNewlyApproved { H.p(.class("flash flash-success approved")) { l.text("ga.volunteer.approved") } }
            H.p(.class("lead")) { l.text("ga.inbox.offline") }
            Components.postForm(c, action: "\(prefix)/availability") {
                H.input(.type("hidden"), .name("online"), .value("on"))
                H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.inbox.go_online") }
            }
        }
    }

    /// The offered tasks' cards, each in a list item, from `cards` when rendered before.
    static func taskCards(_ offered: [OfferedTask], busy: Bool, cards: FragmentCache<InboxPage.CardKey, OfferedTask>, _ c: ViewContext) -> HTML {
        let timeZone = c.localizer.timeZone.identifier
        return HTMLBuilder.join(offered.map { offer in
            cards.html(InboxPage.CardKey(task: offer.id, language: c.language, timeZone: timeZone, busy: busy,
                                         preference: [offer.preferredDate ?? "", offer.preferredPart?.rawValue ?? "", offer.note ?? ""]),
                       offer, in: c) { c in
                H.li { taskCard(offer, busy: busy, c) }
            }
        })
    }

    /// One offered task: what is to be done, then accept (green) or decline (red). Cached
    /// for everyone with the same `CardKey`, so it depends on nothing else.
    static func taskCard(_ offer: OfferedTask, busy: Bool, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let title = offer.title(in: l.language)
        return H.article(.class("card task-card"), .data("task-id", offer.id.uuidString)) {
            H.h2 { title }
            H.p(.class("task-meta")) {
                "\(offer.categoryName(in: l.language)) · \(l.duration(minutes: offer.minutes)) · \(l.time(offer.createdAt))"
            }
            H.p { offer.volunteerDescription(in: l.language) }
            GoldenAgerWeb.preference(date: offer.preferredDate, part: offer.preferredPart, note: offer.note, l)
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
}
