import Fluent
import Foundation
import Kernel
import SQLKit

/// A volunteer's months: each is told to them once it is over (push, with the hours), and
/// each a certificate covers carries a code anyone can check at `/golden-ager/verify/{code}`
/// — the organisation, the name, the month and the hours, nothing else.
extension HoursService {
    /// What the public verification page shows.
    public struct Verification: Sendable {
        public let organisation: String?
        public let name: String
        /// `2026-11`.
        public let month: String
        public let minutes: Int
    }

    /// The code of `member`'s `month` (`YYYY-MM`), made the first time it is asked for.
    public func certificate(for member: Member, month: String) async throws -> MonthCertificate {
        try member.require(.volunteer)
        guard monthRange(month) != nil else { throw AppError.notFound() }
        return try await certificate(of: member.id, month: month)
    }

    /// The month a certificate code stands for, with its hours as they stand now (a
    /// coordinator's correction shows); nil for a code nobody issued.
    public func verify(code: String) async throws -> Verification? {
        let typed = code.uppercased().filter { MonthCertificate.alphabet.contains($0) }
        guard typed.count == 10,
              let certificate = try await MonthCertificate.query(on: context.db).filter(\.$code == typed).first(),
              let profile = try await Profile.find(certificate.volunteerID, on: context.db),
              let range = monthRange(certificate.month)
        else { return nil }
        let organisation = try await context.profiles.organisation(of: profile)
        return Verification(organisation: organisation?.name, name: profile.fullName, month: certificate.month,
                            minutes: try await minutes(of: certificate.volunteerID, from: range.start, to: range.end))
    }

    /// Tells each volunteer who helped last month their hours, once (push with a link to
    /// the month's certificate). Run by housekeeping; claimed by a conditional update.
    public func tellLastMonth() async throws {
        let db = context.db
        let thisMonth = monthKey(of: context.clock.now)
        guard let start = monthRange(thisMonth)?.start, let last = monthRange(monthKey(of: start.addingTimeInterval(-3600))) else { return }
        // News of the month past, in the first week of the next: later it is no news, and
        // the rest of the month housekeeping need not read a month of tasks every run.
        guard context.clock.now < start.addingTimeInterval(Self.monthNewsWindow) else { return }
        let tasks = try await HelpTask.query(on: db).filter(\.$status == .done).filter(\.$closedAt >= last.start).filter(\.$closedAt < last.end)
            .filter(\.$volunteerID != nil).all()
        let minutes = Dictionary(grouping: tasks, by: { $0.volunteerID! }).mapValues { $0.reduce(0) { $0 + $1.credited } }
        let month = monthKey(of: last.start)
        let notified = Set(try await MonthCertificate.query(on: db).filter(\.$month == month).filter(\.$notifiedAt != nil).all(\.$volunteerID))
        for (volunteer, total) in minutes where total > 0 && !notified.contains(volunteer) {
            let certificate = try await certificate(of: volunteer, month: month)
            let certificateID = try certificate.requireID()
            let now = context.clock.now
            try await db.writeTransaction { [context] db in
                let claimed = try await db.sql.update(MonthCertificate.schema).set("notified_at", to: SQLBind(now))
                    .where("id", .equal, SQLBind(certificateID)).where(SQLIdentifier("notified_at"), .is, SQLLiteral.null).returning("id").all()
                guard !claimed.isEmpty else { return }
                try await GoldenAgerPush(context: context, db: db).monthlyHours(volunteer, month: month, minutes: total)
            }
        }
    }

    /// How long into a month last month's hours are still told.
    static let monthNewsWindow: TimeInterval = 7 * 86_400

    // MARK: Months

    /// `2026-11` for a moment, in the app's time zone.
    public func monthKey(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }

    /// The first moment of `month` and of the month after; nil for a malformed month.
    func monthRange(_ month: String) -> (start: Date, end: Date)? {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        guard month.count == 7, parts.count == 2, (1...12).contains(parts[1]), (2000...2200).contains(parts[0]),
              let start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: 1)),
              let end = calendar.date(byAdding: .month, value: 1, to: start)
        else { return nil }
        return (start, end)
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        return calendar
    }

    private func minutes(of volunteer: UUID, from start: Date, to end: Date) async throws -> Int {
        try await HelpTask.query(on: context.db).filter(\.$volunteerID == volunteer).filter(\.$status == .done)
            .filter(\.$closedAt >= start).filter(\.$closedAt < end).all().reduce(0) { $0 + $1.credited }
    }

    /// Finds or makes the certificate; two making it at once end with the same one.
    private func certificate(of volunteer: UUID, month: String) async throws -> MonthCertificate {
        let existing = { try await MonthCertificate.query(on: context.db).filter(\.$volunteerID == volunteer).filter(\.$month == month).first() }
        if let found = try await existing() { return found }
        let made = MonthCertificate(volunteerID: volunteer, month: month, createdAt: context.clock.now)
        do {
            try await made.create(on: context.db)
            return made
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Made meanwhile by another request (a code clash, one in 10¹⁵, fails plainly).
            guard let found = try await existing() else { throw AppError.conflict(code: "certificate_clash", key: "error.conflict") }
            return found
        }
    }
}
