import Fluent
import Foundation
import Kernel

/// An illness of an animal, from its first day to its last (open while it lasts).
public final class Disease: Model, @unchecked Sendable {
    public static let schema = "ss_diseases"

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    @Field(key: "name") public var name: String
    @Field(key: "symptoms") public var symptoms: String
    @Field(key: "started_on") public var startedOn: String
    @OptionalField(key: "ended_on") public var endedOn: String?
    @OptionalField(key: "actor_id") public var actorID: UUID?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public var isOpen: Bool { endedOn == nil }
}

/// Care given to an animal, for a disease or not (a check-up, a dose of a regimen), with
/// the warehouse supplies it used.
public final class Treatment: Model, @unchecked Sendable {
    public static let schema = "ss_treatments"

    public enum Kind: String, Sendable, CaseIterable, Codable {
        case medication, procedure, examination, vaccination
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    @OptionalField(key: "disease_id") public var diseaseID: UUID?
    @OptionalField(key: "regimen_id") public var regimenID: UUID?
    @Field(key: "kind") public var kind: String
    @Field(key: "notes") public var notes: String
    @Field(key: "given_at") public var givenAt: Date
    @OptionalField(key: "actor_id") public var actorID: UUID?

    public init() {}
}

/// What a treatment took from the warehouse: the ledger row it wrote.
public final class TreatmentSupply: Model, @unchecked Sendable {
    public static let schema = "ss_treatment_supplies"

    @ID(key: .id) public var id: UUID?
    @Field(key: "treatment_id") public var treatmentID: UUID
    @Field(key: "item_id") public var itemID: UUID
    @Field(key: "movement_id") public var movementID: UUID
    @Field(key: "amount_milli") public var amountMilli: Int64

    public init() {}

    public var amount: Quantity { Quantity(milli: amountMilli) }
}

/// A vaccination or a recurring regimen (deworming, a course of pills): due on a day,
/// and due again every so many days after each dose until it ends; a one-off is done
/// by its first dose.
public final class Regimen: Model, @unchecked Sendable {
    public static let schema = "ss_regimens"

    public enum Kind: String, Sendable, CaseIterable, Codable {
        case vaccination, regimen
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    @Field(key: "kind") public var kind: String
    @Field(key: "name") public var name: String
    /// Days between doses; nil for a single dose.
    @OptionalField(key: "every_days") public var everyDays: Int?
    /// The next dose's day; nil once the regimen is done.
    @OptionalField(key: "due_on") public var dueOn: String?
    @OptionalField(key: "last_given_on") public var lastGivenOn: String?
    @OptionalField(key: "actor_id") public var actorID: UUID?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public var regimenKind: Kind { Kind(rawValue: kind) ?? .regimen }
    public var due: LocalDay? { dueOn.flatMap(LocalDay.init) }
}

/// A meal an animal gets every day at a time: how much of which warehouse item.
public final class MealPlan: Model, @unchecked Sendable {
    public static let schema = "ss_meal_plans"

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    /// Minutes after midnight, in the shelter's time zone.
    @Field(key: "minute_of_day") public var minuteOfDay: Int
    @Field(key: "item_id") public var itemID: UUID
    @Field(key: "amount_milli") public var amountMilli: Int64
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public var amount: Quantity { Quantity(milli: amountMilli) }
    public var time: String { String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60) }
}

/// A feeder filled or water topped up in an enclosure; food comes out of the warehouse
/// (the ledger row it wrote), water does not.
public final class Refill: Model, @unchecked Sendable {
    public static let schema = "ss_refills"

    public enum Kind: String, Sendable, CaseIterable, Codable {
        case food, water
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "enclosure_id") public var enclosureID: UUID
    @Field(key: "kind") public var kind: String
    @OptionalField(key: "item_id") public var itemID: UUID?
    @OptionalField(key: "movement_id") public var movementID: UUID?
    @Field(key: "amount_milli") public var amountMilli: Int64
    @Field(key: "at") public var at: Date
    @OptionalField(key: "actor_id") public var actorID: UUID?
    /// The meal this feeder was filled for: the shelter's local day (`2026-11-27`) and the
    /// meal's minutes after midnight; empty for water and for food outside the meal plan.
    @OptionalField(key: "meal_day") public var mealDay: String?
    @OptionalField(key: "meal_minute") public var mealMinute: Int?

    public init() {}

    public var refillKind: Kind { Kind(rawValue: kind) ?? .food }
    public var amount: Quantity { Quantity(milli: amountMilli) }
}
