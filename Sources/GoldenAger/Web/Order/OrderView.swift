import Kernel

enum OrderView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The order as its pensioner's side sees it; while it waits, how many volunteers of
    /// its city are online now.
    struct Model {
        let details: TaskDetails
        let onlineVolunteers: Int?
    }

    static func page(_ member: Member, _ model: Model, _ c: ViewContext) -> Page {
        let l = c.localizer
        let details = model.details
        return GoldenAgerWeb.shell(member, title: details.template.title(in: l.language), section: .orders, c) {
            H.h1 { details.template.title(in: l.language) }
            whose(details, l)
            H.div(.id("order-status"), .class("live-region"), .aria("live", "polite"),
                  .data("refresh-url", "\(prefix)/orders/\(details.task.id!)/status"),
                  .data("refresh-on", "task.accepted,task.withdrawn,task.cancelled,task.arrived,task.finished,task.done,task.reported")) {
                status(model, c)
            }
            // Just ordered: the moment to offer news of the volunteer with the page closed.
            if details.task.status == .searching {
                Components.pushButton(c, app: prefix, label: l.text("ga.push.offer_pensioner"), enabled: l.text("ga.push.enabled"))
            }
        }
    }

    /// For a relative or a coordinator, whom the order is for; for the pensioner, who
    /// ordered it if they did not.
    private static func whose(_ details: TaskDetails, _ l: Localizer) -> HTML {
        if !details.isMine, let pensioner = details.pensioner {
            return H.p(.class("ordering-for")) { l.text("ga.order.for", ["name": "\(pensioner.firstName) \(pensioner.lastName)"]) }
        }
        if details.isMine, let orderer = details.orderedBy {
            let key = orderer.role == .relative ? "ga.order.by_relative" : "ga.order.by_coordinator"
            return H.p(.class("ordering-for")) { l.text(key, ["name": "\(orderer.firstName) \(orderer.lastName)"]) }
        }
        return .empty
    }

    /// Where the order stands, in words and a picture, and what the pensioner can do now.
    static func status(_ model: Model, _ c: ViewContext) -> HTML {
        let details = model.details
        let status = details.task.status
        return H.div(.class("order order-\(status.rawValue)"), .data("status", status.rawValue)) {
            switch status {
            case .searching: searching(details, onlineVolunteers: model.onlineVolunteers ?? 0, c)
            case .accepted: accepted(details, c)
            case .finished: finished(details, c)
            case .done: done(details, c)
            case .cancelled: cancelled(details, c)
            }
        }
    }

    /// Waiting for a volunteer — again, with their reason, if one gave the task back.
    private static func searching(_ details: TaskDetails, onlineVolunteers: Int, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let lastWithdrawal = details.history.last { $0.action == .withdrawn }
        return HTMLBuilder.join([
            H.p(.class("status-line")) {
                Icon.clock
                H.strong { l.text("ga.order.searching") }
            },
            H.p(.class("online-volunteers")) {
                onlineVolunteers == 0 ? l.text("ga.order.online_none") : l.text("ga.order.online_some", ["count": String(onlineVolunteers)])
            },
            H.p { l.text("ga.order.searching_hint") },
            details.task.expiresAt.map { deadline in H.p(.class("order-deadline")) { l.text("ga.order.deadline", ["when": l.dateTime(deadline)]) } } ?? .empty,
            preference(details, l),
            H.a(.class("button button-block"), .href("\(prefix)/orders/\(details.task.id!)/details")) {
                l.text(details.task.preferredDate == nil && details.task.preferredPart == nil && details.task.note == nil
                       ? "ga.order.details_add" : "ga.order.details_change")
            },
            lastWithdrawal.map { withdrawal in H.p(.class("flash flash-info")) { l.text("ga.order.withdrawn", ["reason": withdrawal.reason ?? ""]) } } ?? .empty,
            cancelForm(details, c),
        ])
    }

    /// Who is coming, how to call them and the code to ask for at the door; done, or cancel.
    private static func accepted(_ details: TaskDetails, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.p(.class("status-line")) {
                Icon.check
                H.strong { l.text(details.task.arrivedAt == nil ? "ga.order.accepted" : "ga.order.arrived") }
            },
            // At the door the code matters most; then whose face to expect.
            doorCode(details, l),
            details.volunteer.map { volunteerCard($0, l) } ?? .empty,
            preference(details, l),
            // Only the pensioner's side says the help came; a coordinator on the phone does not.
            !details.isPensionersSide ? .empty
                : Components.postForm(c, action: "\(prefix)/orders/\(details.task.id!)/complete", confirm: l.text("ga.order.complete_confirm")) {
                    H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.order.complete") }
                },
            cancelForm(details, c),
        ])
    }

    /// The volunteer says it is done: «Усе добре» confirms, «Щось не так» tells the
    /// coordinators.
    private static func finished(_ details: TaskDetails, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let name = details.volunteer?.firstName ?? ""
        return HTMLBuilder.join([
            H.p(.class("status-line")) {
                Icon.check
                H.strong { l.text("ga.order.finished", ["name": name]) }
            },
            !details.isPensionersSide ? .empty : H.div(.class("actions")) {
                Components.postForm(c, action: "\(prefix)/orders/\(details.task.id!)/complete") {
                    H.button(.type("submit"), .class("button button-yes")) { l.text("ga.order.all_good") }
                }
                H.a(.class("button button-no"), .href("\(prefix)/orders/\(details.task.id!)/report")) { l.text("ga.order.something_wrong") }
            },
            details.volunteer.map { volunteerCard($0, l) } ?? .empty,
        ])
    }

    /// Three digits, large: the pensioner asks the person at the door to say them.
    private static func doorCode(_ details: TaskDetails, _ l: Localizer) -> HTML {
        guard let code = details.doorCode else { return .empty }
        return H.section(.class("card door-code"), .aria("labelledby", "door-code-title")) {
            H.h2(.id("door-code-title")) { l.text("ga.order.door_code") }
            H.p(.class("door-code-digits")) { code }
            H.p { l.text("ga.order.door_code_hint") }
        }
    }

    private static func volunteerCard(_ volunteer: TaskDetails.Person, _ l: Localizer) -> HTML {
        H.section(.class("card volunteer")) {
            if volunteer.hasPhoto {
                H.img(Attribute("src", "\(prefix)/volunteers/\(volunteer.id)/photo"), .class("person-photo"),
                      Attribute("alt", l.text("ga.photo.alt", ["name": "\(volunteer.firstName) \(volunteer.lastName)"])))
            }
            H.p(.class("volunteer-name")) { "\(volunteer.firstName) \(volunteer.lastName)" }
            if let organisation = volunteer.organisation {
                H.p(.class("volunteer-organisation")) { l.text("ga.order.organisation", ["name": organisation]) }
            }
            if let phone = volunteer.phone { GoldenAgerWeb.phoneLink(phone, label: l.text("ga.order.call_volunteer")) }
        }
    }

    private static func done(_ details: TaskDetails, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.p(.class("status-line")) { H.strong { l.text("ga.order.done") } },
            details.volunteer.map { volunteer in H.p { l.text("ga.order.done_by", ["name": "\(volunteer.firstName) \(volunteer.lastName)"]) } } ?? .empty,
            details.report != nil ? H.p(.class("flash flash-info")) { l.text("ga.order.reported") }
                : details.volunteer == nil || !details.isPensionersSide ? .empty
                : H.p { H.a(.href("\(prefix)/orders/\(details.task.id!)/report")) { l.text("ga.order.report_later") } },
            newOrderLink(l),
        ])
    }

    /// Cancelled by the pensioner's side, or by the server when nobody came in time.
    private static func cancelled(_ details: TaskDetails, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let expired = details.history.last?.action == .expired
        return HTMLBuilder.join([
            H.p(.class("status-line")) { H.strong { l.text(expired ? "ga.order.expired" : "ga.order.cancelled") } },
            newOrderLink(l),
        ])
    }

    private static func cancelForm(_ details: TaskDetails, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let title = details.template.title(in: l.language)
        return Components.postForm(c, action: "\(prefix)/orders/\(details.task.id!)/cancel", confirm: l.text("ga.order.cancel_confirm", ["title": title])) {
            H.button(.type("submit"), .class("button button-no button-block")) { l.text("ga.order.cancel") }
        }
    }

    /// When the pensioner asked for, and their note, as the volunteer sees them.
    private static func preference(_ details: TaskDetails, _ l: Localizer) -> HTML {
        let task = details.task
        return GoldenAgerWeb.preference(date: task.preferredDate, part: task.preferredPart, note: task.note, l)
    }

    private static func newOrderLink(_ l: Localizer) -> HTML {
        H.a(.class("button button-block"), .href("\(prefix)/categories")) { l.text("ga.order.new") }
    }
}
