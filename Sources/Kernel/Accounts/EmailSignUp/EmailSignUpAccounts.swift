import Fluent
import Foundation
import Vapor

/// The account rules of an app whose people sign up with an e-mail address (Fuctivity,
/// Znoshka, Smart Shelter). Conforming is all such an app does for sign-up: the kernel
/// then serves the sign-up page at `signUpPath` (`EmailSignUpPage`), the API's
/// `POST /accounts`, and creates the account, with its time zone, and the app's profile
/// in one transaction (`AccountService.signUp(byEmail:…)`).
///
/// The texts are the kernel's `account.signup.*` and `account.field.*`; an app words one
/// its own way with `"<app>:<key>"` in its catalog.
public protocol EmailSignUpAccounts: AppAccounts {
    /// The app these rules are for.
    var app: AppDescriptor { get }
    /// The role a person signing up gets.
    var signUpRole: String { get }
    /// Where the web sign-up leads (a path under the app's prefix): onboarding, say.
    var afterSignUpPath: String { get }
    /// The time zone the form offers first.
    var defaultTimeZone: TimeZone { get }
    /// A sentence under the form's title, from the app's catalog (what happens next).
    var signUpLeadKey: String? { get }
    /// Writes the app's profile of a new account (its id is set), in the sign-up's
    /// transaction: both are saved or neither.
    func writeProfile(of account: Account, at now: Date, on db: any Database) async throws
}

extension EmailSignUpAccounts {
    public var signUpRole: String { "member" }
    public var signUpLeadKey: String? { nil }
    public var defaultTimeZone: TimeZone { TimeZone(identifier: "Europe/Kyiv")! }

    /// `POST /accounts`: the account and a token at once, answered as `POST /session` is,
    /// with 201 and the profile's address.
    public func signUp(_ req: Request) async throws -> Response {
        let form = try req.content.decode(EmailSignUpForm.self)
        let account = try await req.accounts.signUp(byEmail: form, rules: self, language: req.language)
        let response = try await sessionAnswer(req, account, token: try await req.accounts.issueToken(for: account))
        response.status = .created
        response.headers.replaceOrAdd(name: .location, value: "\(app.apiPath)/me")
        return response
    }
}

/// What an e-mail sign-up asks, on the page and in the API; each field may be missing, so
/// that a missing one is a 422 naming it.
public struct EmailSignUpForm: Content, Sendable {
    public var name: String?
    public var email: String?
    public var password: String?
    public var passwordRepeat: String?
    public var timeZone: String?

    public init(name: String?, email: String?, password: String?, passwordRepeat: String? = nil, timeZone: String? = nil) {
        self.name = name
        self.email = email
        self.password = password
        self.passwordRepeat = passwordRepeat
        self.timeZone = timeZone
    }

    /// The form as a page sent it.
    init(_ values: [String: String]) {
        self.init(name: values["name"], email: values["email"], password: values["password"],
                  passwordRepeat: values["passwordRepeat"] ?? "", timeZone: values["timeZone"])
    }
}
