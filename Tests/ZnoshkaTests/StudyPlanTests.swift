import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import Znoshka

/// The plan to the exam: the reviews due each coming day and a topic to practise, on the
/// profile and, for today, on the subject list.
extension ZnoshkaTests {
    @Suite("Study plan")
    struct StudyPlanTests {
        static let ukrainian = UUID(), mathematics = UUID()
        static func topic(_ n: Int) -> UUID { UUID(uuidString: String(format: "70000000-0000-4000-8000-%012d", n))! }
        static let today = LocalDay(year: 2027, month: 5, day: 10)!

        static func standing(_ n: Int, _ subject: UUID, answered: Int = 0, mastery: Double = 0) -> StudyPlan.Standing {
            StudyPlan.Standing(topicID: topic(n), subjectID: subject, answered: answered, mastery: mastery)
        }

        @Test("topics not yet known come first, the subjects in turn; then the known ones, weakest on the map first; a strong one is left out")
        func order() {
            let standings = [Self.standing(1, Self.ukrainian, answered: 10, mastery: 0.7), Self.standing(2, Self.ukrainian),
                             Self.standing(3, Self.ukrainian, answered: 2, mastery: 0.3), Self.standing(4, Self.mathematics, answered: 5, mastery: 0.2),
                             Self.standing(5, Self.mathematics), Self.standing(6, Self.mathematics, answered: 40, mastery: 0.85)]
            #expect(StudyPlan.practiseOrder(standings) == [2, 5, 3, 4, 1].map(Self.topic))
            #expect(StudyPlan.practiseOrder([]).isEmpty)
        }

        @Test("a day a topic, round again; reviews counted on the day they fall due, the overdue today; the days stop before the exam")
        func days() {
            let standings = [Self.standing(1, Self.ukrainian), Self.standing(2, Self.mathematics)]
            let due = [Self.today.adding(days: -3), Self.today, Self.today.adding(days: 2), Self.today.adding(days: 2), Self.today.adding(days: 9)]
            let week = StudyPlan.make(today: Self.today, exam: nil, dueDays: due, standings: standings)
            #expect(week.daysToExam == nil && week.days.map(\.day) == (0..<7).map { Self.today.adding(days: $0) })
            #expect(week.days.map(\.reviews) == [2, 0, 2, 0, 0, 0, 0])
            #expect(week.days.map(\.topicID) == [1, 2, 1, 2, 1, 2, 1].map(Self.topic))

            let close = StudyPlan.make(today: Self.today, exam: Self.today.adding(days: 3), dueDays: due, standings: standings)
            #expect(close.daysToExam == 3 && close.days.count == 3)
            let onTheDay = StudyPlan.make(today: Self.today, exam: Self.today, dueDays: due, standings: standings)
            #expect(onTheDay.daysToExam == 0 && onTheDay.days.isEmpty)
            let after = StudyPlan.make(today: Self.today, exam: Self.today.adding(days: -1), dueDays: due, standings: standings)
            #expect(after.daysToExam == -1 && after.days.isEmpty)
            #expect(StudyPlan.make(today: Self.today, exam: nil, dueDays: [], standings: []).days.allSatisfy { $0.topicID == nil })
        }

        @Test("the profile shows the days to the exam and each day's reviews and topic; the subject list today's topic")
        func pages() async throws {
            let kyiv = ZnoshkaProfile.defaultTimeZone
            let today = LocalDay(Date(), in: kyiv)
            try await withZnoshka(clock: ManualClock(today.moment(minutes: 10 * 60, in: kyiv))) { app in
                let olena = try await register(app)
                #expect(try await send(app, .PATCH, "/me", as: olena, ["examDate": today.adding(days: 40).description]).status == .ok)
                // A topic test left blank: its questions are in the review queue, and the topic now known (and weak).
                let percentages = try await seededTest(app, "mathematics", .topic)
                let attempt = try await start(app, percentages, as: olena)
                #expect(try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena).status == .ok)

                let student = try await Student(account: try #require(try await Account.find(olena.id, on: app.db)), on: app.db)
                let plan = try await ZnoshkaContext(app.services).reviews.plan(for: student)
                let queued = try await ReviewItem.query(on: app.db).filter(\.$ownerID == olena.id).all()
                let horizon = today.adding(days: StudyPlan.horizon).start(in: kyiv)
                #expect(queued.count == attempt.questions.count)
                #expect(plan.days.map(\.reviews).reduce(0, +) == queued.filter { $0.due < horizon }.count)
                #expect(plan.days.count == StudyPlan.horizon && plan.daysToExam == 40)
                let ukrainian = try #require(try await Subject.query(on: app.db).filter(\.$slug == "ukrainian").first())
                let firstTopic = try #require(try await Topic.query(on: app.db).filter(\.$subjectID == ukrainian.id!).sort(\.$position).first())
                #expect(plan.days[0].topicID == firstTopic.id, "a topic not yet practised comes before the weak one")
                #expect(!plan.days.contains { $0.topicID == percentages.topicID }, "seven days of topics not yet practised come first")

                let browser = try await signedInBrowser(app, as: olena)
                let profile = try await browser.get("/znoshka/profile").text
                #expect(profile.contains("До іспиту 40 днів.") && profile.contains("Сьогодні") && profile.contains("Завтра"))
                #expect(profile.contains(#"<a href="/znoshka/topics/\#(firstTopic.id!.uuidString.lowercased())">\#(firstTopic.title)</a> (Українська мова)"#))
                let subjects = try await browser.get("/znoshka/subjects").text
                #expect(subjects.contains(#"Тема дня: <a href="/znoshka/topics/\#(firstTopic.id!.uuidString.lowercased())">"#))
            }
        }
    }
}
