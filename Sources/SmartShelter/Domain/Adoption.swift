import Fluent
import Foundation

/// Someone the shelter deals with outside its staff: an adopter, a fosterer, an owner or
/// a finder, with how to reach them and, when staff decided so, a do-not-adopt flag with
/// its reason that warns at their next application (matched by phone or e-mail).
public final class ShelterPerson: Model, @unchecked Sendable {
    public static let schema = "ss_people"

    public enum Kind: String, Sendable, CaseIterable, Codable {
        case adopter, fosterer, owner, finder
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "name") public var name: String
    /// `380XXXXXXXXX`, or empty.
    @Field(key: "phone") public var phone: String
    /// Lower-cased, or empty.
    @Field(key: "email") public var email: String
    @Field(key: "kind") public var kind: String
    @Field(key: "notes") public var notes: String
    @Field(key: "do_not_adopt") public var doNotAdopt: Bool
    @Field(key: "do_not_adopt_reason") public var doNotAdoptReason: String
    @Field(key: "created_at") public var createdAt: Date

    public init() {}
}

/// A member of the public's application to adopt one animal: who they are, about their
/// home, and what staff made of it. A rejected one's personal data is removed 180 days
/// after the decision (`ApplicationService.removeOldPersonalData`).
public final class AdoptionApplication: Model, @unchecked Sendable {
    public static let schema = "ss_adoption_applications"

    public enum Status: String, Sendable, CaseIterable, Codable {
        case pending, approved, rejected
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "animal_id") public var animalID: UUID
    @Field(key: "name") public var name: String
    @Field(key: "phone") public var phone: String
    @Field(key: "email") public var email: String
    @Field(key: "home") public var home: String
    /// The applicant's language (`uk`, `en`): the decision is mailed in it.
    @Field(key: "language") public var language: String
    @Field(key: "status") public var status: String
    @Field(key: "staff_notes") public var staffNotes: String
    @Field(key: "reason") public var reason: String
    @OptionalField(key: "home_visit_task_id") public var homeVisitTaskID: UUID?
    /// The person record an approval made (or found).
    @OptionalField(key: "person_id") public var personID: UUID?
    @OptionalField(key: "decided_by") public var decidedBy: UUID?
    @OptionalField(key: "decided_at") public var decidedAt: Date?
    @OptionalField(key: "data_removed_at") public var dataRemovedAt: Date?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public var applicationStatus: Status { Status(rawValue: status) ?? .pending }
}
