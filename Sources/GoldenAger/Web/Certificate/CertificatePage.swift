import Fluent
import Foundation
import Kernel
import Vapor

/// `/hours/certificate`: a printable certificate of a volunteer's hours for a period
/// (this month by default), for their school or employer.
enum CertificatePage {
    static func register(on web: any RoutesBuilder) {
        web.get("hours", "certificate", use: certificate)
    }

    static func certificate(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let service = req.goldenAger.hours
        let profile = try member.requireProfile()
        let now = req.clock.now
        let period = period(req, now: now)
        let summary = period.form.errors.isEmpty ? try await service.summary(for: member, from: period.from, to: service.dayAfter(period.to)) : nil
        let organisation = try await req.goldenAger.profiles.organisation(of: profile)
        let templates = try await TaskTemplate.query(on: req.db).filter(\.$id ~~ Set((summary?.tasks ?? []).map { $0.$template.id })).all()
        // Each month the certificate covers, with the code that checks it.
        var codes: [CertificateView.MonthCode] = []
        for month in (summary?.months ?? []).reversed() {
            codes.append(.init(month: month.month, code: try await service.certificate(for: member, month: month.month).code))
        }
        let model = CertificateView.Model(
            member: member, name: profile.fullName, organisation: organisation?.name, from: period.from, to: period.to,
            form: period.form, summary: summary, templates: Dictionary(uniqueKeysWithValues: templates.compactMap { t in t.id.map { ($0, t) } }),
            issuedAt: now, codes: codes, verifyURL: "\(req.goldenAger.services.publicURL)\(VerifyPage.path)")
        return req.render(CertificateView.page(model, req.viewContext))
    }

    /// The first and last day asked for, and the form that asks (with what was wrong).
    struct Period {
        let from: Date
        let to: Date
        let form: FormState
    }

    /// The period in the query; a day left out (or unreadable) is the first of this
    /// month, or today, in the app's time zone. `month=YYYY-MM` (the monthly notice's
    /// link) is that whole month.
    static func period(_ req: Request, now: Date) -> Period {
        let service = req.goldenAger.hours
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = req.goldenAger.timeZone
        let monthStart = calendar.date(from: calendar.dateComponents([.year, .month], from: now)) ?? now
        var validator = Validator()
        var fromText = req.query[String.self, at: "from"]
        var toText = req.query[String.self, at: "to"]
        if let month = req.query[String.self, at: "month"], let range = service.monthRange(month) {
            fromText = "\(month)-01"
            let last = calendar.dateComponents([.day], from: range.end.addingTimeInterval(-3600)).day ?? 28
            toText = String(format: "%@-%02d", month, last)
        }
        let from = service.day(fromText, field: "from", into: &validator) ?? monthStart
        let to = service.day(toText, field: "to", into: &validator) ?? calendar.startOfDay(for: now)
        if to < from { validator.add("to", "ga.date.range") }
        let iso = { (date: Date) -> String in
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        }
        return Period(from: from, to: to, form: FormState(values: ["from": fromText ?? iso(from), "to": toText ?? iso(to)], errors: validator.errors))
    }
}
