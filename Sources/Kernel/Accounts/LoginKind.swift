import Foundation

/// What people sign in with in an app: an e-mail address or a phone number. The one place
/// where what a person types becomes the login that is stored and looked up.
public enum LoginKind: String, Sendable {
    case email
    case phone

    /// The field that carries it in forms and API bodies (`email`, `phone`).
    public var field: String { rawValue }

    /// The longest text accepted in the field.
    public var maxLength: Int {
        switch self {
        case .email: Validator.emailMaxLength
        case .phone: 40
        }
    }

    /// The login to look an account up by. A phone number in any usual form becomes
    /// `380…`; anything else (an e-mail, or the login of an administrator created on the
    /// command line) is trimmed and lower-cased.
    public func lookupKey(_ typed: String?) -> String {
        let trimmed = (typed ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if self == .phone, let phone = PhoneNumber.normalise(trimmed) { return phone }
        return trimmed.lowercased()
    }

    /// The login of a new account, or nil with a field error: a plausible e-mail address,
    /// or a Ukrainian mobile number.
    public func validate(_ typed: String?, into validator: inout Validator) -> String? {
        switch self {
        case .email:
            // An address the mailer cannot send to (say, with non-ASCII characters) could
            // never get its password-reset link: refuse it here, not at the first reset.
            guard let email = validator.email(field, typed) else { return nil }
            guard (try? MailAddress(parsing: email)) != nil else {
                validator.add(field, "validation.email")
                return nil
            }
            return email
        case .phone:
            guard let text = validator.text(field, typed, maxLength: maxLength) else { return nil }
            guard let phone = PhoneNumber.normalise(text) else {
                validator.add(field, "account.phone.invalid")
                return nil
            }
            return phone
        }
    }

    /// How the login is shown to people (`+380 67 123 45 67` for a phone).
    public func display(_ login: String) -> String {
        self == .phone ? PhoneNumber.display(login) : login
    }
}
