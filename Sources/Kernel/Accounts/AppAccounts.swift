import Fluent
import Foundation
import Vapor

/// How an app's accounts work, told to the kernel. The kernel does the rest, once for
/// every app, on the web and in the API: sign-in and sign-out, password change and reset,
/// sign out everywhere, and deletion (`AccountRoutes`, `AccountPages`). The app keeps what
/// is its own: its sign-up steps and profile, its profile answers, its pages' shell, and
/// what deleting a person does to its data.
public protocol AppAccounts: Sendable {
    /// What people sign in with.
    var loginKind: LoginKind { get }
    /// The shortest password the app accepts.
    var passwordMinLength: Int { get }
    /// How a forgotten password is reset.
    var passwordReset: PasswordResetKind { get }
    /// How the account messages travel in the app's API (JSON unless the app says otherwise).
    var wire: AccountWire { get }
    /// The group the kernel's account API routes join (an app with its own API error
    /// middleware returns a group with it).
    func apiGroup(_ api: any RoutesBuilder) -> any RoutesBuilder

    // MARK: API answers in the app's own shapes

    /// `POST /accounts`: the app's sign-up (`AccountService.signUp` does the account part).
    func signUp(_ req: Request) async throws -> Response
    /// `POST /session`'s answer: the token and the app's profile.
    func sessionAnswer(_ req: Request, _ account: Account, token: IssuedToken) async throws -> Response
    /// `GET /me`.
    func profileAnswer(_ req: Request, _ account: Account) async throws -> Response
    /// `PATCH /me`.
    func updateProfile(_ req: Request, _ account: Account) async throws -> Response

    // MARK: Deletion

    /// Removes or detaches the app's data of `account` inside `db`, the transaction that then
    /// deletes the account. What it returns runs after the commit (telling others, say).
    func deleteData(of account: Account, services: ServiceContext, on db: any Database) async throws -> AfterCommit

    // MARK: Web

    /// Where a signed-in person starts.
    func home(for account: Account, _ req: Request) async throws -> String
    /// Answers with one of the kernel's account pages in the app's shell: reads what the
    /// shell shows of `account` (its tabs), then renders.
    func respond(_ req: Request, _ account: Account?, with page: AccountPage) async throws -> Response
    /// The app's sign-up page, linked from the sign-in page (under the app's prefix).
    var signUpPath: String { get }
    /// For `PasswordResetKind.staffCode`: the number a person who forgot their password
    /// calls for a code, if the app knows one.
    func staffPhone(_ req: Request) async throws -> String?
    /// For `PasswordResetKind.staffCode`: whom to call (`phone`, or the staff in general),
    /// and a way to call them from the page (a `tel:` button), in the app's words.
    func callForCode(phone: String?, _ c: ViewContext) -> (whom: String, button: HTML)
}

/// A kernel account page as the app's shell wraps it.
public struct AccountPage: Sendable {
    public let title: String
    public let status: HTTPResponseStatus
    public let content: HTML
}

extension AppAccounts {
    public var wire: AccountWire { .json }
    public func apiGroup(_ api: any RoutesBuilder) -> any RoutesBuilder { api }
    public func staffPhone(_ req: Request) async throws -> String? { nil }
    public func callForCode(phone: String?, _ c: ViewContext) -> (whom: String, button: HTML) { ("", .empty) }
}

/// Work to do once a transaction has committed.
public typealias AfterCommit = @Sendable () async -> Void

/// How a person who forgot their password gets a new one.
public enum PasswordResetKind: Sendable {
    /// A single-use link e-mailed to the account's address.
    case emailLink
    /// A one-time code that staff issue on screen (no e-mail, no SMS): the person calls.
    case staffCode
}

/// A bearer token just issued; the plain token is shown once.
public struct IssuedToken: Sendable {
    public let token: String
    public let expiresAt: Date
}

/// The fields of the kernel's account messages (sign-in, password change, deletion,
/// reset), whatever their encoding: each message uses some of them.
public struct AccountFields: Codable, Sendable {
    public var email: String?
    public var phone: String?
    public var password: String?
    public var currentPassword: String?
    public var newPassword: String?
    public var newPasswordRepeat: String?
    public var token: String?
    public var code: String?

    public init(email: String? = nil, phone: String? = nil, password: String? = nil, currentPassword: String? = nil,
                newPassword: String? = nil, newPasswordRepeat: String? = nil, token: String? = nil, code: String? = nil) {
        self.email = email
        self.phone = phone
        self.password = password
        self.currentPassword = currentPassword
        self.newPassword = newPassword
        self.newPasswordRepeat = newPasswordRepeat
        self.token = token
        self.code = code
    }

    /// The login as typed, from the field of `kind`.
    public func login(_ kind: LoginKind) -> String? {
        kind == .email ? email : phone
    }
}

/// Which account message a body carries (an encoding with a message type per call, like
/// protobuf, decodes each into `AccountFields`).
public enum AccountMessage: Sendable {
    case signIn, passwordChange, deletion, resetRequest, resetConfirmation
}

/// How the kernel's account messages are read from and written to an app's API.
public struct AccountWire: Sendable {
    /// Reads a request body as the fields of `message`.
    public let read: @Sendable (Request, AccountMessage) throws -> AccountFields
    /// The `202 Accepted` answer to a reset request, carrying a message for the person.
    public let resetAccepted: @Sendable (Request, String) throws -> Response

    public init(read: @escaping @Sendable (Request, AccountMessage) throws -> AccountFields,
                resetAccepted: @escaping @Sendable (Request, String) throws -> Response) {
        self.read = read
        self.resetAccepted = resetAccepted
    }

    /// JSON bodies with the fields' names; a missing body is an empty message.
    public static let json = AccountWire(
        read: { req, _ in
            guard let body = req.body.data, body.readableBytes > 0 else { return AccountFields() }
            return try req.content.decode(AccountFields.self)
        },
        resetAccepted: { _, message in
            Response(status: .accepted, json: ResetAccepted(message: message))
        })

    struct ResetAccepted: Codable, Sendable, JSONWritable {
        let message: String
        func write(to json: inout JSONWriter) {
            json.object { $0.member("message", message) }
        }
    }
}
