import Fluent
import Kernel

/// Row counts of named Fluent models' tables, to show that a refused request wrote nothing
/// (compare a count taken before with one taken after).
public struct TableCounts: Equatable, Sendable, CustomStringConvertible {
    public private(set) var rows: [String: Int] = [:]

    /// The rows of each of `models`' tables; with `accountsOf`, also the kernel's accounts
    /// of that app (its table is shared by every app).
    public static func of(_ models: [any Model.Type], accountsOf app: String? = nil, on database: any Database) async throws -> TableCounts {
        var counts = TableCounts()
        if let app {
            counts.rows[Account.schema] = try await Account.query(on: database).filter(\.$app == app).count()
        }
        for model in models {
            counts.rows[model.schema] = try await count(model, on: database)
        }
        return counts
    }

    private static func count<M: Model>(_ model: M.Type, on database: any Database) async throws -> Int {
        try await M.query(on: database).count()
    }

    /// The rows counted for `model`'s table.
    public subscript<M: Model>(_ model: M.Type) -> Int {
        get { rows[M.schema] ?? 0 }
        set { rows[M.schema] = newValue }
    }

    /// Whether every table counted is empty.
    public var allEmpty: Bool { rows.values.allSatisfy { $0 == 0 } }

    public var description: String {
        rows.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
