import Fluent
import Foundation
import Kernel
import SQLKit

/// The shelter's backup: every record of the app in one tar archive (`docs/shelter-backup.md`
/// describes it), and its restore into an empty installation — in one transaction, so a
/// restore that fails leaves nothing behind.
///
/// The archive holds `manifest.json` and one `tables/<table>.json` per table: a JSON
/// array of its rows, ordered by key, times as milliseconds since 1970. It holds the staff's
/// bcrypt password hashes and the sensors' key hashes (so people sign in and devices
/// report after a restore): keep it as safe as the database.
public struct BackupService: Sendable {
    public static let format = "hromada-shelter-backup"
    /// Version 2 added `ss_sensor_placements`; an archive of version 1 is read with one
    /// placement per sensor, where it is, from the beginning (what the migration does).
    public static let version = 2

    let context: ShelterContext
    var db: any Database { context.db }

    /// Every table in the order a restore writes them (each after those it refers to).
    static let tables: [any BackupTable] = [
        ModelTable<Account>(filter: { $0.filter(\.$app == SmartShelter.id) }),
        ModelTable<ShelterProfile>(), ModelTable<Enclosure>(), ModelTable<Sensor>(), ModelTable<SensorPlacement>(),
        RawTable(name: "ss_readings", key: ["sensor_id", "device_time"], columns: [
            ("sensor_id", .uuid), ("device_time", .time), ("received_at", .time), ("temperature", .number), ("humidity", .number),
            ("water_level", .optionalNumber), ("food_level", .optionalNumber), ("thi", .number)]),
        RawTable(name: "ss_rollups", key: ["sensor_id", "period", "start"], columns: [
            ("sensor_id", .uuid), ("period", .text), ("start", .time), ("n", .integer), ("t_min", .number), ("t_max", .number), ("t_sum", .number),
            ("h_min", .number), ("h_max", .number), ("h_sum", .number), ("thi_max", .number), ("water_min", .optionalNumber), ("food_min", .optionalNumber)]),
        ModelTable<StockItem>(), ModelTable<StockOrder>(), ModelTable<StockMovement>(), ModelTable<Alarm>(),
        ModelTable<ShelterPerson>(), ModelTable<Animal>(), ModelTable<AnimalPhoto>(), ModelTable<AnimalMovement>(), ModelTable<EnclosureMove>(), ModelTable<Weighing>(),
        ModelTable<Disease>(), ModelTable<Regimen>(), ModelTable<Treatment>(), ModelTable<TreatmentSupply>(),
        ModelTable<MealPlan>(), ModelTable<Refill>(), ModelTable<StaffTask>(), ModelTable<AdoptionApplication>(),
        ModelTable<AuditEntry>(filter: { $0.filter(\.$app == SmartShelter.id) }),
    ]

    /// The director's download (within the password window: it holds the password hashes).
    public func export(by director: StaffMember) async throws -> [UInt8] {
        try context.authorizeChange(director, [])
        let archive = try await archive()
        try await context.audit.record("backup.download", entityType: "shelter", entityID: SmartShelter.id, actor: director.id,
                                       after: ["tables": String(archive.files.count - 1)], on: db)
        return try archive.bytes(modified: context.clock.now)
    }

    /// The archive of what the database holds now.
    func archive() async throws -> TarArchive {
        let encoder = Self.encoder()
        var files: [TarArchive.File] = []
        var counts: [Manifest.Table] = []
        for table in Self.tables {
            let (bytes, rows) = try await table.export(on: db, encoder: encoder)
            files.append(.init(name: "tables/\(table.name).json", bytes: bytes))
            counts.append(.init(name: table.name, rows: rows))
        }
        let manifest = Manifest(format: Self.format, version: Self.version, createdAt: context.clock.now, tables: counts)
        return TarArchive(files: [.init(name: "manifest.json", bytes: Array(try encoder.encode(manifest)))] + files)
    }

