import Fluent
import Foundation
import Kernel

/// The audit trail, for the director: every change, narrowed by person, kind of record and
/// days, with the names of the people and records it speaks of (so it reads as sentences,
/// not ids).
public struct AuditService: Sendable {
    public static let pageSize = 200

    /// The kinds of record the trail can be narrowed to (the entries' `entityType`).
    public static let recordKinds = ["account", "enclosure", "sensor", "animal", "application", "item", "order", "task", "alarm", "shelter"]

    let context: ShelterContext

    /// What the trail is narrowed to; nil is everything.
    public struct Filter: Sendable, Equatable {
        public var actor: UUID?
        public var recordKind: String?
        public var from: LocalDay?
        public var to: LocalDay?

        public init(actor: UUID? = nil, recordKind: String? = nil, from: LocalDay? = nil, to: LocalDay? = nil) {
            self.actor = actor
            self.recordKind = recordKind
            self.from = from
            self.to = to
        }
    }

    /// The latest entries the filter lets through, newest first, and the names of everyone
    /// and everything they speak of (the people who can be chosen in the filter included).
    public struct Trail: Sendable {
        public let entries: [AuditEntry]
        public let people: [Account]
        /// A record's name by its kind and id (`account`/`enclosure`/… and the entry's `entityID`).
        public let names: [String: String]

        public func name(ofRecord kind: String, _ id: String) -> String? { names["\(kind):\(id)"] }
        public func name(ofPerson id: UUID?) -> String? { id.flatMap { id in people.first { $0.id == id }?.displayName } }
    }

    public func entries(entityID: String?, actor: UUID?, by director: StaffMember) async throws -> [AuditEntry] {
        try context.authorize(director, [])
        let entity = entityID.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        return try await context.audit.entries(entityID: entity, actor: actor, limit: Self.pageSize, on: context.db)
    }

    /// The trail for the director's page: days are the director's own (their time zone).
    public func trail(_ filter: Filter, by director: StaffMember) async throws -> Trail {
        try context.authorize(director, [])
        let db = context.db
        var query = AuditEntry.query(on: db).filter(\.$app == SmartShelter.id)
        if let actor = filter.actor { query = query.filter(\.$actorID == actor) }
        if let kind = filter.recordKind { query = query.filter(\.$entityType == kind) }
        if let from = filter.from { query = query.filter(\.$at >= from.start(in: director.timeZone)) }
        if let to = filter.to { query = query.filter(\.$at < to.adding(days: 1).start(in: director.timeZone)) }
        let entries = try await query.sort(\.$at, .descending).limit(Self.pageSize).all()
        let people = try await Account.query(on: db).filter(\.$app == SmartShelter.id).all()
            .sorted { director.collation.areInIncreasingOrder($0.displayName, $1.displayName) }
        return Trail(entries: entries, people: people, names: try await recordNames(of: entries, people: people))
    }

    /// The names of the records `entries` speak of, one query per kind of record.
    private func recordNames(of entries: [AuditEntry], people: [Account]) async throws -> [String: String] {
        let db = context.db
        func ids(_ kind: String) -> [UUID] { Set(entries.filter { $0.entityType == kind }.compactMap { UUID(uuidString: $0.entityID) }).sorted { $0.uuidString < $1.uuidString } }
        var names: [String: String] = [:]
        func add(_ kind: String, _ pairs: [(UUID?, String)]) {
            for (id, name) in pairs { if let id { names["\(kind):\(id.uuidString.lowercased())"] = name } }
        }
        add("account", people.map { ($0.id, $0.displayName) })
        if !ids("enclosure").isEmpty { add("enclosure", try await Enclosure.query(on: db).filter(\.$id ~~ ids("enclosure")).all().map { ($0.id, $0.name) }) }
        if !ids("sensor").isEmpty { add("sensor", try await Sensor.query(on: db).filter(\.$id ~~ ids("sensor")).all().map { ($0.id, $0.name) }) }
        if !ids("animal").isEmpty { add("animal", try await Animal.query(on: db).filter(\.$id ~~ ids("animal")).all().map { ($0.id, $0.name) }) }
        if !ids("item").isEmpty { add("item", try await StockItem.query(on: db).filter(\.$id ~~ ids("item")).all().map { ($0.id, $0.name) }) }
        if !ids("task").isEmpty { add("task", try await StaffTask.query(on: db).filter(\.$id ~~ ids("task")).all().map { ($0.id, $0.title) }) }
        if !ids("application").isEmpty {
            // An application is named by the animal it is for (the applicant is personal data).
            let applications = try await AdoptionApplication.query(on: db).filter(\.$id ~~ ids("application")).all()
            let animals = Dictionary(uniqueKeysWithValues: try await Animal.query(on: db).filter(\.$id ~~ applications.map(\.animalID)).all().map { ($0.id!, $0.name) })
            add("application", applications.map { ($0.id, animals[$0.animalID] ?? "") })
        }
        if !ids("order").isEmpty {
            let orders = try await StockOrder.query(on: db).filter(\.$id ~~ ids("order")).all()
            let items = Dictionary(uniqueKeysWithValues: try await StockItem.query(on: db).filter(\.$id ~~ orders.map(\.itemID)).all().map { ($0.id!, $0.name) })
            add("order", orders.map { ($0.id, items[$0.itemID] ?? "") })
        }
        return names
    }
}
