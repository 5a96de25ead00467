import Foundation
import Kernel

/// Parsing of typed values the shelter's forms and API share; each names its field on a
/// fault, so every mistake in a form is told at once.
extension Kernel.Validator {
    /// A day as `<input type="date">` sends it (`YYYY-MM-DD`), not after `latest` when given
    /// (nobody is born or taken in tomorrow).
    mutating func day(_ field: String, _ typed: String?, required: Bool = true, notAfter latest: LocalDay? = nil) -> LocalDay? {
        let text = (typed ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            if required { add(field, "validation.required") }
            return nil
        }
        guard let day = LocalDay(text), (1900...2200).contains(day.year) else {
            add(field, "ss.validation.day")
            return nil
        }
        if let latest, day > latest {
            add(field, "ss.validation.day_in_future")
            return nil
        }
        return day
    }

    /// One of an enumeration's raw values.
    mutating func choice<T: RawRepresentable>(_ field: String, _ typed: String?, as type: T.Type, default fallback: T? = nil) -> T?
        where T.RawValue == String {
        guard let typed, !typed.isEmpty else {
            if fallback == nil { add(field, "validation.required") }
            return fallback
        }
        guard let value = T(rawValue: typed) else {
            add(field, "ss.validation.choice")
            return nil
        }
        return value
    }

    /// An id of something chosen from a list; nil when none was chosen.
    mutating func id(_ field: String, _ typed: String?, required: Bool = false) -> UUID? {
        guard let typed, !typed.isEmpty else {
            if required { add(field, "validation.required") }
            return nil
        }
        guard let id = UUID(uuidString: typed) else {
            add(field, "ss.validation.choice")
            return nil
        }
        return id
    }

    /// A form's checkbox or the API's boolean (`true`, `on`, `1`).
    static func flag(_ typed: String?) -> Bool {
        ["true", "on", "1", "yes"].contains((typed ?? "").lowercased())
    }
}