    /// Restores an archive into an installation whose shelter is empty (no staff, no
    /// records): every table, in one transaction. Returns the rows written per table.
    public func restore(_ bytes: [UInt8]) async throws -> [Manifest.Table] {
        let archive = try TarArchive(reading: bytes)
        let decoder = Self.decoder()
        guard let manifestFile = archive.file("manifest.json"),
              let manifest = try? decoder.decode(Manifest.self, from: Data(manifestFile.bytes)),
              manifest.format == Self.format else { throw BackupError("Not a Smart Shelter backup: manifest.json is missing or not ours.") }
        guard (1...Self.version).contains(manifest.version) else {
            throw BackupError("Backup format version \(manifest.version); this server reads 1 to \(Self.version).")
        }
        for table in Self.tables where try await table.count(on: db) > 0 {
            throw BackupError("The shelter is not empty (\(table.name) has rows): a backup is restored into an empty installation.")
        }
        return try await db.writeTransaction { db in
            var written: [Manifest.Table] = []
            for table in Self.tables {
                guard let file = archive.file("tables/\(table.name).json") else {
                    guard manifest.version == 1, table.name == SensorPlacement.schema else {
                        throw BackupError("The archive has no tables/\(table.name).json.")
                    }
                    written.append(.init(name: table.name, rows: try await Self.placeEverySensor(on: db)))
                    continue
                }
                let rows = try await table.restore(file.bytes, on: db, decoder: decoder)
                let expected = manifest.tables.first { $0.name == table.name }?.rows
                guard expected == rows else { throw BackupError("\(table.name): \(rows) rows read, the manifest says \(expected ?? 0).") }
                written.append(.init(name: table.name, rows: rows))
            }
            // The statistics' facts are not in the archive: they follow from the movements.
            try await MovementFacts.refresh(animal: nil, on: db)
            return written
        }
    }

    /// For an archive of version 1: each sensor placed where it is, from the beginning.
    private static func placeEverySensor(on db: any Database) async throws -> Int {
        let sensors = try await Sensor.query(on: db).all()
        for sensor in sensors {
            try await SensorPlacement(sensorID: sensor.requireID(), enclosureID: sensor.enclosureID, placedAt: SensorPlacement.beginning, by: nil)
                .create(on: db)
        }
        return sensors.count
    }

    public struct Manifest: Codable, Sendable {
        public let format: String
        public let version: Int
        public let createdAt: Date
        public let tables: [Table]

        public struct Table: Codable, Sendable, Equatable {
            public let name: String
            public let rows: Int
        }
    }

    /// Times as whole milliseconds since 1970: exact in JSON, the same on both databases.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RawTable.millis(date))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            Date(timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(Int64.self)) / 1000)
        }
        return decoder
    }
}

public struct BackupError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// One table of the archive.
protocol BackupTable: Sendable {
    var name: String { get }
    func export(on db: any Database, encoder: JSONEncoder) async throws -> (bytes: [UInt8], rows: Int)
    func count(on db: any Database) async throws -> Int
    func restore(_ bytes: [UInt8], on db: any Database, decoder: JSONDecoder) async throws -> Int
}

/// A table with a Fluent model: its rows as the model encodes them, by id.
struct ModelTable<M: Model>: BackupTable where M.IDValue == UUID {
    var filter: (@Sendable (QueryBuilder<M>) -> QueryBuilder<M>)?

    init(filter: (@Sendable (QueryBuilder<M>) -> QueryBuilder<M>)? = nil) { self.filter = filter }

    var name: String { M.schema }

    private func query(_ db: any Database) -> QueryBuilder<M> { filter.map { $0(M.query(on: db)) } ?? M.query(on: db) }

    func export(on db: any Database, encoder: JSONEncoder) async throws -> (bytes: [UInt8], rows: Int) {
        let rows = try await query(db).all().sorted { $0.id!.uuidString < $1.id!.uuidString }
        return (Array(try encoder.encode(rows)), rows.count)
    }

    func count(on db: any Database) async throws -> Int { try await query(db).count() }

    func restore(_ bytes: [UInt8], on db: any Database, decoder: JSONDecoder) async throws -> Int {
        let rows = try decoder.decode([M].self, from: Data(bytes))
        for chunk in stride(from: 0, to: rows.count, by: 200) {
            try await Array(rows[chunk..<min(chunk + 200, rows.count)]).create(on: db)
        }
        return rows.count
    }
}

