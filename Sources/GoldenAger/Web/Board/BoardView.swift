import Foundation
import Kernel

enum BoardView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The board refreshes on every event of the app.
    static func page(_ member: Member, _ board: AdministrationService.Board, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.board.title"), section: .board, c) {
            H.h1 { l.text("ga.board.title") }
            H.div(.id("board"), .class("live-region"), .data("refresh-url", "\(prefix)/board/content"),
                  .data("refresh-on", GoldenAgerEvents.names.joined(separator: ","))) { content(board, c) }
        }
    }

    /// Tasks needing attention (with whom to offer each to), the other open tasks (oldest
    /// first), reports, visits awaiting confirmation, then the volunteers online.
    static func content(_ board: AdministrationService.Board, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let attention = board.openTasks.filter { $0.task.needsAttention(at: board.now) }
        let others = board.openTasks.filter { !$0.task.needsAttention(at: board.now) }
        return HTMLBuilder.join([
            attention.isEmpty ? .empty : H.section(.class("board-attention"), .aria("labelledby", "board-attention")) {
                H.h2(.id("board-attention")) { "\(l.text("ga.board.attention")) (\(l.number(attention.count)))" }
                for details in attention { attentionCard(details, volunteers: board.offerable[details.task.city] ?? [], c) }
            },
            H.h2 { l.plural("ga.board.open", count: others.count) },
            others.isEmpty
                ? H.p(.class("empty")) { l.text("ga.board.no_open") }
                : Components.tableScroll(label: l.plural("ga.board.open", count: others.count)) { openTasks(others, l) },
            reports(board.reports, l),
            unconfirmed(board.unconfirmed, l),
            H.h2 { l.plural("ga.board.online", count: board.onlineVolunteers.count) },
            board.onlineVolunteers.isEmpty ? H.p(.class("empty")) { l.text("ga.board.no_online") } : .empty,
            H.ul(.class("plain-list")) {
                for volunteer in board.onlineVolunteers {
                    H.li {
                        "\(volunteer.fullName) · \(City.name(of: volunteer.city, in: l.language))"
                        if let organisation = volunteer.$organisation.id.flatMap({ board.organisations[$0] }) { " · \(organisation)" }
                    }
                }
            },
        ])
    }

    /// A task nobody has taken in time: what, where, since when, and «Запропонувати» to
    /// one of the coordinator's volunteers of that city (those online first).
    private static func attentionCard(_ details: TaskDetails, volunteers: [Profile], _ c: ViewContext) -> HTML {
        let l = c.localizer
        let task = details.task
        let id = task.id!
        let offeredTo = task.offeredTo.flatMap { offered in volunteers.first { $0.id == offered } }
        return H.article(.class("card attention")) {
            H.h3 { details.template.title(in: l.language) }
            H.p(.class("task-meta")) { "\(City.name(of: task.city, in: l.language)) · \(l.dateTime(task.createdAt))" }
            GoldenAgerWeb.preference(date: task.preferredDate, part: task.preferredPart, note: nil, l)
            if let offeredTo { H.p { l.text("ga.board.offered", ["name": offeredTo.fullName]) } }
            if volunteers.isEmpty {
                H.p(.class("empty")) { l.text("ga.board.no_volunteers") }
            } else {
                Components.postForm(c, action: "\(prefix)/board/tasks/\(id)/offer", classes: "offer-form") {
                    H.label(Attribute("for", "offer-\(id)")) { l.text("ga.board.offer_to") }
                    H.select(.id("offer-\(id)"), .name("volunteerId"), .flag("required")) {
                        for volunteer in volunteers {
                            H.option(.value(volunteer.id!.uuidString)) {
                                volunteer.isOnline ? "\(volunteer.fullName) · \(l.text("ga.board.online_now"))" : volunteer.fullName
                            }
                        }
                    }
                    H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.board.offer") }
                }
            }
        }
    }

    private static func reports(_ reports: [AdministrationService.BoardReport], _ l: Localizer) -> HTML {
        guard !reports.isEmpty else { return .empty }
        return H.section(.class("board-reports"), .aria("labelledby", "board-reports")) {
            H.h2(.id("board-reports")) { l.text("ga.board.reports") }
            for item in reports {
                H.article(.class("card report")) {
                    H.h3 { item.volunteer?.fullName ?? "" }
                    H.p(.class("task-meta")) { l.dateTime(item.report.createdAt) }
                    H.p(.class("report-text")) { item.report.text }
                    if item.report.suspended { H.p(.class("flash flash-error")) { l.text("ga.board.suspended") } }
                    if let pensioner = item.pensioner {
                        GoldenAgerWeb.phoneLink(pensioner.phone, label: pensioner.fullName)
                    }
                }
            }
        }
    }

    private static func unconfirmed(_ tasks: [TaskDetails], _ l: Localizer) -> HTML {
        guard !tasks.isEmpty else { return .empty }
        return HTMLBuilder.join([
            H.h2 { "\(l.text("ga.board.unconfirmed")) (\(l.number(tasks.count)))" },
            H.ul(.class("plain-list")) {
                for details in tasks {
                    H.li {
                        details.template.title(in: l.language)
                        if let volunteer = details.volunteer { " · \(volunteer.firstName) \(volunteer.lastName)" }
                        if let finished = details.task.finishedAt { " · \(l.dateTime(finished))" }
                    }
                }
            },
        ])
    }

    private static func openTasks(_ tasks: [TaskDetails], _ l: Localizer) -> HTML {
        H.table(.class("board-tasks")) {
            H.thead { H.tr { H.th { l.text("ga.board.task") }; H.th { l.text("ga.field.city") }; H.th { l.text("ga.board.status") }; H.th { l.text("ga.board.since") } } }
            H.tbody {
                for details in tasks {
                    H.tr {
                        H.td { details.template.title(in: l.language) }
                        H.td { City.name(of: details.task.city, in: l.language) }
                        H.td {
                            GoldenAgerWeb.statusBadge(details.task.status, for: .staff, l)
                            if let volunteer = details.volunteer { " \(volunteer.firstName) \(volunteer.lastName)" }
                        }
                        H.td { l.dateTime(details.task.createdAt) }
                    }
                }
            }
        }
    }
}
