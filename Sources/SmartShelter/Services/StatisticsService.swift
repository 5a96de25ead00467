import Fluent
import Foundation
import Kernel
import SQLKit

/// Days from `from` to `to`, both included, as the statistics read them.
public struct StatisticsRange: Sendable, Hashable {
    public let from: LocalDay
    public let to: LocalDay

    public init(from: LocalDay, to: LocalDay) {
        self.from = from
        self.to = to
    }

    /// The months the range touches, first to last, as `YYYY-MM`.
    public var months: [String] {
        var months: [String] = []
        var (year, month) = (from.year, from.month)
        while (year, month) <= (to.year, to.month) {
            months.append(String(format: "%04d-%02d", year, month))
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return months
    }
}

/// The shelter's intakes and outcomes over a range of days, the live-release rate, the
/// median length of stay, and who is here today.
public struct ShelterStatistics: Sendable {
    /// What kind of intake: an animal's first, or one coming back after it had left.
    public enum IntakeKind: String, Sendable, CaseIterable, Codable {
        case new, returned
    }

    /// The outcomes, live ones first (adoption, return to owner, transfer out), then death.
    public static let outcomeKinds: [AnimalMovement.Kind] = [.adoption, .returnToOwner, .transfer, .death]
    public static let liveOutcomeKinds: Set<AnimalMovement.Kind> = [.adoption, .returnToOwner, .transfer]

    /// One month's counts: intakes by kind and species, outcomes by kind and species.
    public struct Month: Sendable, Equatable {
        /// `YYYY-MM`.
        public let month: String
        public var intakes: [IntakeKind: [Animal.Species: Int]] = [:]
        public var outcomes: [AnimalMovement.Kind: [Animal.Species: Int]] = [:]

        public func intakes(_ kind: IntakeKind) -> Int { intakes[kind]?.values.reduce(0, +) ?? 0 }
        public func outcomes(_ kind: AnimalMovement.Kind) -> Int { outcomes[kind]?.values.reduce(0, +) ?? 0 }
        public var intakeTotal: Int { IntakeKind.allCases.reduce(0) { $0 + intakes($1) } }
        public var outcomeTotal: Int { ShelterStatistics.outcomeKinds.reduce(0) { $0 + outcomes($1) } }
    }

    /// Animals here today in one enclosure (`enclosureID` nil: in none).
    public struct EnclosureCensus: Sendable, Equatable {
        public let enclosureID: UUID?
        public let name: String?
        public let count: Int
    }

    public let range: StatisticsRange
    /// The animals' revision the months and stays were counted at (`AnimalsRevision`).
    public let revision: Int64
    /// Every month of the range, empty ones too.
    public let months: [Month]
    /// Days each outcome of the range came after the animal's latest intake, by days: how
    /// many outcomes took that long.
    public let stays: [Int: Int]
    public let censusBySpecies: [Animal.Species: Int]
    public let censusByEnclosure: [EnclosureCensus]
    /// The shelter's animals living with a fosterer today (not in the census above: not here).
    public let censusInFoster: Int

    public func intakes(_ kind: IntakeKind, _ species: Animal.Species? = nil) -> Int {
        months.reduce(0) { total, month in total + (species.map { month.intakes[kind]?[$0] ?? 0 } ?? month.intakes(kind)) }
    }

    public func outcomes(_ kind: AnimalMovement.Kind, _ species: Animal.Species? = nil) -> Int {
        months.reduce(0) { total, month in total + (species.map { month.outcomes[kind]?[$0] ?? 0 } ?? month.outcomes(kind)) }
    }

    public var intakeTotal: Int { months.reduce(0) { $0 + $1.intakeTotal } }
    public var outcomeTotal: Int { months.reduce(0) { $0 + $1.outcomeTotal } }
    public var liveOutcomes: Int { Self.liveOutcomeKinds.reduce(0) { $0 + outcomes($1) } }

    /// Live outcomes ÷ all outcomes (every death among them), nil without outcomes.
    public var liveReleaseRate: Double? { outcomeTotal == 0 ? nil : Double(liveOutcomes) / Double(outcomeTotal) }

    /// The median of the stays, in days (the mean of the middle two for an even count);
    /// nil without outcomes.
    public var medianStayDays: Double? {
        let count = stays.values.reduce(0, +)
        guard count > 0 else { return nil }
        func value(at index: Int) -> Int {
            var seen = 0
            for (days, n) in stays.sorted(by: { $0.key < $1.key }) {
                seen += n
                if index < seen { return days }
            }
            return stays.keys.max()!
        }
        return count % 2 == 1 ? Double(value(at: count / 2)) : Double(value(at: count / 2 - 1) + value(at: count / 2)) / 2
    }