/// A table written with SQL (the readings, partitioned on PostgreSQL, and their roll-ups):
/// each row a JSON array of its columns, by key.
struct RawTable: BackupTable {
    enum Kind: Sendable { case uuid, time, number, optionalNumber, integer, text }

    let name: String
    let key: [String]
    let columns: [(String, Kind)]

    enum Cell: Codable, Equatable {
        case text(String), number(Double), integer(Int64), null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null } else if let whole = try? container.decode(Int64.self) { self = .integer(whole) }
            else if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .integer(let whole): try container.encode(whole)
            case .null: try container.encodeNil()
            }
        }

        var double: Double? {
            switch self {
            case .number(let n): n
            case .integer(let n): Double(n)
            default: nil
            }
        }
    }

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    func export(on db: any Database, encoder: JSONEncoder) async throws -> (bytes: [UInt8], rows: Int) {
        var select = db.sql.select().columns(columns.map { SQLIdentifier($0.0) }).from(name)
        for column in key { select = select.orderBy(column) }
        let rows = try await select.all().map { row in
            try columns.map { column, kind -> Cell in
                switch kind {
                case .uuid: .text(try row.decode(column: column, as: UUID.self).uuidString.lowercased())
                case .time: .integer(Self.millis(try row.decode(column: column, as: Date.self)))
                case .number: .number(try row.decode(column: column, as: Double.self))
                case .optionalNumber: try row.optional(column, as: Double.self).map(Cell.number) ?? .null
                case .integer: .integer(Int64(try row.decode(column: column, as: Int.self)))
                case .text: .text(try row.decode(column: column, as: String.self))
                }
            }
        }
        return (Array(try encoder.encode(rows)), rows.count)
    }

    func count(on db: any Database) async throws -> Int {
        try await db.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(name).first(decodingColumn: "n", as: Int.self) ?? 0
    }

    func restore(_ bytes: [UInt8], on db: any Database, decoder: JSONDecoder) async throws -> Int {
        let rows = try decoder.decode([[Cell]].self, from: Data(bytes))
        if name == "ss_readings" {
            // On PostgreSQL each month's partition is made before its readings go in.
            let times = rows.compactMap { $0.count > 1 ? $0[1].double : nil }.map { Date(timeIntervalSince1970: $0 / 1000) }
            try await ReadingPartitions(sql: db.sql).ensure(months: times)
        }
        for chunk in stride(from: 0, to: rows.count, by: 100) {
            var insert = db.sql.insert(into: name).columns(columns.map(\.0))
            for row in rows[chunk..<min(chunk + 100, rows.count)] {
                guard row.count == columns.count else { throw BackupError("\(name): a row of \(row.count) values, not \(columns.count).") }
                insert = insert.values(try zip(row, columns).map { cell, column in try bind(cell, column.1) })
            }
            try await insert.run()
        }
        return rows.count
    }

    private func bind(_ cell: Cell, _ kind: Kind) throws -> any SQLExpression {
        switch (kind, cell) {
        case (.uuid, .text(let text)):
            guard let id = UUID(uuidString: text) else { throw BackupError("\(name): \(text) is not an id.") }
            return SQLBind(id)
        case (.time, _):
            guard let ms = cell.double else { throw BackupError("\(name): a time that is not a number.") }
            return SQLBind(Date(timeIntervalSince1970: ms / 1000))
        case (.number, _):
            guard let value = cell.double else { throw BackupError("\(name): a value that is not a number.") }
            return SQLBind(value)
        case (.optionalNumber, .null): return SQLLiteral.null
        case (.optionalNumber, _):
            guard let value = cell.double else { throw BackupError("\(name): a value that is not a number.") }
            return SQLBind(value)
        case (.integer, .integer(let whole)): return SQLBind(Int(whole))
        case (.text, .text(let text)): return SQLBind(text)
        default: throw BackupError("\(name): a value of the wrong kind.")
        }
    }
}
