import Fluent
import Foundation
import Kernel
import SQLKit

/// Official conversion tables: an administrator imports a subject's table of a year, and
/// its current simulations are scored by it from then on.
extension AuthoringService {
    /// What an imported table replaced: the subject, and how many simulations now use it.
    public struct TableImported: Sendable {
        public let subject: Subject
        public let simulations: [UUID]
        public let table: ConversionTable
        public let year: Int
        public let source: String
    }

    /// Reads `csv` (`OfficialTableCSV`) as the official table of `year` published at
    /// `source`, and makes a new version of each current simulation of `slug` scored by it.
    /// Attempts already finished keep the table they were scored by; the versions' claim
    /// (`replaced_by IS NULL`) decides two imports at once. Administrators only.
    public func importOfficialTable(subject slug: String, year: String?, source: String?, csv: String?,
                                    by admin: Student) async throws -> TableImported {
        guard admin.isAdmin else { throw AppError.forbidden }
        guard let subject = try await Subject.query(on: db).filter(\.$slug == slug).first() else {
            throw AppError.notFound(code: "subject_not_found", key: "zn.subject.not_found")
        }
        let simulations = try await ZnoshkaTest.live(on: db).filter(\.$subjectID == subject.requireID())
            .filter(\.$kind == AuthoredTest.Kind.simulation.rawValue).all()
        var v = Kernel.Validator()
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: context.clock.now)
        let yearText = v.text("year", year, maxLength: 4)
        let year = yearText.flatMap { Int($0) }
        if yearText != nil, year.map({ (2008...(thisYear + 1)).contains($0) }) != true {
            v.add("year", "zn.table.year", ["latest": String(thisYear + 1)])
        }
        let source = v.text("source", source, maxLength: 200)
        let csv = v.text("csv", csv, maxLength: 20_000)
        if simulations.isEmpty { v.add("csv", "zn.table.no_simulation") }
        let maxRaw = simulations.map(\.maxRaw).max() ?? 0
        var table: ConversionTable?
        if let csv, !simulations.isEmpty {
            switch OfficialTableCSV.read(csv, maxRaw: maxRaw) {
            case .success(let read): table = read
            case .failure(let invalid):
                for problem in invalid.problems { v.add("csv", problem.key, problem.arguments.merging(["line": String(problem.line)]) { own, _ in own }) }
            }
        }
        if simulations.contains(where: { $0.maxRaw != maxRaw }) { v.add("csv", "zn.table.shapes") }
        try v.throwIfInvalid()
        return try await replaceTables(of: simulations, subject: subject, with: table!, year: year!, source: source!, by: admin)
    }

    private func replaceTables(of simulations: [ZnoshkaTest], subject: Subject, with table: ConversionTable, year: Int, source: String,
                               by admin: Student) async throws -> TableImported {
        let now = context.clock.now
        return try await db.writeTransaction { db in
            var replaced: [UUID] = []
            for previous in simulations {
                let newID = UUID()
                let claimed = try await db.sql.update(ZnoshkaTest.schema).set("replaced_by", to: SQLBind(newID))
                    .where("id", .equal, SQLBind(try previous.requireID())).where("replaced_by", .is, SQLLiteral.null).returning("id").all()
                guard !claimed.isEmpty else { throw Self.testReplaced }
                try await ContentImporter(db: db, now: now).retable(previous, id: newID, table: table, year: year, source: source)
                replaced.append(newID)
            }
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "table.import", entityType: "subject", entityID: subject.id!.uuidString, actor: admin.id,
                after: ["year": String(year), "source": source, "threshold": String(table.threshold),
                        "scores": table.scores.map(String.init).joined(separator: ",")], on: db)
            return TableImported(subject: subject, simulations: replaced, table: table, year: year, source: source)
        }
    }
}
