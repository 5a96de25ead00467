import Fluent
import Foundation
import Kernel
import SQLKit

/// One meal time in an enclosure: what its animals' plans add up to, per item, and which
/// of those portions were put in today, when and by whom.
public struct EnclosureMeal: Sendable {
    public let enclosure: Enclosure
    public let minuteOfDay: Int
    public let portions: [(item: StockItem, amount: Quantity)]
    /// Today's feedings of this meal, by item.
    public var fed: [UUID: MealFeeding] = [:]

    public var time: String { FeedingService.clockTime(minuteOfDay) }
}

/// A meal's item put in the feeder: when, and by whom (their name; empty when unknown).
public struct MealFeeding: Sendable, Equatable {
    public let at: Date
    public let by: String
}

/// Feeding: each animal's meal plan (set by a doctor), the feeders filled and the water
/// topped up per enclosure (the storekeeper's; food leaves the warehouse in the same
/// transaction), and the two feeding rules the alarm job checks.
public struct FeedingService: Sendable {
    /// A feeder filled this long before a meal counts for it.
    public static let refillLead: TimeInterval = 3 * 3600
    /// How late a refill may come before the meal counts as missed.
    public static let refillGrace: TimeInterval = 30 * 60
    /// A feeder still at least this full (percent) at the next meal was not eaten from.
    public static let uneatenLevel = 50.0
    public static let maxRefillLitres: Int64 = 1000

    let context: ShelterContext
    var db: any Database { context.db }

    // MARK: Meal plans

    public func addMeal(to animalID: UUID, time typedTime: String?, itemID typedItem: String?, amount: String?,
                        by person: StaffMember) async throws -> MealPlan {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let minute = Self.minuteOfDay("time", typedTime, &v)
        let itemID = v.id("itemId", typedItem, required: true)
        let quantity = WarehouseService.quantity("amount", amount, allowZero: false, &v)
        try v.throwIfInvalid()
        _ = try await context.animals.find(animalID)
        let item = try await context.warehouse.find(itemID!, on: db)
        guard item.itemKind == .food else {
            throw AppError.validation([FieldError(field: "itemId", key: "ss.validation.not_food", arguments: ["item": item.name])])
        }
        let meal = MealPlan()
        meal.animalID = animalID
        meal.minuteOfDay = minute!
        meal.itemID = itemID!
        meal.amountMilli = quantity!.milli
        meal.createdAt = context.clock.now
        try await db.writeTransaction { db in
            try await meal.create(on: db)
            try await context.audit.record("meal.create", entityType: "animal", entityID: AnimalService.key(animalID), actor: person.id,
                                           after: ["time": meal.time, "item": item.name, "amount": WarehouseService.text(quantity!)], on: db)
        }
        return meal
    }

    public func removeMeal(_ id: UUID, by person: StaffMember) async throws {
        try context.authorizeChange(person, [.doctor])
        guard let meal = try await MealPlan.find(id, on: db) else {
            throw AppError.notFound(code: "meal_not_found", key: "ss.error.meal_not_found")
        }
        try await db.writeTransaction { db in
            try await meal.delete(on: db)
            try await context.audit.record("meal.delete", entityType: "animal", entityID: AnimalService.key(meal.animalID), actor: person.id,
                                           before: ["time": meal.time, "item": meal.itemID.uuidString.lowercased(), "amount": String(meal.amountMilli)], on: db)
        }
    }

