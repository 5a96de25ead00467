import Kernel

enum AssignmentsView {
    private static let prefix = GoldenAgerWeb.prefix

    static func page(_ member: Member, tasks: [TaskDetails], hours: HoursSummary, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.assignments.title"), section: .assignments, c) {
            H.h1 { l.text("ga.assignments.title") }
            H.div(.id("hours"), .class("card hours live-region"), .aria("live", "polite"),
                  .data("refresh-url", "\(prefix)/assignments/hours"), .data("refresh-on", "task.done,task.credited")) { hoursSummary(hours, c) }
            if tasks.isEmpty { H.p(.class("lead")) { l.text("ga.assignments.empty") } }
            H.ul(.class("choices")) {
                for details in tasks {
                    GoldenAgerWeb.taskChoice(href: "\(prefix)/tasks/\(details.task.id!)", title: details.template.title(in: l.language),
                                             status: details.task.status, for: .volunteer,
                                             date: details.task.closedAt ?? details.task.acceptedAt ?? details.task.createdAt, l)
                }
            }
        }
    }

    /// Total hours, tasks, and a month-by-month table.
    static func hoursSummary(_ hours: HoursSummary, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.p(.class("hours-total"), .data("minutes", String(hours.totalMinutes))) {
                l.text("ga.hours.total", ["hours": GoldenAgerWeb.hours(hours.totalMinutes, l)])
            },
            H.p(.class("hours-tasks"), .data("tasks", String(hours.taskCount))) { l.plural("ga.hours.tasks", count: hours.taskCount) },
            hours.months.isEmpty ? .empty : Components.tableScroll(label: l.text("ga.hours.total", ["hours": GoldenAgerWeb.hours(hours.totalMinutes, l)])) {
                months(hours.months, l)
            },
            H.a(.class("button button-block"), .href("\(prefix)/hours/certificate")) { l.text("ga.certificate.open") },
        ])
    }

    private static func months(_ months: [HoursSummary.Month], _ l: Localizer) -> HTML {
        H.table(.class("months")) {
            H.thead { H.tr { H.th { l.text("ga.hours.month") }; H.th { l.text("ga.hours.hours") }; H.th { l.text("ga.hours.count") } } }
            H.tbody {
                for month in months {
                    H.tr {
                        H.td { monthName(month.month, l) }
                        H.td { GoldenAgerWeb.hours(month.minutes, l) }
                        H.td { l.number(month.tasks) }
                    }
                }
            }
        }
    }

    /// "листопад 2026" / "November 2026".
    static func monthName(_ month: String, _ l: Localizer) -> String {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2 else { return month }
        return l.text("ga.month.\(parts[1])") + " \(parts[0])"
    }
}
