import Fluent
import Foundation
import Kernel

/// A shelter to try: a director, a doctor, a storekeeper and a new sign-up waiting for a
/// role; four enclosures with a sensor each and a week of readings, one of them running
/// hot; a warehouse with dry food near its threshold and an order awaiting approval.
enum ShelterDemoData {
    static let password = "shelter-demo"
    static let accounts = [
        DemoAccount(app: SmartShelter.id, role: "director", login: "director@shelter.example", password: password),
        DemoAccount(app: SmartShelter.id, role: ShelterRole.doctor.rawValue, login: "doctor@shelter.example", password: password),
        DemoAccount(app: SmartShelter.id, role: ShelterRole.storekeeper.rawValue, login: "storekeeper@shelter.example", password: password),
        DemoAccount(app: SmartShelter.id, role: ShelterRole.pending.rawValue, login: "new@shelter.example", password: password),
    ]

    /// (name, description, the day's mean temperature, its swing, mean humidity)
    static let enclosures: [(String, String, Double, Double, Double)] = [
        ("Собаки — вольєр 1", "Великі собаки, теплий вольєр з вигулом.", 18, 4, 55),
        ("Собаки — вольєр 2", "Цуценята і малі собаки.", 21, 2, 50),
        ("Котяча кімната", "Дорослі коти, кімната з полицями.", 22, 1.5, 45),
        ("Карантин", "Нові тварини перші 14 днів. Під дахом, але влітку гаряче.", 27, 3, 68),
    ]

    static func seed(_ seed: SeedContext) async throws {
        let context = ShelterContext(seed.services)
        let names = ["Оксана Директорка", "Лікар Андрій", "Комірниця Ірина", "Новенький Петро"]
        var people: [StaffMember] = []
        for (account, name) in zip(accounts, names) {
            let role = ShelterRole(apiName: account.role) ?? .pending
            people.append(try await context.staff.register(name: name, email: account.login, password: password, passwordRepeat: password,
                                                           timeZone: "Europe/Kyiv", language: .uk, role: role))
        }
        var director = people[0]
        director.confirmedUntil = seed.clock.now.addingTimeInterval(PasswordConfirmations.window)
        let now = seed.clock.now
        for (index, (name, description, mean, swing, humidity)) in enclosures.enumerated() {
            let enclosure = try await context.enclosures.create(name: name, description: description,
                                                                conditions: ConditionsInput(EnclosureConditions.standard), by: director)
            // Hourly, the original device's default: with nothing sending after the start,
            // the silence alarm comes two hours on, not twenty minutes.
            let issued = try await context.sensors.create(in: enclosure.requireID(), name: "Датчик \(index + 1)", intervalSeconds: "3600", by: director)
            let week = weekOfReadings(until: now, mean: mean, swing: swing, humidity: humidity, seed: index)
            for batch in stride(from: 0, to: week.count, by: ReadingService.batchLimit) {
                _ = try await context.readings.record(Array(week[batch..<min(batch + ReadingService.batchLimit, week.count)]), from: issued.sensor)
            }
        }
        try await seedWarehouse(context, director: director, storekeeper: people[2], doctor: people[1])
    }

    /// (name, unit, low at, received, used) — the dry food is near its threshold, and an
    /// order for more waits for the director.
    static let items: [(String, String, String, String, String)] = [
        ("Корм сухий для собак", "кг", "20", "60", "41,5"),
        ("Корм для котів", "кг", "10", "30", "8"),
        ("Вакцина від сказу", "доз", "5", "20", "4"),
        ("Бинти", "шт.", "10", "50", "12"),
    ]

    static func seedWarehouse(_ context: ShelterContext, director: StaffMember, storekeeper: StaffMember, doctor: StaffMember) async throws {
        let warehouse = context.warehouse
        for (index, (name, unit, low, received, used)) in items.enumerated() {
            let item = try await warehouse.createItem(name: name, unit: unit, low: low, by: storekeeper)
            let order = try await warehouse.requestOrder(of: item.requireID(), amount: received, note: "", by: storekeeper)
            _ = try await warehouse.decide(order.requireID(), approve: true, by: director)
            _ = try await warehouse.receive(order.requireID(), amount: received, by: storekeeper)
            let kind = index == 2 || index == 3 ? StockMovement.Kind.treatment : .feeding
            _ = try await warehouse.use(item.requireID(), amount: used, kind: kind.rawValue, note: "", by: kind == .treatment ? doctor : storekeeper)
            if index == 0 {
                _ = try await warehouse.requestOrder(of: item.requireID(), amount: "100", note: "На місяць наперед", by: storekeeper)
            }
        }
    }

    /// A reading every ten minutes for seven days: warmest mid-afternoon, water and food
    /// going down through the day and filled in the morning.
    static func weekOfReadings(until now: Date, mean: Double, swing: Double, humidity: Double, seed: Int) -> [Reading] {
        let step: TimeInterval = 600
        let start = (now.timeIntervalSince1970 / step).rounded(.down) * step - 7 * 86_400
        return (0..<(7 * 144)).map { i in
            let at = Date(timeIntervalSince1970: start + Double(i) * step)
            let hour = at.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
            let daily = sin((hour - 9) / 24 * 2 * .pi)
            let noise = Double((i * 7 + seed * 13) % 11 - 5) / 10
            let level = 100 - (hour.truncatingRemainder(dividingBy: 24) / 24) * 70
            return Reading(at: at, temperature: ((mean + swing * daily + noise) * 10).rounded() / 10,
                           humidity: ((humidity - 8 * daily + noise) * 10).rounded() / 10,
                           waterLevel: level.rounded(), foodLevel: (level * 0.9).rounded())
        }
    }
}