    /// Today's meals in every enclosure with animals that have a plan (or in `enclosureID`
    /// only), by time: what to put in each feeder.
    public func rounds(for person: StaffMember, in enclosureID: UUID? = nil) async throws -> [EnclosureMeal] {
        try context.authorize(person, [.storekeeper, .doctor])
        var residents = Animal.query(on: db).filter(\.$status == Animal.Status.inShelter.rawValue)
        residents = if let enclosureID { residents.filter(\.$enclosureID == enclosureID) } else { residents.filter(\.$enclosureID != nil) }
        let animals = try await residents.all()
        let plans = try await MealPlan.query(on: db).filter(\.$animalID ~~ animals.compactMap(\.id)).all()
        guard !plans.isEmpty else { return [] }
        let enclosureOf = Dictionary(uniqueKeysWithValues: animals.map { ($0.id!, $0.enclosureID!) })
        let enclosures = Dictionary(uniqueKeysWithValues: try await Enclosure.query(on: db).filter(\.$id ~~ Set(enclosureOf.values)).all().map { ($0.id!, $0) })
        let items = Dictionary(uniqueKeysWithValues: try await StockItem.query(on: db).filter(\.$id ~~ Set(plans.map(\.itemID))).all().map { ($0.id!, $0) })
        struct Key: Hashable { let enclosure: UUID; let minute: Int }
        let grouped = Dictionary(grouping: plans) { Key(enclosure: enclosureOf[$0.animalID]!, minute: $0.minuteOfDay) }
        let today = try await mealFeedings(on: LocalDay(context.clock.now, in: context.timeZone))
        let fed = Dictionary(grouping: today) { Key(enclosure: $0.refill.enclosureID, minute: $0.refill.mealMinute!) }
            .mapValues { Dictionary($0.map { ($0.refill.itemID!, $0.feeding) }) { first, _ in first } }
        return grouped.compactMap { key, plans -> EnclosureMeal? in
            guard let enclosure = enclosures[key.enclosure] else { return nil }
            let perItem = Dictionary(grouping: plans, by: \.itemID).compactMap { itemID, plans in
                items[itemID].map { ($0, Quantity(milli: plans.reduce(0) { $0 + $1.amountMilli })) }
            }.sorted { person.collation.areInIncreasingOrder($0.0.name, $1.0.name) }
            return EnclosureMeal(enclosure: enclosure, minuteOfDay: key.minute, portions: perItem,
                                 fed: fed[Key(enclosure: key.enclosure, minute: key.minute)] ?? [:])
        }.sorted { ($0.minuteOfDay, $0.enclosure.name) < ($1.minuteOfDay, $1.enclosure.name) }
    }

    // MARK: Refills

    /// A feeder filled (food, taken from the warehouse: a 409 with what is left when there
    /// is not enough, and then nothing is written) or water topped up (litres).
    ///
    /// With `meal` (its time, `08:00`) the food is today's portion of that meal of the
    /// enclosure's plan, and each meal's item is fed once a day: a second press, a retry
    /// or a second phone gets a 409 saying when and by whom it was fed, and nothing more
    /// leaves the warehouse (the unique index on the meal decides a race).
    public func refill(_ enclosureID: UUID, kind typedKind: String?, itemID typedItem: String?, amount: String?,
                       meal typedMeal: String? = nil, by person: StaffMember) async throws -> Refill {
        try context.authorizeChange(person, [.storekeeper])
        var v = Kernel.Validator()
        let kind = v.choice("kind", typedKind, as: Refill.Kind.self)
        let itemID = v.id("itemId", typedItem, required: kind == .food)
        let quantity = WarehouseService.quantity("amount", amount, allowZero: false, &v)
        if kind == .water, let quantity, quantity.milli > Self.maxRefillLitres * 1000 {
            v.add("amount", "ss.validation.too_much_water", ["max": String(Self.maxRefillLitres)])
        }
        let mealMinute = typedMeal.flatMap { Self.minuteOfDay("meal", $0, &v) }
        if mealMinute != nil, kind == .water { v.add("meal", "ss.validation.meal_is_food") }
        try v.throwIfInvalid()
        guard let kind, let quantity else { throw AppError.validation(v.errors) }
        _ = try await context.enclosures.find(enclosureID)
        let mealDay = LocalDay(context.clock.now, in: context.timeZone)
        if let mealMinute, let itemID {
            try await requirePlannedMeal(in: enclosureID, minute: mealMinute, item: itemID)
            if let earlier = try await feeding(in: enclosureID, item: itemID, day: mealDay, minute: mealMinute) {
                throw alreadyFed(earlier, for: person)
            }
        }
        let refill = Refill()
        refill.enclosureID = enclosureID
        refill.kind = kind.rawValue
        refill.amountMilli = quantity.milli
        refill.at = context.clock.now
        refill.actorID = person.id
        if let mealMinute {
            refill.mealDay = mealDay.description
            refill.mealMinute = mealMinute
        }
        do {
            try await record(refill, kind: kind, itemID: itemID, quantity: quantity, by: person)
        } catch {
            // Another press of the same meal committed first: say whose, as above.
            guard (error as? any DatabaseError)?.isConstraintFailure == true, let itemID, let mealMinute,
                  let earlier = try await feeding(in: enclosureID, item: itemID, day: mealDay, minute: mealMinute) else { throw error }
            throw alreadyFed(earlier, for: person)
        }
        return refill
    }

