import Foundation

/// A note is shown to every online volunteer before anyone accepts, so it must not carry
/// the pensioner's phone: the accepted volunteer gets the phone from the profile anyway.
/// A phone is nine or more digits written with the usual spacing between them: spaces,
/// dashes, brackets and a plus («067 123 45 67», «+38 (067) 123-45-67»). A house number
/// and a flat («Садова 5 кв 3») or a date («12.03.2026») are not.
public enum NotePrivacy {
    /// The same pattern runs in the browser while the person types (`TextAreaField.warning`),
    /// so it is kept to syntax both ICU and JavaScript read alike: no `\d`, no `\s`.
    public static let phonePattern = #"[0-9](?:[ \t\u00A0()+\-]{0,2}[0-9]){8,}"#

    private static let phoneExpression = try! NSRegularExpression(pattern: phonePattern)

    public static func containsPhoneNumber(_ text: String) -> Bool {
        phoneExpression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
