import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import Znoshka

extension ZnoshkaTests {
    /// The daily study reminder reaches the phone (the kernel's Web Push, to a push service
    /// on loopback) at the time the person chose, once a day, with what is due and the days left.
    @Suite("Study reminder")
    struct ReminderTests {
        @Test("at the chosen time, once a day: the review items due today and the days to the exam")
        func daily() async throws {
            try await LoopbackPushService.with { service in
                let kyiv = ZnoshkaProfile.defaultTimeZone
                let today = LocalDay(Date(), in: kyiv)
                let clock = ManualClock(today.moment(minutes: 10 * 60, in: kyiv))
                try await withZnoshka(clock: clock) { app in
                    let olena = try await register(app), quiet = try await register(app, name: "Без нагадувань")
                    let device = TestDevice(), quietDevice = TestDevice()
                    for (person, device, name) in [(olena, device, "olena"), (quiet, quietDevice, "quiet")] {
                        let answer = try await send(app, .POST, "/push-subscriptions", as: person, device.subscription("\(service.baseURL)/push/\(name)"))
                        #expect(answer.status == .created, "\(answer.body.string)")
                    }
                    let exam = today.adding(days: 30)
                    let profile = try await send(app, .PATCH, "/me", as: olena, ["examDate": exam.description, "reminderTime": "18:00"])
                    #expect(profile.status == .ok, "\(profile.body.string)")
                    // One mistake and nine tasks left blank, due at once in the review queue.
                    let attempt = try await start(app, try await seededTest(app, "history", .topic), as: olena)
                    let question = attempt.questions[0].id
                    _ = try await saveAnswer(app, attempt.id, question, wrongAnswer(try await stored(app, question)), as: olena)
                    _ = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena)

                    let reminder = StudyReminder(context: ZnoshkaContext(app.services))
                    #expect(try await reminder.sendDue() == 0, "10:00 is before 18:00")
                    clock.advance(by: 8 * 3600 + 60)
                    #expect(try await reminder.sendDue() == 1)
                    #expect(try await reminder.sendDue() == 0, "once a day")
                    let pushed = try #require(try await service.notifications(for: device, at: "olena").first)
                    #expect(pushed.title == "Час повчитися")
                    #expect(pushed.body == "Сьогодні 10 питань на повторення. До НМТ 30 днів.")
                    #expect(pushed.url == "/znoshka/review")
                    clock.advance(by: 24 * 3600)
                    #expect(try await reminder.sendDue() == 1, "the next day again")
                    let next = try await service.notifications(for: device, at: "olena", atLeast: 2)
                    #expect(next.last?.body == "Сьогодні 10 питань на повторення. До НМТ 29 днів.")
                    try await Task.sleep(for: .milliseconds(300))
                    #expect(try await service.requests(atLeast: 2).allSatisfy { $0.name == "olena" }, "nobody who did not ask is reminded")
                }
            }
        }
    }
}
