import Foundation
import Kernel
import Vapor

enum CertificateView {
    private static let prefix = GoldenAgerWeb.prefix

    /// Whose certificate, for which days, and the tasks done then (`summary`, none when
    /// the period asked for is wrong) with their templates for the titles.
    struct Model {
        let member: Member
        let name: String
        let organisation: String?
        let from: Date
        let to: Date
        let form: FormState
        let summary: HoursSummary?
        let templates: [UUID: TaskTemplate]
        let issuedAt: Date
        /// Each month covered, with its verification code, and where codes are checked.
        var codes: [MonthCode] = []
        var verifyURL = ""
    }

    struct MonthCode {
        let month: String
        let code: String
    }

    /// The period's form (not printed), then the certificate and its print button.
    static func page(_ model: Model, _ c: ViewContext) -> Page {
        let l = c.localizer
        let status: HTTPResponseStatus = model.form.errors.isEmpty ? .ok : .unprocessableEntity
        return GoldenAgerWeb.shell(model.member, title: l.text("ga.certificate.title"), section: .assignments, status: status, c) {
            H.form(Attribute("method", "get"), Attribute("action", "\(prefix)/hours/certificate"), .class("card no-print period")) {
                FormField(name: "from", label: l.text("ga.certificate.from"), type: "date").render(model.form, l)
                FormField(name: "to", label: l.text("ga.certificate.to"), type: "date").render(model.form, l)
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.certificate.show") }
            }
            if let summary = model.summary {
                certificate(model, summary, l)
                H.button(.type("button"), .class("button button-block no-print"), .data("print", "true")) { l.text("ga.certificate.print") }
            }
        }
    }

    private static func certificate(_ model: Model, _ summary: HoursSummary, _ l: Localizer) -> HTML {
        H.article(.class("certificate")) {
            H.h1 { l.text("ga.certificate.title") }
            H.p { l.text("ga.certificate.body", [
                "name": model.name, "organisation": model.organisation ?? "—",
                "from": l.longDate(model.from), "to": l.longDate(model.to),
                "hours": GoldenAgerWeb.hours(summary.totalMinutes, l),
            ]) }
            Components.tableScroll(label: l.text("ga.certificate.title")) {
                H.table {
                    H.thead { H.tr { H.th { l.text("ga.certificate.date") }; H.th { l.text("ga.certificate.task") }; H.th { l.text("ga.hours.hours") } } }
                    H.tbody {
                        for task in summary.tasks.reversed() {
                            H.tr {
                                H.td { l.date(task.closedAt ?? task.createdAt) }
                                H.td { model.templates[task.$template.id]?.title(in: l.language) ?? "" }
                                H.td { GoldenAgerWeb.hours(task.credited, l) }
                            }
                        }
                    }
                }
            }
            H.p(.class("certificate-total")) { l.plural("ga.certificate.total", count: summary.taskCount, ["hours": GoldenAgerWeb.hours(summary.totalMinutes, l)]) }
            H.p(.class("certificate-issued")) { l.text("ga.certificate.issued", ["date": l.longDate(model.issuedAt)]) }
            if !model.codes.isEmpty {
                H.section(.class("certificate-verify")) {
                    H.h2 { l.text("ga.certificate.verify_title") }
                    H.p { l.text("ga.certificate.verify_hint", ["url": model.verifyURL]) }
                    H.ul {
                        for item in model.codes {
                            H.li {
                                "\(AssignmentsView.monthName(item.month, l)): "
                                H.a(.href("\(model.verifyURL)/\(item.code)"), .class("verify-code")) { item.code }
                            }
                        }
                    }
                }
            }
        }
    }
}
