import Fluent
import Foundation
import Kernel
import SQLKit

/// A shelter to try: a director, a doctor, a storekeeper and a new sign-up waiting for a
/// role; four enclosures with a sensor each and a week of readings, one of them running
/// hot; a warehouse with dry food near its threshold and an order awaiting approval;
/// animals with their weights, meals, a sick dog in quarantine and doses due and overdue.
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
            let form = EmailSignUpForm(name: name, email: account.login, password: password, timeZone: "Europe/Kyiv")
            people.append(try await context.staff.register(form, language: .uk, role: role))
        }
        var director = people[0]
        director.confirmedUntil = seed.clock.now.addingTimeInterval(PasswordConfirmations.window)
        let now = seed.clock.now
        var made: [UUID] = []
        for (index, (name, description, mean, swing, humidity)) in enclosures.enumerated() {
            let enclosure = try await context.enclosures.create(name: name, description: description,
                                                                conditions: ConditionsInput(EnclosureConditions.standard), by: director)
            // Hourly, the original device's default: with nothing sending after the start,
            // the silence alarm comes two hours on, not twenty minutes.
            made.append(try enclosure.requireID())
            let issued = try await context.sensors.create(in: enclosure.requireID(), name: "Датчик \(index + 1)", intervalSeconds: "3600", by: director)
            let week = weekOfReadings(until: now, mean: mean, swing: swing, humidity: humidity, seed: index)
            for batch in stride(from: 0, to: week.count, by: ReadingService.batchLimit) {
                _ = try await context.readings.record(Array(week[batch..<min(batch + ReadingService.batchLimit, week.count)]), from: issued.sensor)
            }
        }
        let items = try await seedWarehouse(context, director: director, storekeeper: people[2], doctor: people[1])
        try await seedAnimals(context, seed, enclosures: made, food: (dogs: items[0], cats: items[1]), bandages: items[3],
                              doctor: people[1], storekeeper: people[2])
        try await seedAdoption(context, doctor: people[1])
        try await seedHistory(context, doctor: people[1], today: LocalDay(now, in: people[1].timeZone))
    }

    /// (name, species, breed, sex, born years ago, enclosure index, kilograms four weeks ago
    /// and now, daily portion in kg)
    static let animals: [(String, Animal.Species, String, Animal.Sex, Int, Int, Double, Double, String)] = [
        ("Рекс", .dog, "німецька вівчарка", .male, 5, 0, 30.2, 31.0, "0,4"),
        ("Белла", .dog, "лабрадор", .female, 3, 0, 24.5, 25.1, "0,35"),
        ("Бублик", .dog, "дворняга", .male, 0, 1, 4.1, 6.3, "0,15"),
        ("Мурка", .cat, "", .female, 4, 2, 3.9, 4.0, "0,06"),
        ("Сірко", .dog, "дворняга", .male, 7, 3, 19.0, 17.8, "0,3"),
    ]
    /// Meals at 08:00 and 18:00.
    static let mealMinutes = [8 * 60, 18 * 60]
    static var mealTimes: [String] { mealMinutes.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) } }

    /// The animals: a month of weekly weights, meals twice a day with the feeders filled for
    /// the last two meals, a dog ill in quarantine (the hot enclosure, so its alarm names
    /// him), a deworming due today, a puppy's rabies shot overdue, and one dog adopted.
    static func seedAnimals(_ context: ShelterContext, _ seed: SeedContext, enclosures: [UUID], food: (dogs: UUID, cats: UUID), bandages: UUID,
                            doctor: StaffMember, storekeeper: StaffMember) async throws {
        let today = LocalDay(seed.clock.now, in: doctor.timeZone)
        var ids: [String: UUID] = [:]
        for (name, species, breed, sex, age, enclosure, before, after, portion) in animals {
            let input = AnimalInput(name: name, species: species.rawValue, breed: breed, sex: sex.rawValue,
                                    bornOn: today.adding(days: -365 * age - 40).description, birthEstimated: "true",
                                    intakeOn: today.adding(days: enclosure == 3 ? -3 : -60).description,
                                    intakeReason: enclosure == 3 ? "Знайшли біля траси, кашляв" : "Передали волонтери",
                                    enclosureID: enclosures[enclosure].uuidString)
            let animal = try await context.animals.create(input, by: doctor)
            let id = try animal.requireID()
            ids[name] = id
            for week in 0...4 {
                let kilograms = before + (after - before) * Double(week) / 4
                _ = try await context.animals.weigh(id, weight: String(format: "%.1f", kilograms), on: today.adding(days: 7 * week - 28).description, by: doctor)
            }
            for time in mealTimes {
                _ = try await context.feeding.addMeal(to: id, time: time, itemID: (species == .cat ? food.cats : food.dogs).uuidString,
                                                      amount: portion, by: doctor)
            }
        }
        // Portraits drawn in code for two of them (the others show they can have none).
        for (name, ground, face) in [("Рекс", (UInt8(186), UInt8(230), UInt8(253)), (UInt8(146), UInt8(64), UInt8(14))),
                                     ("Мурка", (UInt8(254), UInt8(243), UInt8(199)), (UInt8(75), UInt8(85), UInt8(99)))] {
            _ = try await context.photos.upload(to: ids[name]!, photo: PNGDrawing.portrait(side: 96, ground: ground, face: face), thumbnail: nil, by: doctor)
        }
        let sirko = ids["Сірко"]!
        let cough = try await context.medical.addDisease(to: sirko, name: "Кашель розплідника", symptoms: "Сухий кашель, трохи млявий",
                                                         startedOn: today.adding(days: -3).description, by: doctor)
        _ = try await context.medical.treat(sirko, kind: Treatment.Kind.procedure.rawValue, diseaseID: cough.requireID().uuidString,
                                            notes: "Огляд, перев'язка лапи", supplies: [SupplyInput(itemID: bandages.uuidString, amount: "2")], by: doctor)
        _ = try await context.medical.addRegimen(to: ids["Рекс"]!, kind: Regimen.Kind.regimen.rawValue, name: "Від глистів",
                                                 firstDue: today.description, everyDays: "90", by: doctor)
        _ = try await context.medical.addRegimen(to: ids["Бублик"]!, kind: Regimen.Kind.vaccination.rawValue, name: "Сказ",
                                                 firstDue: today.adding(days: -2).description, everyDays: "365", by: doctor)
        let lord = try await context.animals.create(AnimalInput(name: "Лорд", species: "dog", breed: "хаскі", sex: "male",
                                                                intakeOn: today.adding(days: -40).description, intakeReason: "Загубився",
                                                                enclosureID: enclosures[1].uuidString, weight: "22"), by: doctor)
        _ = try await context.animals.recordMovement(of: lord.requireID(), kind: AnimalMovement.Kind.adoption.rawValue,
                                                     on: today.adding(days: -5).description, note: "Нова родина з Ірпеня", by: doctor)
        try await seedFeedings(context, seed, storekeeper: storekeeper)
    }

    /// The feeders filled for the last two meals of each enclosure (so that a server just
    /// started raises no feeding alarm): recorded now, then dated back to each meal.
    static func seedFeedings(_ context: ShelterContext, _ seed: SeedContext, storekeeper: StaffMember) async throws {
        let zone = seed.services.timeZone
        let last = FeedingService.lastMeal(mealMinutes, before: seed.clock.now, in: zone)!
        let meals = [last, FeedingService.lastMeal(mealMinutes, before: last.addingTimeInterval(-1), in: zone)!]
        let calendar = LocalDateTime.calendar(zone)
        func minuteOfDay(_ date: Date) -> Int {
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return parts.hour! * 60 + parts.minute!
        }
        for round in try await context.feeding.rounds(for: storekeeper) {
            for portion in round.portions {
                for at in meals where minuteOfDay(at) == round.minuteOfDay {
                    let refill = try await context.feeding.refill(round.enclosure.requireID(), kind: Refill.Kind.food.rawValue,
                                                                  itemID: portion.item.requireID().uuidString, amount: WarehouseService.text(portion.amount),
                                                                  by: storekeeper)
                    let filled = at.addingTimeInterval(-20 * 60)
                    // Dated back to its meal, and marked as that meal's feeding (its day and time).
                    try await context.db.sql.update(Refill.schema).set("at", to: SQLBind(filled))
                        .set("meal_day", to: SQLBind(LocalDay(at, in: zone).description)).set("meal_minute", to: SQLBind(round.minuteOfDay))
                        .where("id", .equal, SQLBind(refill.requireID())).run()
                    try await context.db.sql.update(StockMovement.schema).set("at", to: SQLBind(filled))
                        .where("id", .equal, SQLBind(refill.movementID!)).run()
                }
            }
        }
    }

    /// (name, kind, unit, low at, received, used) — the dry food is near its threshold, and
    /// an order for more waits for the director.
    static let items: [(String, StockItem.Kind, String, String, String, String)] = [
        ("Корм сухий для собак", .food, "кг", "20", "60", "41,5"),
        ("Корм для котів", .food, "кг", "10", "30", "8"),
        ("Вакцина від сказу", .medicine, "доз", "5", "20", "4"),
        ("Бинти", .supplies, "шт.", "10", "50", "12"),
    ]

    /// The items made, in the order of `items`.
    @discardableResult
    static func seedWarehouse(_ context: ShelterContext, director: StaffMember, storekeeper: StaffMember, doctor: StaffMember) async throws -> [UUID] {
        let warehouse = context.warehouse
        var made: [UUID] = []
        for (index, (name, kind, unit, low, received, used)) in items.enumerated() {
            let item = try await warehouse.createItem(name: name, kind: kind.rawValue, unit: unit, low: low, by: storekeeper)
            made.append(try item.requireID())
            let order = try await warehouse.requestOrder(of: item.requireID(), amount: received, note: "", by: storekeeper)
            _ = try await warehouse.decide(order.requireID(), approve: true, by: director)
            _ = try await warehouse.receive(order.requireID(), amount: received, by: storekeeper)
            let kind = index == 2 || index == 3 ? StockMovement.Kind.treatment : .feeding
            _ = try await warehouse.use(item.requireID(), amount: used, kind: kind.rawValue, note: "", by: kind == .treatment ? doctor : storekeeper)
            if index == 0 {
                _ = try await warehouse.requestOrder(of: item.requireID(), amount: "100", note: "На місяць наперед", by: storekeeper)
            }
        }
        return made
    }

    /// The feeder's level: full at each meal, eaten within about two hours.
    static func feederLevel(_ at: Date) -> Double {
        let zone = TimeZone(identifier: "Europe/Kyiv")!
        let minute = Int((at.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: at))).truncatingRemainder(dividingBy: 86_400) / 60)
        let sinceMeal = mealMinutes.map { (minute - $0 + 1440) % 1440 }.min()!
        return max(5, 100 - Double(sinceMeal) * 0.75).rounded()
    }

    /// A reading every ten minutes for seven days: warmest mid-afternoon, water going down
    /// through the day and filled in the morning, food eaten within two hours of each meal.
    static let batteryAtStart: [Double] = [98, 90, 76, 31]

    static func weekOfReadings(until now: Date, mean: Double, swing: Double, humidity: Double, seed: Int) -> [Reading] {
        let step: TimeInterval = 600
        let start = (now.timeIntervalSince1970 / step).rounded(.down) * step - 7 * 86_400
        return (0..<(7 * 144)).map { i in
            let at = Date(timeIntervalSince1970: start + Double(i) * step)
            let hour = at.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
            let daily = sin((hour - 9) / 24 * 2 * .pi)
            let noise = Double((i * 7 + seed * 13) % 11 - 5) / 10
            let level = 100 - (hour.truncatingRemainder(dividingBy: 24) / 24) * 70
            // Each device's battery runs down over the week; the fourth's ends below the
            // warning line, so the demo shows what staff see then.
            let battery = (batteryAtStart[seed % batteryAtStart.count] - 17 * Double(i) / (7 * 144)).rounded()
            return Reading(at: at, temperature: ((mean + swing * daily + noise) * 10).rounded() / 10,
                           humidity: ((humidity - 8 * daily + noise) * 10).rounded() / 10,
                           waterLevel: level.rounded(), foodLevel: feederLevel(at),
                           battery: battery, signal: -62 - Double(seed * 6) + noise * 4)
        }
    }
}
