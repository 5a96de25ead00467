import Fluent
import Foundation
import Kernel
import SQLKit

/// An animal as the public sees it on the adoption pages: no one's personal data, nothing
/// of its medical record, only what staff chose to show.
public struct PublicAnimal: Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let species: Animal.Species
    public let breed: String
    public let sex: Animal.Sex
    public let bornOn: LocalDay?
    public let birthEstimated: Bool
    public let intakeOn: LocalDay?
    public let description: String
    /// The photo's digest (its ETag), nil without a photo.
    public let photoDigest: String?
}

/// The public animals as read at the animals' revision `revision` (or just after it: what
/// the pages show changes only when it moves), longest-waiting first.
public struct PublicListing: Sendable {
    public let revision: Int64
    public let animals: [PublicAnimal]
    private let byID: [UUID: PublicAnimal]

    init(revision: Int64, animals: [PublicAnimal]) {
        self.revision = revision
        self.animals = animals
        byID = Dictionary(animals.map { ($0.id, $0) }) { first, _ in first }
    }

    /// `species` only, or all.
    public func available(species: Animal.Species?) -> [PublicAnimal] {
        species.map { kind in animals.filter { $0.species == kind } } ?? animals
    }

    /// One public animal, or 404.
    public func animal(_ id: UUID) throws -> PublicAnimal {
        guard let animal = byID[id] else { throw ListingService.notFound }
        return animal
    }
}

/// The public adoption listing: which animals are shown (the staff's decision, by the
/// `listed` flag) and what the public reads of them. Reading needs no sign-in; an animal
/// is public only while listed and here (in the shelter, not adopted, not in foster care).
public struct ListingService: Sendable {
    public static let descriptionMaxLength = 600

    let context: ShelterContext
    var db: any Database { context.db }

    /// Turns the public listing on or off and sets the public text. Doctors and the
    /// director decide; an animal that is not here cannot be listed.
    public func set(_ id: UUID, listed typedListed: Bool?, description typedDescription: String?, by person: StaffMember) async throws -> Animal {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        if typedListed == nil { v.add("public", "validation.required") }
        let text = v.text("publicDescription", typedDescription, required: false, maxLength: Self.descriptionMaxLength) ?? ""
        try v.throwIfInvalid()
        let animal = try await context.animals.find(id)
        let listed = typedListed ?? false
        if listed && !animal.isHere { throw AppError.conflict(code: "animal_not_here", key: "ss.error.animal_not_here") }
        let before = ["public": String(animal.listed), "publicDescription": animal.publicDescription]
        let after = ["public": String(listed), "publicDescription": text]
        guard before != after else { return animal }
        return try await db.writeTransaction { db in
            // Only while it is still here: an adoption recorded meanwhile wins.
            var update = db.sql.update(Animal.schema).set("listed", to: SQLBind(listed)).set("public_description", to: SQLBind(text))
                .where("id", .equal, SQLBind(id))
            if listed { update = update.where("status", .equal, SQLBind(Animal.Status.inShelter.rawValue)) }
            guard try await !update.returning("id").all().isEmpty else {
                throw AppError.conflict(code: "animal_not_here", key: "ss.error.animal_not_here")
            }
            try await context.audit.record("animal.listing", entityType: "animal", entityID: AnimalService.key(id), actor: person.id,
                                           before: before, after: after, on: db)
            return try await context.animals.find(id, on: db)
        }
    }

    /// The animals waiting for a home, longest-waiting first; `species` narrows it.
    public func available(species: Animal.Species? = nil) async throws -> [PublicAnimal] {
        try await current().available(species: species)
    }

    /// One public animal, or 404 for one that is not (or no longer) public: the page of an
    /// adopted animal is gone with it.
    public func animal(_ id: UUID) async throws -> PublicAnimal {
        try await current().animal(id)
    }

