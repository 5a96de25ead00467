/// A Ukrainian mobile number in the form the source used: `380XXXXXXXXX`.
public enum PhoneNumber {
    /// Accepts what people type — `+380 67 123 45 67`, `(067) 123-45-67`, `0671234567`,
    /// `380671234567` — and returns `380671234567`, or `nil` if it is not a Ukrainian
    /// mobile number (the source's rule `^380[5-9][0-9]\d{7}$`).
    public static func normalise(_ input: String, landlineAllowed: Bool = false) -> String? {
        var digits = ""
        for character in input {
            if character.isWholeNumber, let value = character.wholeNumberValue, character.isASCII {
                digits.append(String(value))
            } else if !" +-().\u{00A0}".contains(character) {
                return nil
            }
        }
        if digits.count == 10, digits.hasPrefix("0") { digits = "38" + digits }
        if digits.count == 11, digits.hasPrefix("80") { digits = "3" + digits }
        guard digits.count == 12, digits.hasPrefix("380") else { return nil }
        let operatorDigit = digits[digits.index(digits.startIndex, offsetBy: 3)]
        // Mobile operators' codes start with 5–9; a landline (e.g. 044 for Kyiv, or a
        // 0 800 hotline) is fine for the consultation number.
        guard landlineAllowed || ("5"..."9").contains(operatorDigit) else { return nil }
        return digits
    }

    /// Non-geographic service prefixes (free, shared-cost, premium): people write these
    /// numbers from the 0 — «0 800 50 03 35» — never as «+380 80 050 03 35».
    static let servicePrefixes: Set<String> = ["800", "700", "900"]

    /// `380671234567` → `+380 67 123 45 67`, and `380800500335` → `0 800 50 03 35`: as
    /// people write them, for reading aloud and dialling.
    public static func display(_ normalised: String) -> String {
        guard normalised.count == 12, normalised.allSatisfy(\.isASCII) else { return normalised }
        let d = Array(normalised)
        func digits(_ range: ClosedRange<Int>) -> String { String(d[range]) }
        if servicePrefixes.contains(digits(3...5)) {
            return "0 \(digits(3...5)) \(digits(6...7)) \(digits(8...9)) \(digits(10...11))"
        }
        return "+\(digits(0...2)) \(digits(3...4)) \(digits(5...7)) \(digits(8...9)) \(digits(10...11))"
    }

    /// `tel:+380671234567`.
    public static func telURL(_ normalised: String) -> String { "tel:+\(normalised)" }
}
