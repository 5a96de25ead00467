import Fluent
import Foundation
import Kernel

/// A demo person with a set-up week: rest taken and rated in the days before, rest
/// planned with reminders in the days ahead, and a category of her own.
enum FuctivityDemoData {
    static let password = "fuctivity-demo"
    static let accounts = [DemoAccount(app: Fuctivity.id, role: "member", login: "marta@fuctivity.example", password: password)]

    static func seed(_ seed: SeedContext) async throws {
        let context = FuctivityContext(seed.services)
        var marta = try await context.people.register(EmailSignUpForm(name: "Марта", email: accounts[0].login, password: password,
                                                                      timeZone: "Europe/Kyiv"), language: .uk)
        marta = try await context.people.updatePlan(marta, to: WeekPlan(workingDays: [1, 2, 3, 4, 5], workHours: 8, workStarts: 9 * 60,
                                                                         restHours: 3, dayStarts: 7 * 60, dayEnds: 23 * 60))
        let yoga = try await context.categories.create(named: "Йога", for: marta)
        let zone = marta.timeZone
        let today = LocalDay(seed.clock.now, in: zone)
        func at(_ offset: Int, _ minutes: Int) -> Date { today.adding(days: offset).moment(minutes: minutes, in: zone) }
        func category(_ slug: String) -> UUID { BuiltInCategory.find(slug)!.uuid }
        // (day offset, start, minutes, category, description, rating)
        let past: [(Int, Int, Int, UUID, String, Int?)] = [
            (-4, 18 * 60 + 30, 60, category("walk"), "Парк Шевченка", 5),
            (-3, 19 * 60, 90, category("reading"), "Роман на вечір", 4),
            (-2, 18 * 60, 60, yoga.id!, "Заняття онлайн", 5),
            (-1, 20 * 60, 120, category("friends"), "Вечеря з друзями", nil),
        ]
        for (offset, start, minutes, categoryID, text, rating) in past {
            let saved = try await context.activities.create(ActivityDraft(categoryID: categoryID, details: text, startsAt: at(offset, start),
                                                                          endsAt: at(offset, start + minutes)), for: marta)
            let id = try saved.view.activity.requireID()
            _ = try await context.activities.complete(id, as: .done, for: marta)
            if let rating { _ = try await context.activities.rate(id, rating: rating, note: nil, for: marta) }
        }
        let upcoming: [(Int, Int, Int, UUID, String)] = [
            (0, 19 * 60, 60, category("walk"), "Прогулянка після роботи"),
            (1, 18 * 60 + 30, 90, category("sport"), "Басейн"),
            (2, 20 * 60, 60, category("hobby"), "Малювання"),
            (5, 10 * 60, 120, category("friends"), "Пікнік"),
        ]
        for (offset, start, minutes, categoryID, text) in upcoming {
            _ = try await context.activities.create(ActivityDraft(categoryID: categoryID, details: text, startsAt: at(offset, start),
                                                                  endsAt: at(offset, start + minutes), reminders: [.minutesBefore(15)]), for: marta)
        }
    }
}