    /// The refill, its warehouse movement (food) and its audit entry, in one transaction.
    private func record(_ refill: Refill, kind: Refill.Kind, itemID: UUID?, quantity: Quantity, by person: StaffMember) async throws {
        let enclosureID = refill.enclosureID
        try await db.writeTransaction { db in
            if kind == .food, let itemID {
                let movement = try await context.warehouse.move(itemID, by: -quantity.milli, kind: .feeding, order: nil,
                                                               note: "", actor: person.id, on: db)
                refill.itemID = itemID
                refill.movementID = try movement.requireID()
            }
            try await refill.create(on: db)
            var after = ["item": itemID?.uuidString.lowercased() ?? "", "amount": String(quantity.milli)]
            if let minute = refill.mealMinute { after["meal"] = Self.clockTime(minute) }
            try await context.audit.record("refill.\(kind.rawValue)", entityType: "enclosure", entityID: enclosureID.uuidString.lowercased(),
                                           actor: person.id, after: after, on: db)
        }
    }

    /// A 422 on `meal` unless an animal of the enclosure has `item` in its plan at `minute`.
    private func requirePlannedMeal(in enclosureID: UUID, minute: Int, item: UUID) async throws {
        let animals = try await Animal.query(on: db).filter(\.$enclosureID == enclosureID)
            .filter(\.$status == Animal.Status.inShelter.rawValue).all().compactMap(\.id)
        let planned = try await MealPlan.query(on: db).filter(\.$animalID ~~ animals).filter(\.$minuteOfDay == minute)
            .filter(\.$itemID == item).count()
        guard planned > 0 else { throw AppError.validation([FieldError(field: "meal", key: "ss.validation.no_such_meal")]) }
    }

    /// The feeding of one meal's item on `day`, if it was fed.
    private func feeding(in enclosureID: UUID, item: UUID, day: LocalDay, minute: Int) async throws -> MealFeeding? {
        try await mealFeedings(on: day, enclosure: enclosureID, item: item, minute: minute).first?.feeding
    }

    /// The meal feedings of `day` (narrowed to one meal's item when given), with who fed.
    private func mealFeedings(on day: LocalDay, enclosure: UUID? = nil, item: UUID? = nil,
                              minute: Int? = nil) async throws -> [(refill: Refill, feeding: MealFeeding)] {
        var query = Refill.query(on: db).filter(\.$mealDay == day.description).filter(\.$mealMinute != nil)
        if let enclosure { query = query.filter(\.$enclosureID == enclosure) }
        if let item { query = query.filter(\.$itemID == item) }
        if let minute { query = query.filter(\.$mealMinute == minute) }
        let refills = try await query.all()
        let names = try await Account.displayNames(of: refills.compactMap(\.actorID), on: db)
        return refills.map { ($0, MealFeeding(at: $0.at, by: $0.actorID.flatMap { names[$0] } ?? "")) }
    }

    /// «Уже нагодовано о 08:03, Ольга», in the asking person's time zone.
    private func alreadyFed(_ earlier: MealFeeding, for person: StaffMember) -> AppError {
        let local = LocalDateTime.calendar(person.timeZone).dateComponents([.hour, .minute], from: earlier.at)
        return AppError(.conflict, code: "already_fed", key: "ss.error.already_fed",
                         arguments: ["time": Self.clockTime(local.hour! * 60 + local.minute!), "name": earlier.by])
    }

