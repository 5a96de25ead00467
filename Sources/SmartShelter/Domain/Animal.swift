import Fluent
import Foundation
import Kernel

/// An animal the shelter has or had: who it is, where it lives, and whether it is still
/// here (its newest movement says). Days are kept as `YYYY-MM-DD`, as people name them.
public final class Animal: Model, @unchecked Sendable {
    public static let schema = "ss_animals"

    public enum Species: String, Sendable, CaseIterable, Codable {
        case dog, cat, rabbit, bird, other
    }

    public enum Sex: String, Sendable, CaseIterable, Codable {
        case male, female, unknown
    }

    /// Where the animal is: here, in foster care (still the shelter's, living with a
    /// fosterer), or gone by the movement that took it out.
    public enum Status: String, Sendable, CaseIterable, Codable {
        case inShelter = "in_shelter", inFoster = "in_foster", adopted, returnedToOwner = "returned_to_owner", transferred, dead
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "name") public var name: String
    @Field(key: "species") public var species: String
    @Field(key: "breed") public var breed: String
    @Field(key: "sex") public var sex: String
    /// The birthday, or an estimate of it when `birth_estimated`.
    @OptionalField(key: "born_on") public var bornOn: String?
    @Field(key: "birth_estimated") public var birthEstimated: Bool
    @Field(key: "description") public var description: String
    @Field(key: "intake_on") public var intakeOn: String
    @Field(key: "intake_reason") public var intakeReason: String
    @Field(key: "status") public var status: String
    @OptionalField(key: "enclosure_id") public var enclosureID: UUID?
    /// The newest weight, in grams (the history is `ss_weights`).
    @OptionalField(key: "weight_grams") public var weightGrams: Int?
    @Field(key: "created_at") public var createdAt: Date
    /// Shown on the public adoption pages while it is here: a staff decision, off for a
    /// new animal and switched off when an illness is recorded (`MedicalService`).
    @Field(key: "listed") public var listed: Bool
    /// The few lines the public reads about the animal (`description` is the staff's).
    @Field(key: "public_description") public var publicDescription: String

    public init() {}

    public var animalSpecies: Species { Species(rawValue: species) ?? .other }
    public var animalSex: Sex { Sex(rawValue: sex) ?? .unknown }
    public var animalStatus: Status { Status(rawValue: status) ?? .inShelter }
    public var isHere: Bool { animalStatus == .inShelter }
    /// Still the shelter's: here, or in foster care.
    public var isInCare: Bool { animalStatus == .inShelter || animalStatus == .inFoster }
}

/// One step of an animal's way in and out of the shelter, kept for good.
public final class AnimalMovement: Model, @unchecked Sendable {
    public static let schema = "ss_animal_movements"

    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// Came in (first, or back after leaving).
        case intake
        case adoption
        case returnToOwner = "return_to_owner"
        case transfer
        case death
        /// Out to a fosterer (a person record), still the shelter's animal.
        case foster
        /// Back from foster care.
        case fosterReturn = "foster_return"

        /// Where the animal is after this movement.
        public var status: Animal.Status {
            switch self {
            case .intake, .fosterReturn: .inShelter
            case .adoption: .adopted
            case .returnToOwner: .returnedToOwner
            case .transfer: .transferred
            case .death: .dead
            case .foster: .inFoster
            }
        }

        /// Where the animal must be for this movement: an intake brings back one that left
        /// (not one that died); foster care starts here and ends with the fosterer; an
        /// animal in foster care may also be adopted (often by its fosterer), go home,
        /// move on or die there.
        public var from: [Animal.Status] {
            switch self {
            case .intake: [.adopted, .returnedToOwner, .transferred]
            case .foster: [.inShelter]
            case .fosterReturn: [.inFoster]
            case .adoption, .returnToOwner, .transfer, .death: [.inShelter, .inFoster]
            }
        }

        /// The movements that need the person it happens with.
        public var needsPerson: Bool { self == .foster }
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    @Field(key: "kind") public var kind: String
    @Field(key: "on_day") public var onDay: String
    @Field(key: "note") public var note: String
    @OptionalField(key: "actor_id") public var actorID: UUID?
    @Field(key: "created_at") public var createdAt: Date
    /// Who the animal left with or came from (a person record), when known.
    @OptionalField(key: "person_id") public var personID: UUID?

    public init() {}

    public var movementKind: Kind { Kind(rawValue: kind) ?? .intake }
}

/// An animal moved from one enclosure to another (or into its first).
public final class EnclosureMove: Model, @unchecked Sendable {
    public static let schema = "ss_enclosure_moves"

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    @OptionalField(key: "from_enclosure_id") public var fromEnclosureID: UUID?
    @OptionalField(key: "to_enclosure_id") public var toEnclosureID: UUID?
    @OptionalField(key: "actor_id") public var actorID: UUID?
    @Field(key: "at") public var at: Date

    public init() {}
}

/// A weighing: one per animal and day (a second one that day corrects the first).
public final class Weighing: Model, @unchecked Sendable {
    public static let schema = "ss_weights"

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    @Field(key: "on_day") public var onDay: String
    @Field(key: "grams") public var grams: Int
    @OptionalField(key: "actor_id") public var actorID: UUID?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public var kilograms: Double { Double(grams) / 1000 }
}
