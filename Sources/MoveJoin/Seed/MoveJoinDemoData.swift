import Fluent
import Foundation
import Kernel

/// Two demo people in Київ with a week of events around them, one of them full with a
/// waitlist, and one past event for the history.
enum MoveJoinDemoData {
    static let password = "movejoin-demo"
    static let accounts = [
        DemoAccount(app: MoveJoin.id, role: "member", login: "olena@movejoin.example", password: password),
        DemoAccount(app: MoveJoin.id, role: "member", login: "taras@movejoin.example", password: password),
    ]

    static func seed(_ seed: SeedContext) async throws {
        let context = MoveJoinContext(seed.services)
        let olena = try await context.people.register(SignUp(email: accounts[0].login, password: password, passwordRepeat: password,
                                                              name: "Олена", surname: "Коваль", cityID: "kyiv"), language: .uk)
        let taras = try await context.people.register(SignUp(email: accounts[1].login, password: password, passwordRepeat: password,
                                                              name: "Тарас", surname: "Мельник", cityID: "kyiv"), language: .uk)
        let zone = City.find("kyiv")!.timeZone
        let today = LocalDateTime(seed.clock.now, in: zone)
        func day(_ offset: Int, _ time: String) -> Date {
            let base = LocalDateTime.date(day: today.dateString, time: time, in: zone)!
            return LocalDateTime.calendar(zone).date(byAdding: .day, value: offset, to: base)!
        }
        let plans: [(Mover, String, String, String, String, Int, (Int, String), Int, SkillLevel)] = [
            (olena, "football", "Футбол 5×5 на Оболоні", "Граємо на штучному покритті, м'яч є. Беріть світлу й темну футболки.",
             "Стадіон «Оболонь», вул. Північна, 2", 90, (1, "19:00"), 10, .intermediate),
            (taras, "running", "Ранкова пробіжка набережною", "Спокійний темп 6:00/км, 8 км. Чекаємо всіх, хто прокидається рано.",
             "Поштова площа, біля фунікулера", 60, (2, "07:30"), 20, .any),
            (olena, "volleyball", "Пляжний волейбол (у залі)", "Зал з піском, оплата оренди ділиться на всіх.",
             "Sand Club, вул. Туполєва, 19", 120, (3, "20:00"), 2, .beginner),
            (taras, "yoga", "Йога в парку", "Беріть килимок і воду.", "Парк Наталка, галявина біля входу", 60, (5, "09:00"), 15, .beginner),
            (olena, "cycling", "Велопрогулянка на Труханів острів", "Близько 25 км, без поспіху.",
             "Пішохідний міст, лівий берег", 150, (6, "11:00"), 12, .any),
        ]
        var created: [EventRecord] = []
        for plan in plans {
            let view = try await context.sportEvents.create(EventDraft(
                sportTypeID: plan.1, title: plan.2, details: plan.3, cityID: "kyiv", venue: plan.4, startsAt: day(plan.6.0, plan.6.1),
                durationMinutes: plan.5, capacity: plan.7, skillLevel: plan.8), by: plan.0)
            created.append(view.event)
        }
        // Taras joins the football; the two-place volleyball is full with Taras, so the
        // next person to join waits.
        _ = try await context.participation.join(eventID: created[0].id, by: taras)
        _ = try await context.participation.join(eventID: created[2].id, by: taras)
        _ = try await context.participation.join(eventID: created[1].id, by: olena)
        try await pastEvent(context, by: olena, with: taras, at: day(-3, "18:30"))
    }

    /// A finished event for both people's history (created directly: the rules refuse a start in the past).
    static func pastEvent(_ context: MoveJoinContext, by creator: Mover, with other: Mover, at start: Date) async throws {
        let event = SportEvent()
        event.creatorID = creator.id
        event.sportTypeID = "basketball"
        event.title = "Баскетбол 3×3 на Печерську"
        event.details = "Грали до 21 очка."
        event.cityID = "kyiv"
        event.venue = "Майданчик на вул. Мечникова, 9"
        event.startsAt = start
        event.durationMinutes = 90
        event.capacity = 6
        event.skillLevel = .any
        event.status = .scheduled
        event.participantCount = 2
        event.waitlistCount = 0
        event.nextQueueNumber = 3
        event.searchText = SportEvent.searchText(title: event.title, details: event.details, venue: event.venue)
        event.createdAt = start.addingTimeInterval(-86_400)
        event.updatedAt = event.createdAt
        try await context.db.writeTransaction { db in
            try await event.create(on: db)
            try await Participation(eventID: event.requireID(), accountID: creator.id, status: .participant, queueNumber: 1, at: event.createdAt).create(on: db)
            try await Participation(eventID: event.requireID(), accountID: other.id, status: .participant, queueNumber: 2, at: event.createdAt).create(on: db)
        }
    }
}
