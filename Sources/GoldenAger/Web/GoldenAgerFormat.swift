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
    static func statusBadge(_ status: TaskStatus, _ l: Localizer) -> HTML {
        H.span(.class("status status-\(status.rawValue)")) { l.text("ga.status.\(status.rawValue)") }
    }

    /// A back link styled as a big secondary button.
    static func backLink(_ href: String, _ l: Localizer, key: String = "ga.back") -> HTML {
        H.a(.class("button button-back"), .href(href)) { l.text(key) }
    }

    /// A list entry that opens a task: its title, then its status badge and a date.
    static func taskChoice(href: String, title: String, status: TaskStatus, date: Date, _ l: Localizer) -> HTML {
        H.li {
            H.a(.class("choice"), .href(href)) {
                H.span(.class("choice-title")) { title }
                H.span(.class("choice-meta")) {
                    statusBadge(status, l)
                    " · \(l.date(date))"
                }
            }
        }
    }
}
