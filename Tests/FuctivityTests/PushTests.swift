import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor

extension FuctivityTests {
    /// A due reminder reaches the phone with the page closed (the kernel's Web Push, to a
    /// push service on loopback), with the same tag the open page uses.
    @Suite("Push notifications")
    struct PushTests {
        @Test("a due reminder is pushed once to its owner's device, with the start time in their zone")
        func reminder() async throws {
            try await LoopbackPushService.with { service in
                let clock = ManualClock(Date())
                try await withFuctivity(clock: clock) { app in
                    let marta = try await register(app)
                    let other = try await register(app, name: "Інша")
                    let device = TestDevice(), otherDevice = TestDevice()
                    for (person, device, name) in [(marta, device, "marta"), (other, otherDevice, "other")] {
                        let answer = try await send(app, .POST, "/push-subscriptions", as: person, device.subscription("\(service.baseURL)/push/\(name)"))
                        #expect(answer.status == .created, "\(answer.body.string)")
                    }
                    let start = clock.now.addingTimeInterval(3600)
                    _ = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(3600), reminders: [["minutesBefore": 30]])
                    clock.advance(by: 31 * 60)
                    #expect(try await ReminderPusher(context: FuctivityContext(app.services)).pushDue() == 1)
                    let pushed = try #require(try await service.notifications(for: device, at: "marta").first)
                    let kyiv = TimeZone(identifier: "Europe/Kyiv")!
                    #expect(pushed.body == "Починається о \(LocalDateTime(start, in: kyiv).timeString).")
                    #expect(pushed.url.hasPrefix("/fuctivity/activities/"))
                    #expect(try await ReminderPusher(context: FuctivityContext(app.services)).pushDue() == 0, "once")
                    try await Task.sleep(for: .milliseconds(300))
                    #expect(try await service.requests(atLeast: 1).map(\.name) == ["marta"])
                }
            }
        }

        @Test("an activity that has just ended asks its owner to rate it, once, live and on the phone; not a skipped, rated, deleted or long-past one")
        func ratePrompt() async throws {
            try await LoopbackPushService.with { service in
                let clock = ManualClock(Date())
                try await withFuctivity(clock: clock) { app in
                    let marta = try await register(app)
                    let device = TestDevice()
                    _ = try await send(app, .POST, "/push-subscriptions", as: marta, device.subscription("\(service.baseURL)/push/marta"))
                    let start = clock.now.addingTimeInterval(600)
                    let walk = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(1800), details: "Прогулянка в парку")
                    let skipped = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(1200), details: "Пропущене")
                    let deleted = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(1200), details: "Видалене")
                    #expect(try await send(app, .POST, "/activities/\(skipped)/complete", as: marta, ["status": "skipped"]).status == .ok)
                    #expect(try await send(app, .DELETE, "/activities/\(deleted)", as: marta).status == .ok)
                    let live = app.kernel.events.events(topics: [FuctivityEvents.topic(for: marta.id)])
                    let prompter = RatePrompter(context: FuctivityContext(app.services))
                    #expect(try await prompter.promptEnded() == 0, "nothing has ended yet")

                    clock.advance(by: 45 * 60)
                    #expect(try await prompter.promptEnded() == 1)
                    #expect(try await prompter.promptEnded() == 0, "asked once")
                    let event = try #require(await next(live))
                    #expect(event.name == "rate" && event.data.contains(walk))
                    let pushed = try #require(try await service.notifications(for: device, at: "marta").first)
                    #expect(pushed.body == "Як відпочилося? Оцініть «Прогулянка в парку»." && pushed.url == "/fuctivity/activities/\(walk)")

                    // Ended long ago (the server was down): not asked about any more.
                    let old = try await addActivity(app, marta, from: clock.now.addingTimeInterval(-5 * 3600), to: clock.now.addingTimeInterval(-4 * 3600))
                    #expect(try await prompter.promptEnded() == 0, "\(old) ended four hours ago")
                }
            }
        }
    }
}