    /// An enclosure's refills since `since`, newest first.
    public func refills(in enclosureID: UUID, since: Date, for person: StaffMember) async throws -> [Refill] {
        try context.authorize(person, [.storekeeper, .doctor])
        return try await Refill.query(on: db).filter(\.$enclosureID == enclosureID).filter(\.$at >= since).sort(\.$at, .descending).limit(100).all()
    }

    // MARK: The feeding rules (the alarm job)

    /// For each enclosure, the latest meal whose grace has passed: no food put in for it
    /// raises "not refilled"; a feeder still at least half full from the meal before
    /// (its food sensor's last level before this meal's refill) raises "food not eaten".
    public func checkMeals() async throws {
        let now = context.clock.now, zone = context.timeZone
        let animals = try await Animal.query(on: db).filter(\.$status == Animal.Status.inShelter.rawValue).filter(\.$enclosureID != nil).all()
        let plans = try await MealPlan.query(on: db).filter(\.$animalID ~~ animals.compactMap(\.id)).all()
        let enclosureOf = Dictionary(uniqueKeysWithValues: animals.map { ($0.id!, $0.enclosureID!) })
        let minutes = Dictionary(grouping: plans) { enclosureOf[$0.animalID]! }.mapValues { Set($0.map(\.minuteOfDay)).sorted() }
        let enclosures = Dictionary(uniqueKeysWithValues: try await Enclosure.query(on: db).filter(\.$id ~~ Set(minutes.keys)).all().map { ($0.id!, $0) })
        for (enclosureID, mealMinutes) in minutes {
            guard let meal = Self.lastMeal(mealMinutes, before: now.addingTimeInterval(-Self.refillGrace), in: zone),
                  let enclosure = enclosures[enclosureID] else { continue }
            let previous = Self.lastMeal(mealMinutes, before: meal.addingTimeInterval(-1), in: zone)!
            let refill = try await firstFoodRefill(in: enclosureID, from: meal.addingTimeInterval(-Self.refillLead), to: meal.addingTimeInterval(Self.refillGrace))
            if refill == nil {
                try await context.alarms.raiseScheduled(AlarmTrigger(kind: .notRefilled, severity: .warning, value: nil, at: meal), in: enclosure)
            }
            let servedBefore = try await firstFoodRefill(in: enclosureID, from: previous.addingTimeInterval(-Self.refillLead),
                                                         to: previous.addingTimeInterval(Self.refillGrace)) != nil
            let cutoff = min(refill ?? meal, meal)
            if servedBefore, let level = try await context.readings.lastFoodLevel(in: enclosureID, after: previous, before: cutoff),
               level >= Self.uneatenLevel {
                try await context.alarms.raiseScheduled(AlarmTrigger(kind: .foodNotEaten, severity: .warning, value: level, at: meal), in: enclosure)
            }
        }
    }

    private func firstFoodRefill(in enclosureID: UUID, from: Date, to: Date) async throws -> Date? {
        try await Refill.query(on: db).filter(\.$enclosureID == enclosureID).filter(\.$kind == Refill.Kind.food.rawValue)
            .filter(\.$at >= from).filter(\.$at <= to).sort(\.$at).first()?.at
    }

    /// The last of the daily meal times (minutes after midnight in `zone`) at or before `moment`.
    static func lastMeal(_ minutes: [Int], before moment: Date, in zone: TimeZone) -> Date? {
        guard !minutes.isEmpty else { return nil }
        let today = LocalDay(moment, in: zone)
        for day in [today, today.adding(days: -1)] {
            if let meal = minutes.map({ day.moment(minutes: $0, in: zone) }).filter({ $0 <= moment }).max() { return meal }
        }
        return nil
    }

    /// Minutes after midnight as `HH:MM`.
    static func clockTime(_ minuteOfDay: Int) -> String {
        String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
    }

    /// `HH:MM` to minutes after midnight.
    static func minuteOfDay(_ field: String, _ typed: String?, _ v: inout Kernel.Validator) -> Int? {
        let parts = (typed ?? "").trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard !(typed ?? "").trimmingCharacters(in: .whitespaces).isEmpty else {
            v.add(field, "validation.required")
            return nil
        }
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else {
            v.add(field, "ss.validation.time")
            return nil
        }
        return hour * 60 + minute
    }
}