    /// Every public animal, from the server's copy while the animals' revision read first
    /// is the one it was read at (`AnimalsRevision`: any write to an animal, a movement or
    /// a photo, by any server, moves it), else in one query (the photo's digest by a join,
    /// never its bytes). A public page is then one small read, however many are listed.
    public func current() async throws -> PublicListing {
        let revision = try await context.revisionStore.animalsRevision()
        if let kept = cache.value(for: .all, at: revision) { return kept }
        let animals = try await Self.select(db.sql).where(SQLColumn("listed", table: "a"), .equal, SQLBind(true))
            .where(SQLColumn("status", table: "a"), .equal, SQLBind(Animal.Status.inShelter.rawValue))
            .orderBy(SQLColumn("intake_on", table: "a")).orderBy(SQLColumn("name", table: "a")).all().map(Self.decode)
        let listing = PublicListing(revision: revision, animals: animals)
        cache.store(listing, for: .all, at: revision)
        return listing
    }

    /// The one list kept (a shelter lists a few hundred animals at most).
    private enum ListKey: Hashable, Sendable { case all }

    private var cache: RevisionCache<ListKey, PublicListing> { context.state.shared { RevisionCache(limit: 1) } }

    /// A public animal's photo or thumbnail; a non-public animal's is a 404, as if it had none.
    public func image(of id: UUID, thumbnail: Bool) async throws -> StoredImage {
        let (typeColumn, dataColumn) = thumbnail ? ("thumbnail_type", "thumbnail") : ("content_type", "data")
        guard let row = try await db.sql.select().column(SQLColumn(typeColumn, table: "p"), as: "type").column(SQLColumn(dataColumn, table: "p"), as: "bytes")
            .column(SQLColumn("digest", table: "p"))
            .from(SQLAlias(SQLIdentifier(AnimalPhoto.schema), as: SQLIdentifier("p")))
            .join(SQLAlias(SQLIdentifier(Animal.schema), as: SQLIdentifier("a")), method: SQLJoinMethod.inner,
                  on: SQLColumn("id", table: "a"), .equal, SQLColumn("animal_id", table: "p"))
            .where(SQLColumn("animal_id", table: "p"), .equal, SQLBind(id))
            .where(SQLColumn("listed", table: "a"), .equal, SQLBind(true))
            .where(SQLColumn("status", table: "a"), .equal, SQLBind(Animal.Status.inShelter.rawValue)).first() else {
            throw AppError.notFound(code: "photo_not_found", key: "ss.error.photo_not_found")
        }
        return StoredImage(contentType: try row.decode(column: "type", as: String.self), bytes: try row.decode(column: "bytes", as: Data.self),
                           etag: "\"\(try row.decode(column: "digest", as: String.self))\(thumbnail ? "-t" : "")\"")
    }

    private static func select(_ sql: any SQLDatabase) -> SQLSelectBuilder {
        sql.select()
            .column(SQLColumn("id", table: "a")).column(SQLColumn("name", table: "a")).column(SQLColumn("species", table: "a"))
            .column(SQLColumn("breed", table: "a")).column(SQLColumn("sex", table: "a")).column(SQLColumn("born_on", table: "a"))
            .column(SQLColumn("birth_estimated", table: "a")).column(SQLColumn("intake_on", table: "a"))
            .column(SQLColumn("public_description", table: "a")).column(SQLColumn("digest", table: "p"))
            .from(SQLAlias(SQLIdentifier(Animal.schema), as: SQLIdentifier("a")))
            .join(SQLAlias(SQLIdentifier(AnimalPhoto.schema), as: SQLIdentifier("p")), method: SQLJoinMethod.left,
                  on: SQLColumn("animal_id", table: "p"), .equal, SQLColumn("id", table: "a"))
    }

    private static func decode(_ row: any SQLRow) throws -> PublicAnimal {
        PublicAnimal(id: try row.decode(column: "id", as: UUID.self), name: try row.decode(column: "name", as: String.self),
                     species: Animal.Species(rawValue: try row.decode(column: "species", as: String.self)) ?? .other,
                     breed: try row.decode(column: "breed", as: String.self),
                     sex: Animal.Sex(rawValue: try row.decode(column: "sex", as: String.self)) ?? .unknown,
                     bornOn: try row.decode(column: "born_on", as: String?.self).flatMap(LocalDay.init),
                     birthEstimated: try row.decode(column: "birth_estimated", as: Bool.self),
                     intakeOn: LocalDay(try row.decode(column: "intake_on", as: String.self)),
                     description: try row.decode(column: "public_description", as: String.self),
                     photoDigest: try row.decode(column: "digest", as: String?.self))
    }

    static let notFound = AppError.notFound(code: "animal_not_found", key: "ss.error.animal_not_found")
}
