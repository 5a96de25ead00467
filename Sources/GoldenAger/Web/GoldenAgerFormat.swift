import Foundation
import Kernel

/// Small pieces of markup and wording several pages share.
extension GoldenAgerWeb {
    /// Hours as a decimal for totals: "12,5".
    static func hours(_ minutes: Int, _ l: Localizer) -> String {
        l.number(Double(minutes) / 60, fractionDigits: 1)
    }

    /// The choices of an organisation select.
    static func organisationOptions(_ organisations: [Organisation]) -> [(value: String, label: String)] {
        organisations.compactMap { o in o.id.map { ($0.uuidString, o.name) } }
    }

    /// A big tappable phone number.
    static func phoneLink(_ phone: String, label: String) -> HTML {
        H.a(.class("button button-call"), .href(PhoneNumber.telURL(phone))) {
            H.span(.class("call-label")) { label }
            H.span(.class("call-number")) { PhoneNumber.display(phone) }
        }
    }

    /// A status badge with text (never colour alone).
    /// Whose screen a task's state is told on: «Волонтер іде» is the pensioner's news, not
    /// the volunteer's.
    enum StatusReader: String {
        case pensioner, volunteer, staff
    }

    static func statusBadge(_ status: TaskStatus, for reader: StatusReader, _ l: Localizer) -> HTML {
        let key = reader == .pensioner ? "ga.status.\(status.rawValue)" : "ga.status.\(reader.rawValue).\(status.rawValue)"
        return H.span(.class("status status-\(status.rawValue)")) { l.text(key) }
    }

    /// When suits the pensioner and their note, where they gave them; nothing otherwise.
    static func preference(date: String?, part: DayPart?, note: String?, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            date == nil && part == nil ? .empty
                : H.p(.class("task-when")) { l.text("ga.when.label", ["when": OrderPreference.describe(date: date, part: part, l)]) },
            note.map { note in H.p(.class("task-note")) { l.text("ga.note.label", ["note": note]) } } ?? .empty,
        ])
    }

    /// Whom a relative is ordering for, and the way to pick someone else.
    /// Where no organisation serves the city: why nobody would come, and the line to call.
    static func unservedNotice(_ unserved: CatalogService.UnservedCity, _ l: Localizer) -> HTML {
        H.section(.class("card notice unserved-city")) {
            H.p { unserved.message }
            if let phone = unserved.consultationPhone { phoneLink(phone, label: l.text("ga.consultation.call")) }
        }
    }

    /// «Замовлення для: …» and where to pick someone else: a relative among their
    /// pensioners, a coordinator by phone on the accounts page.
    static func orderingFor(_ pensioner: Profile, by member: Member, _ l: Localizer) -> HTML {
        let change = member.role == .relative ? RelativesPage.path : "\(prefix)/admin/accounts"
        return H.p(.class("ordering-for")) {
            l.text("ga.relatives.ordering_for", ["name": pensioner.fullName])
            " "
            H.a(.href(change)) { l.text("ga.relatives.change") }
        }
    }

    /// A back link styled as a big secondary button.
    static func backLink(_ href: String, _ l: Localizer, key: String = "ga.back") -> HTML {
        H.a(.class("button button-back"), .href(href)) { l.text(key) }
    }

    /// A list entry that opens a task: its title, then its status badge and a date.
    static func taskChoice(href: String, title: String, status: TaskStatus, for reader: StatusReader, date: Date, _ l: Localizer) -> HTML {
        H.li {
            H.a(.class("choice"), .href(href)) {
                H.span(.class("choice-title")) { title }
                H.span(.class("choice-meta")) {
                    statusBadge(status, for: reader, l)
                    " · \(l.date(date))"
                }
            }
        }
    }
}
