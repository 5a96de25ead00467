import Fluent
import Foundation
import Kernel
import SQLKit

/// The daily study reminder (the original's own wish): at the time a person chose, in
/// their zone, a Web Push saying how many review items are due today and how many days are
/// left to the exam. Each day's reminder is claimed with a conditional update first, so
/// with several server processes it goes once.
public struct StudyReminder: Sendable {
    let context: ZnoshkaContext

    /// Sends every reminder whose time has come today; returns how many people were reminded.
    @discardableResult
    public func sendDue() async throws -> Int {
        let now = context.clock.now
        var sent = 0
        for (profile, zone) in try await candidates(at: now) {
            guard let minutes = profile.reminderMinutes, let accountID = profile.id else { continue }
            let today = LocalDay(now, in: zone)
            guard profile.remindedOn != today.description, now >= today.moment(minutes: minutes, in: zone) else { continue }
            let claimed = try await context.db.sql.update(ZnoshkaProfile.schema).set("reminded_on", to: SQLBind(today.description))
                .where("account_id", .equal, SQLBind(accountID))
                .where { $0.where("reminded_on", .is, SQLLiteral.null).orWhere("reminded_on", .notEqual, SQLBind(today.description)) }
                .returning("account_id").all()
            guard !claimed.isEmpty, let account = try await Account.find(accountID, on: context.db) else { continue }
            let student = Student(account: account, profile: profile)
            let due = try await context.reviews.dueCount(for: student)
            let days = ZnoshkaFormat.daysToExam(student, now: now)
            // Claimed already: one phone that cannot be reached must not keep the rest from theirs.
            _ = try? await context.push.send(app: Znoshka.id, to: [accountID], timeToLive: 6 * 3600, on: context.db) { language in
                Self.notification(due: due, daysToExam: days, language: language)
            }
            sent += 1
        }
        return sent
    }

    /// The profiles whose reminder may be due, with their zone (their account's): per time
    /// zone in use, those whose chosen time has come on the local clock (an hour's slack for
    /// a daylight-saving change; the exact moment is checked after) and who were not
    /// reminded today there. Run every few seconds, it reads only them rather than everyone
    /// with a reminder.
    private func candidates(at now: Date) async throws -> [(profile: ZnoshkaProfile, zone: TimeZone)] {
        let sql = context.db.sql
        let zone = SQLQueryString("coalesce(a.time_zone, \(literal: ZnoshkaProfile.defaultTimeZone.identifier))")
        let zones = try await sql.raw("""
            SELECT DISTINCT \(zone) AS zone FROM zn_profiles p JOIN kernel_accounts a ON a.id = p.account_id
            WHERE p.reminder_minutes IS NOT NULL
            """).all().map { try $0.decode(column: "zone", as: String.self) }
        var found: [(profile: ZnoshkaProfile, zone: TimeZone)] = []
        for zoneID in zones {
            let timeZone = TimeZone(identifier: zoneID) ?? ZnoshkaProfile.defaultTimeZone
            let clock = LocalDateTime.calendar(timeZone).dateComponents([.hour, .minute], from: now)
            let minutesNow = (clock.hour ?? 0) * 60 + (clock.minute ?? 0)
            let today = LocalDay(now, in: timeZone).description
            found += try await sql.raw("""
                SELECT p.* FROM zn_profiles p JOIN kernel_accounts a ON a.id = p.account_id
                WHERE \(zone) = \(bind: zoneID) AND p.reminder_minutes <= \(bind: minutesNow + 60)
                  AND (p.reminded_on IS NULL OR p.reminded_on <> \(bind: today))
                """).all().map { (try ZnoshkaProfile.decode($0), timeZone) }
        }
        return found
    }

    /// The reminder's words: the items due today, and the days left when an exam date is set.
    static func notification(due: Int, daysToExam: Int?, language: Language) -> PushNotification {
        let l = Localizer(language: language, catalogs: [KernelStrings.catalog, ZnoshkaStrings.catalog])
        var body = l.plural("zn.reminder.due", count: due)
        if let daysToExam { body += " " + l.plural("zn.reminder.days", count: daysToExam) }
        return PushNotification(title: l.text("zn.reminder.title"), body: body, url: "\(Znoshka.descriptor.pathPrefix)/review", tag: "study")
    }
}
