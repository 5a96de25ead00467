import Fluent
import Foundation
import Kernel
import SQLKit

/// The kinds of rest a person can choose: the built-in ones and their own.
public struct CategoryService: Sendable {
    public static let nameMaxLength = 40
    /// Enough for anyone's own list, and a bound on what one account can store.
    public static let maxOwn = 50

    let context: FuctivityContext
    var db: any Database { context.db }

    /// Built-in categories (in the spec's order), then the person's own (by name).
    public func all(for planner: Planner) async throws -> [RestCategory] {
        let rows = try await RestCategory.all(db) { $0.where("owner_id", .is, SQLLiteral.null).orWhere("owner_id", .equal, SQLBind(planner.id)) }
        let order = Dictionary(uniqueKeysWithValues: BuiltInCategory.all.enumerated().map { ($1.id, $0) })
        let builtIn = rows.filter(\.isBuiltIn).sorted { order[$0.slug ?? ""] ?? 99 < order[$1.slug ?? ""] ?? 99 }
        let own = rows.filter { !$0.isBuiltIn }.sorted { ($0.nameKey ?? "") < ($1.nameKey ?? "") }
        return builtIn + own
    }

    /// A category the person may use: built-in or their own. Anyone else's is unknown.
    public func usable(_ id: UUID?, by planner: Planner, on database: (any Database)? = nil) async throws -> RestCategory? {
        guard let id, let category = try await RestCategory.fetch(id, on: database ?? db) else { return nil }
        return category.ownerID == nil || category.ownerID == planner.id ? category : nil
    }

    public func create(named name: String?, for planner: Planner) async throws -> RestCategory {
        var v = Kernel.Validator()
        let name = v.text("name", name, maxLength: Self.nameMaxLength)
        try v.throwIfInvalid()
        let key = RestCategory.key(name!)
        let clash = BuiltInCategory.all.contains { $0.uk.lowercased() == key || $0.en.lowercased() == key }
        let own = try await RestCategory.query(on: db).filter(\.$ownerID == planner.id).all()
        if clash || own.contains(where: { $0.nameKey == key }) {
            throw AppError.conflict(code: "category_exists", key: "fx.category.exists")
        }
        if own.count >= Self.maxOwn {
            throw AppError.conflict(code: "too_many_categories", key: "fx.category.too_many", arguments: ["max": String(Self.maxOwn)])
        }
        let category = RestCategory(ownerID: planner.id, slug: nil, name: name!, at: context.clock.now)
        // Two tabs adding the same name at once: the unique index decides, as a 409.
        do {
            try await category.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "category_exists", key: "fx.category.exists")
        }
        return category
    }

    /// Deletes one of the person's own categories; its activities become "Other".
    public func delete(_ id: UUID, for planner: Planner) async throws {
        guard let category = try await RestCategory.find(id, on: db), category.ownerID == planner.id else {
            throw AppError.notFound(code: "category_not_found", key: "fx.category.not_found")
        }
        let other = BuiltInCategory.other.uuid
        try await db.writeTransaction { db in
            try await RestActivity.query(on: db).filter(\.$categoryID == id).set(\.$categoryID, to: other).update()
            try await category.delete(on: db)
        }
    }
}
