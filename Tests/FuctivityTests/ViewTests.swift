import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing

extension FuctivityTests {
    /// The views render from plain values and a `ViewContext`: no server, no database.
    @Suite("Views without a server")
    struct ViewTests {
        static let now = Date(timeIntervalSince1970: 1_790_000_000)
        static let kyiv = TimeZone(identifier: "Europe/Kyiv")!
        /// The Monday of `now`'s week.
        static let monday = LocalDay(year: 2026, month: 9, day: 21)!
        static let walk = RestCategory(id: BuiltInCategory.find("walk")!.uuid, ownerID: nil, slug: "walk", name: nil, at: now)

        static func planner() -> Planner {
            let id = UUID()
            let account = Account(id: id, app: Fuctivity.id, login: "marta@example.com", passwordHash: "", role: "member",
                                  displayName: "Marta", createdAt: now)
            account.timeZone = kyiv.identifier
            return Planner(account: account, profile: FuctivityProfile(accountID: id, plan: WeekPlan(timeZone: kyiv), at: now))
        }

        /// A walk on `day` from `hour` for an hour (Kyiv time).
        static func walk(on day: LocalDay, at hour: Int, _ details: String, status: ActivityStatus = .planned) -> ActivityView {
            let activity = RestActivity()
            activity.id = UUID(uuidString: "f0c7a000-0000-4000-8000-0000000000\(10 + hour)")!
            activity.categoryID = walk.id!
            activity.details = details
            activity.startsAt = day.moment(minutes: hour * 60, in: kyiv)
            activity.endsAt = day.moment(minutes: hour * 60 + 60, in: kyiv)
            activity.status = status
            return ActivityView(activity: activity, category: walk, reminders: [])
        }

        static func context(_ language: Language) -> ViewContext {
            .testing(Fuctivity(), language: language, path: "/fuctivity/week", csrfToken: "token-456")
        }

        @Test("the statistics view shows the week's figures in its table and totals, in English")
        func statistics() {
            let days = (0..<7).map { offset in
                WeekStatistics.Day(day: Self.monday.adding(days: offset), restedMinutes: offset == 0 ? 90 : 0,
                                   plannedMinutes: offset == 1 ? 60 : 0, targetMinutes: 180)
            }
            let stats = WeekStatistics(weekStart: Self.monday, days: days,
                                       ratings: [WeekStatistics.Rating(categoryID: Self.walk.id!, average: 4.5, count: 2)])
            let page = StatisticsView(planner: Self.planner(), week: Self.monday, chart: .bar, stats: stats, categories: [Self.walk],
                                      c: Self.context(.en)).page
            #expect(page.title == "Week 21.09–27.09")
            let html = page.content.rendered
            #expect(html.contains(#"<p class="total">You rested 1 h 30 min of 21 h planned this week.</p>"#))
            #expect(html.contains(#"<tr><th scope="row">Monday, 21.09</th><td>1 h 30 min</td><td>0 min</td><td>3 h</td></tr>"#))
            #expect(html.contains(#"<tr><th scope="row">Tuesday, 22.09</th><td>0 min</td><td>1 h</td><td>3 h</td></tr>"#))
            #expect(html.contains(#"<tr><th scope="row">Walk</th><td>4.5</td><td>2</td></tr>"#))
            #expect(html.matches(of: /<rect class="bar"/).count == 7)
            #expect(html.contains(#"<a class="button" href="/fuctivity/statistics?day=2026-09-21&amp;chart=bar" aria-current="page">Bars</a>"#))
        }

        @Test("a line chart draws a line and a point per day instead of bars")
        func lineChart() {
            let days = (0..<7).map { WeekStatistics.Day(day: Self.monday.adding(days: $0), restedMinutes: 30 * $0, plannedMinutes: 0, targetMinutes: 120) }
            let html = StatisticsChart(stats: WeekStatistics(weekStart: Self.monday, days: days, ratings: []), chart: .line, c: Self.context(.en))
                .figure.rendered
            #expect(html.contains(#"<svg class="chart chart-line""#) && html.contains(#"<polyline class="line""#))
            #expect(html.matches(of: /<circle class="point"/).count == 7 && !html.contains("<rect"))
            #expect(html.contains(#"<desc id="chart-desc">Mon 0 min, Tue 30 min, Wed 1 h, "#))
        }

        @Test("the week view puts each activity on its day and offers suggested slots and the undo, with the CSRF token")
        func week() throws {
            let tuesday = Self.monday.adding(days: 1)
            let slot = DateInterval(start: tuesday.moment(minutes: 18 * 60, in: Self.kyiv), duration: 3600)
            let suggestions = DaySuggestions(day: tuesday, isWorkingDay: true, targetMinutes: 180, plannedMinutes: 60, slots: [slot])
            let deleted = UUID(uuidString: "f0c7a000-0000-4000-8000-000000000099")!
            let page = WeekView(planner: Self.planner(), monday: Self.monday, today: Self.monday, activities: [Self.walk(on: tuesday, at: 7, "Park")],
                                suggestions: [tuesday: suggestions], undo: deleted, c: Self.context(.en)).page
            #expect(page.title == "Week 21.09–27.09" && page.tabs.map(\.isCurrent) == [true, false, false, false])
            let html = page.content.rendered
            let tuesdayCard = try #require(html.firstMatch(of: /<section class="card day" aria-labelledby="day-2026-09-22">.*?<\/section>/)).output
            #expect(tuesdayCard.contains("<strong>Walk</strong> · Park"))
            #expect(tuesdayCard.contains(#"<button type="submit" class="button button-suggestion">+ Rest 18:00–19:00</button>"#))
            #expect(html.contains(#"<section class="card day today" aria-labelledby="day-2026-09-21">"#))
            #expect(html.contains(#"<form method="post" action="/fuctivity/activities/f0c7a000-0000-4000-8000-000000000099/restore"><input type="hidden" name="_csrf" value="token-456">"#))
        }

        @Test("a planned activity can be marked done once it has started, not before")
        func markDone() {
            let started = Self.walk(on: Self.monday, at: 10, "")
            let view = { (now: Date) in ActivityDetailView(planner: Self.planner(), shown: started, now: now, c: Self.context(.en)).page }
            #expect(view(Self.now).title == "Walk")
            #expect(view(Self.now).content.rendered.contains(#"<input type="hidden" name="status" value="done">"#))
            let before = view(Self.monday.moment(minutes: 9 * 60, in: Self.kyiv)).content.rendered
            #expect(!before.contains(#"value="done""#) && before.contains("It can be marked done once it starts."))
        }
    }
}
