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
        let own = rows.filter { !$0.isBuiltIn }
            .sorted(byName: { $0.nameKey ?? "" }, in: planner.account.preferredLanguage ?? .default)
        return builtIn + own
    }

    /// A category the person may use: built-in or their own. Anyone else's is unknown.
    public func usable(_ id: UUID?, by planner: Planner, on database: (any Database)? = nil) async throws -> RestCategory? {
        guard let id, let category = try await RestCategory.fetch(id, on: database ?? db) else { return nil }
        return category.ownerID == nil || category.ownerID == planner.id ? category : nil
    }

    /// The categories to offer for a new activity: `all(for:)` without the archived ones.
    public func choices(for planner: Planner) async throws -> [RestCategory] {
        try await all(for: planner).filter { !$0.isArchived }
    }

    /// Adds one of the person's own categories. A name they archived before comes back
    /// (with the activities it kept) instead of being refused as taken.
    public func create(named name: String?, for planner: Planner) async throws -> RestCategory {
        let name = try Self.validName(name)
        let own = try await ownCategories(of: planner)
        if let archived = own.first(where: { $0.nameKey == RestCategory.key(name) && $0.isArchived }) {
            archived.archivedAt = nil
            archived.customName = name
            try await archived.save(on: db)
            return archived
        }
        try checkFree(name, among: own)
        if own.filter({ !$0.isArchived }).count >= Self.maxOwn {
            throw AppError.conflict(code: "too_many_categories", key: "fx.category.too_many", arguments: ["max": String(Self.maxOwn)])
        }
        let category = RestCategory(ownerID: planner.id, slug: nil, name: name, at: context.clock.now)
        // Two tabs adding the same name at once: the unique index decides, as a 409.
        try await savingName { try await category.create(on: db) }
        return category
    }

    /// Renames one of the person's own categories; its activities follow.
    public func rename(_ id: UUID, to name: String?, for planner: Planner) async throws -> RestCategory {
        let category = try await own(id, of: planner)
        let name = try Self.validName(name)
        try checkFree(name, among: try await ownCategories(of: planner).filter { $0.id != id })
        category.customName = name
        category.nameKey = RestCategory.key(name)
        try await savingName { try await category.save(on: db) }
        return category
    }

    /// What `delete` did with a category.
    public enum Removal: Sendable {
        /// Nothing used it: it is gone.
        case deleted
        /// Activities use it: they keep it, and it is no longer offered.
        case archived
    }

    /// Deletes one of the person's own categories; one that activities use (deleted ones
    /// that can still be restored included) is archived instead, so they keep it.
    @discardableResult
    public func delete(_ id: UUID, for planner: Planner) async throws -> Removal {
        let category = try await own(id, of: planner)
        let now = context.clock.now
        return try await db.writeTransaction { db in
            if try await RestActivity.query(on: db).filter(\.$categoryID == id).count() > 0 {
                category.archivedAt = category.archivedAt ?? now
                try await category.save(on: db)
                return .archived
            }
            try await category.delete(on: db)
            return .deleted
        }
    }

    // MARK: Rules

    static func validName(_ name: String?) throws -> String {
        var v = Kernel.Validator()
        let name = v.text("name", name, maxLength: nameMaxLength)
        try v.throwIfInvalid()
        return name!
    }

    /// A name is taken by a built-in category (in either language) or another own one.
    private func checkFree(_ name: String, among own: [RestCategory]) throws {
        let key = RestCategory.key(name)
        let clash = BuiltInCategory.all.contains { $0.uk.lowercased() == key || $0.en.lowercased() == key }
        if clash || own.contains(where: { $0.nameKey == key }) {
            throw AppError.conflict(code: "category_exists", key: "fx.category.exists")
        }
    }

    private func savingName(_ write: () async throws -> Void) async throws {
        do {
            try await write()
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "category_exists", key: "fx.category.exists")
        }
    }

    private func ownCategories(of planner: Planner) async throws -> [RestCategory] {
        try await RestCategory.query(on: db).filter(\.$ownerID == planner.id).all()
    }

    /// One of the person's own categories; a built-in one or anyone else's is unknown.
    private func own(_ id: UUID, of planner: Planner) async throws -> RestCategory {
        guard let category = try await RestCategory.find(id, on: db), category.ownerID == planner.id else {
            throw AppError.notFound(code: "category_not_found", key: "fx.category.not_found")
        }
        return category
    }
}