    public var censusTotal: Int { censusBySpecies.values.reduce(0, +) }
}

/// Intakes and outcomes, measured: counted by the database (per month, kind and species),
/// for the director and doctors — the people who answer for the animals' way out; the
/// storekeeper's work is the warehouse.
public struct StatisticsService: Sendable {
    public static let readers: Set<ShelterRole> = [.doctor]
    /// The longest range, in days (about twenty years: a chart of 240 months still reads).
    public static let maxDays = 366 * 20

    let context: ShelterContext
    var db: any Database { context.db }

    /// The range typed (`YYYY-MM-DD` each): both left out is the last twelve months up to
    /// today, the first month whole; one left out is refused.
    public func range(from typedFrom: String?, to typedTo: String?, for person: StaffMember) throws -> StatisticsRange {
        let blank: (String?) -> Bool = { ($0 ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
        if blank(typedFrom), blank(typedTo) { return Self.defaultRange(today: LocalDay(context.clock.now, in: person.timeZone)) }
        var v = Kernel.Validator()
        let from = v.day("from", typedFrom)
        let to = v.day("to", typedTo)
        if let from, let to {
            if to < from {
                v.add("to", "ss.statistics.error.order")
            } else if to.daysSinceEpoch - from.daysSinceEpoch >= Self.maxDays {
                v.add("to", "ss.statistics.error.too_long", ["years": String(Self.maxDays / 366)])
            }
        }
        try v.throwIfInvalid()
        return StatisticsRange(from: from!, to: to!)
    }

    /// The twelve months up to `today`: from the first of the month eleven months back.
    public static func defaultRange(today: LocalDay) -> StatisticsRange {
        let months = today.year * 12 + today.month - 1 - 11
        return StatisticsRange(from: LocalDay(year: months / 12, month: months % 12 + 1, day: 1)!, to: today)
    }

    /// The figures over the range typed (`range(from:to:for:)`), for the director or a
    /// doctor: someone else is refused before the range is read.
    public func statistics(from typedFrom: String?, to typedTo: String?, for person: StaffMember) async throws -> ShelterStatistics {
        try context.authorize(person, Self.readers)
        return try await statistics(over: try range(from: typedFrom, to: typedTo, for: person), for: person)
    }

    public func statistics(over range: StatisticsRange, for person: StaffMember) async throws -> ShelterStatistics {
        try context.authorize(person, Self.readers)
        async let counted = counted(over: range)
        async let census = census()
        let (revision, months, stays) = try await counted
        let (bySpecies, byEnclosure, inFoster) = try await census
        // By name in the person's alphabet; the animals in no enclosure last.
        let enclosures = byEnclosure.filter { $0.name != nil }.sorted(byName: { $0.name ?? "" }, in: person.collation.language)
            + byEnclosure.filter { $0.name == nil }
        return ShelterStatistics(range: range, revision: revision, months: months, stays: stays, censusBySpecies: bySpecies, censusByEnclosure: enclosures,
                                 censusInFoster: inFoster)
    }

    /// The range's months and stays: the server's copy while the animals' revision read
    /// first is the one it was counted at (`AnimalsRevision`), else counted again — a write
    /// that lands between the revision and the counts leaves an entry that the next read
    /// finds out of date, never one that looks current and is not.
    private func counted(over range: StatisticsRange) async throws -> (Int64, [ShelterStatistics.Month], [Int: Int]) {
        let revision = try await context.revisionStore.animalsRevision()
        if let kept = cache.value(for: range, at: revision) { return (revision, kept.months, kept.stays) }
        async let movements = movementCounts(over: range)
        async let stays = stays(over: range)
        var months = Dictionary(uniqueKeysWithValues: range.months.map { ($0, ShelterStatistics.Month(month: $0)) })
        for row in try await movements {
            guard var month = months[row.month] else { continue }
            let species = Animal.Species(rawValue: row.species) ?? .other
            if row.kind == AnimalMovement.Kind.intake.rawValue {
                month.intakes[row.returned ? .returned : .new, default: [:]][species, default: 0] += row.count
            } else if let kind = AnimalMovement.Kind(rawValue: row.kind) {
                month.outcomes[kind, default: [:]][species, default: 0] += row.count
            }
            months[row.month] = month
        }
        let counted = Counted(months: range.months.map { months[$0]! }, stays: try await stays)
        cache.store(counted, for: range, at: revision)
        return (revision, counted.months, counted.stays)
    }

    /// A range's counts as kept: the ranges people look at are few (the default one changes
    /// once a day), and twenty years of months are some 50 KB.
    private struct Counted: Sendable {
        let months: [ShelterStatistics.Month]
        let stays: [Int: Int]
    }

    private var cache: RevisionCache<StatisticsRange, Counted> { context.state.shared { RevisionCache(limit: 200) } }

    // MARK: Queries (portable SQL over the movements' facts, `MovementFacts`)

    /// The outcome kinds as an SQL list (constants of ours, never typed by anyone): foster
    /// care out and back is neither an intake nor an outcome — the animal stays the
    /// shelter's.
    static let outcomeList = ShelterStatistics.outcomeKinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")

    private struct MovementCount: Decodable {
        let month: String
        let kind: String
        let species: String
        let returned: Bool
        let count: Int
    }

    /// Movements of the range by month, kind and species; an intake is `returned` when the
    /// animal had left before it (`came_back`).
    private func movementCounts(over range: StatisticsRange) async throws -> [MovementCount] {
        let m = AnimalMovement.schema
        let rows = try await db.sql.raw("""
            SELECT substr(m.on_day, 1, 7) AS month, m.kind AS kind, a.species AS species,
                   CASE WHEN m.came_back THEN 1 ELSE 0 END AS returned, count(*) AS count
            FROM \(unsafeRaw: m) m JOIN \(unsafeRaw: Animal.schema) a ON a.id = m.animal_id
            WHERE m.on_day >= \(bind: range.from.description) AND m.on_day <= \(bind: range.to.description)
              AND m.kind IN ('intake', \(unsafeRaw: Self.outcomeList))
            GROUP BY 1, 2, 3, 4
            """).all()
        return try rows.map { row in
            MovementCount(month: try row.decode(column: "month", as: String.self), kind: try row.decode(column: "kind", as: String.self),
                          species: try row.decode(column: "species", as: String.self),
                          returned: try row.decode(column: "returned", as: Int.self) != 0, count: try row.decode(column: "count", as: Int.self))
        }
    }

    /// The outcomes of the range by how many days after the animal's latest intake before
    /// them they came (`stay_days`; none for an animal with no intake kept).
    private func stays(over range: StatisticsRange) async throws -> [Int: Int] {
        let rows = try await db.sql.raw("""
            SELECT stay_days AS days, count(*) AS count FROM \(unsafeRaw: AnimalMovement.schema)
            WHERE kind IN (\(unsafeRaw: Self.outcomeList)) AND on_day >= \(bind: range.from.description) AND on_day <= \(bind: range.to.description)
              AND stay_days IS NOT NULL
            GROUP BY stay_days
            """).all()
        var stays: [Int: Int] = [:]
        for row in rows { stays[try row.decode(column: "days", as: Int.self), default: 0] += try row.decode(column: "count", as: Int.self) }
        return stays
    }

    /// The animals here now, by species and by enclosure (by name; those in none last), and
    /// how many of the shelter's are in foster care.
    private func census() async throws -> ([Animal.Species: Int], [ShelterStatistics.EnclosureCensus], Int) {
        async let inFoster = Animal.query(on: db).filter(\.$status == Animal.Status.inFoster.rawValue).count()
        let rows = try await db.sql.raw("""
            SELECT a.species AS species, a.enclosure_id AS enclosure_id, e.name AS name, count(*) AS count
            FROM \(unsafeRaw: Animal.schema) a LEFT JOIN \(unsafeRaw: Enclosure.schema) e ON e.id = a.enclosure_id
            WHERE a.status = \(bind: Animal.Status.inShelter.rawValue)
            GROUP BY a.species, a.enclosure_id, e.name
            """).all()
        var bySpecies: [Animal.Species: Int] = [:]
        var byEnclosure: [UUID?: (name: String?, count: Int)] = [:]
        for row in rows {
            let count = try row.decode(column: "count", as: Int.self)
            bySpecies[Animal.Species(rawValue: try row.decode(column: "species", as: String.self)) ?? .other, default: 0] += count
            let id = try row.decode(column: "enclosure_id", as: UUID?.self)
            let name = try row.decode(column: "name", as: String?.self)
            byEnclosure[id, default: (name, 0)].count += count
        }
        let enclosures = byEnclosure.map { ShelterStatistics.EnclosureCensus(enclosureID: $0.key, name: $0.value.name, count: $0.value.count) }
        return (bySpecies, enclosures, try await inFoster)
    }
}
