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

    /// The open tasks (oldest first), then the volunteers online.
    static func content(_ board: AdministrationService.Board, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.h2 { l.plural("ga.board.open", count: board.openTasks.count) },
            board.openTasks.isEmpty
                ? H.p(.class("empty")) { l.text("ga.board.no_open") }
                : Components.tableScroll(label: l.plural("ga.board.open", count: board.openTasks.count)) { openTasks(board.openTasks, l) },
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
