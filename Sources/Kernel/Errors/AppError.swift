import Vapor

/// A problem with one field of a submitted form or JSON body.
public struct FieldError: Sendable, Equatable {
    public let field: String
    /// Catalog key of the message.
    public let key: String
    public let arguments: [String: String]

    public init(field: String, key: String, arguments: [String: String] = [:]) {
        self.field = field
        self.key = key
        self.arguments = arguments
    }
}

/// An error a person can act on: a stable `code` for programs, a catalog key for people,
/// and the HTTP status. Services throw these; the error middleware turns them into a
/// problem document (API) or a friendly page (web) in the request's language.
public struct AppError: Error, Sendable {
    public let status: HTTPResponseStatus
    public let code: String
    public let key: String
    public let arguments: [String: String]
    /// For messages with plural forms: the number that picks the form (and fills `{count}`).
    public let count: Int?
    public let fieldErrors: [FieldError]
    public let headers: HTTPHeaders

    public init(_ status: HTTPResponseStatus, code: String, key: String, arguments: [String: String] = [:], count: Int? = nil, fieldErrors: [FieldError] = [], headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.key = key
        self.arguments = arguments
        self.count = count
        self.fieldErrors = fieldErrors
        self.headers = headers
    }

    public static func validation(_ errors: [FieldError]) -> AppError {
        AppError(.unprocessableEntity, code: "validation_failed", key: "error.validation", fieldErrors: errors)
    }

    public static func notFound(code: String = "not_found", key: String = "error.not_found") -> AppError {
        AppError(.notFound, code: code, key: key)
    }

    public static let unauthenticated = AppError(.unauthorized, code: "unauthenticated", key: "error.unauthenticated")
    public static let forbidden = AppError(.forbidden, code: "forbidden", key: "error.forbidden")
    public static let csrf = AppError(.forbidden, code: "csrf_failed", key: "error.csrf")

    public static func conflict(code: String, key: String, arguments: [String: String] = [:]) -> AppError {
        AppError(.conflict, code: code, key: key, arguments: arguments)
    }

    /// The message for people, in the localizer's language.
    public func message(_ localizer: Localizer) -> String {
        if let count { return localizer.plural(key, count: count, arguments) }
        return localizer.text(key, arguments)
    }

    public static func badRequest(code: String = "bad_request", key: String = "error.bad_request") -> AppError {
        AppError(.badRequest, code: code, key: key)
    }
}

/// Collects field errors while validating input, then throws them all at once
/// so a form shows every problem in one round trip.
public struct Validator: Sendable {
    public private(set) var errors: [FieldError] = []

    public init() {}

    public mutating func add(_ field: String, _ key: String, _ arguments: [String: String] = [:]) {
        errors.append(FieldError(field: field, key: key, arguments: arguments))
    }

    public var isValid: Bool { errors.isEmpty }

    public func hasError(for field: String) -> Bool { errors.contains { $0.field == field } }

    /// Trims the text and checks presence and length; returns the trimmed text (or nil when absent).
    /// A NUL character is refused too: input that did not come through the kernel's
    /// decoders (MoveJoin's protobuf) reaches here with it (`NULCharacters`).
    @discardableResult
    public mutating func text(_ field: String, _ value: String?, required: Bool = true, maxLength: Int, minLength: Int = 0) -> String? {
        let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if trimmed.isEmpty {
            if required { add(field, "validation.required") }
            return nil
        }
        if trimmed.utf8.contains(0) {
            add(field, "validation.nul_character")
        } else if trimmed.count > maxLength {
            add(field, "validation.too_long", ["max": String(maxLength)])
        } else if trimmed.count < minLength {
            add(field, "validation.too_short", ["min": String(minLength)])
        }
        return trimmed
    }

    /// The login key of an e-mail address: trimmed and lower-cased.
    public static func emailKey(_ typed: String?) -> String {
        (typed ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public static let emailMaxLength = 254

    /// A plausible e-mail address as its login key, or nil with a field error.
    public mutating func email(_ field: String, _ typed: String?) -> String? {
        let email = Self.emailKey(typed)
        if email.isEmpty {
            add(field, "validation.required")
            return nil
        }
        guard email.count <= Self.emailMaxLength, Self.isPlausibleEmail(email), !email.utf8.contains(0) else {
            add(field, "validation.email")
            return nil
        }
        return email
    }

    /// A time zone the server knows, by its IANA name (`Europe/Kyiv`); nil without one
    /// (nothing typed), or with a field error when there is no such zone.
    public mutating func timeZone(_ field: String, _ identifier: String?) -> TimeZone? {
        guard let identifier, !identifier.isEmpty else { return nil }
        guard identifier.count <= 64, let zone = TimeZone(identifier: identifier) else {
            add(field, "validation.time_zone")
            return nil
        }
        return zone
    }

    /// One @, something before it, a dot in the domain, no spaces: the rest is the mail server's business.
    public static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count >= 3 else { return false }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..") else { return false }
        return !email.contains(where: \.isWhitespace)
    }

    /// A new password typed twice: long enough, not absurdly long, the same both times.
    public mutating func newPassword(_ password: String?, repeat: String?, fields: (String, String), minLength: Int) {
        guard let password, !password.isEmpty else {
            add(fields.0, "validation.required")
            return
        }
        if password.count < minLength {
            add(fields.0, "validation.password_short", ["min": String(minLength)])
        } else if password.count > 200 {
            add(fields.0, "validation.too_long", ["max": "200"])
        }
        if password != (`repeat` ?? "") {
            add(fields.1, "validation.password_mismatch")
        }
    }

    public func throwIfInvalid() throws {
        if !errors.isEmpty { throw AppError.validation(errors) }
    }
}
