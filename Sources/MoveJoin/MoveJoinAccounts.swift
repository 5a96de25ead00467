import Fluent
import Foundation
import Kernel
import MoveJoinProto
import SwiftProtobuf
import Vapor

/// MoveJoin's side of the kernel's account system: e-mail sign-in, reset by an e-mailed
/// link, and the account messages in MoveJoin's protobuf encodings on the shared paths.
struct MoveJoinAccounts: AppAccounts {
    var loginKind: LoginKind { .email }
    var passwordMinLength: Int { PeopleService.passwordMinLength }
    var passwordReset: PasswordResetKind { .emailLink }
    var signUpPath: String { "/signup" }

    func apiGroup(_ api: any RoutesBuilder) -> any RoutesBuilder {
        api.grouped(inOneTask: ProtobufErrorMiddleware())
    }

    /// Each account message is its protobuf message, binary or in the JSON mapping.
    var wire: AccountWire {
        AccountWire(
            read: { req, message in
                switch message {
                case .signIn:
                    let input = try req.message(MJLoginRequest.self)
                    return AccountFields(email: input.email, password: input.password)
                case .passwordChange:
                    let input = try req.message(MJChangePasswordRequest.self)
                    return AccountFields(currentPassword: input.currentPassword, newPassword: input.newPassword,
                                         newPasswordRepeat: Self.sent(input.newPasswordRepeat))
                case .deletion:
                    return AccountFields(password: try req.message(MJDeleteAccountRequest.self).password)
                case .resetRequest:
                    return AccountFields(email: try req.message(MJPasswordResetRequest.self).email)
                case .resetConfirmation:
                    let input = try req.message(MJPasswordResetConfirmation.self)
                    return AccountFields(newPassword: input.newPassword, newPasswordRepeat: Self.sent(input.newPasswordRepeat), token: input.token)
                }
            },
            resetAccepted: { req, text in
                var accepted = MJPasswordResetAccepted()
                accepted.message = text
                return try accepted.response(for: req, status: .accepted)
            })
    }

    /// A protobuf string left out reads as empty: the optional repeat was not sent.
    static func sent(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }

    func signUp(_ req: Request) async throws -> Response {
        try await MoveJoinAPI.register(req)
    }

    func sessionAnswer(_ req: Request, _ account: Account, token: IssuedToken) async throws -> Response {
        try Self.session(try await Mover(account: account, on: req.db), token).response(for: req)
    }

    static func session(_ mover: Mover, _ token: IssuedToken) -> MJSession {
        var session = MJSession()
        session.token = token.token
        session.expiresAt = Google_Protobuf_Timestamp(date: token.expiresAt)
        session.profile = MJProfile(mover)
        return session
    }

    func profileAnswer(_ req: Request, _ account: Account) async throws -> Response {
        try MJProfile(try await Mover(account: account, on: req.db)).response(for: req)
    }

    func updateProfile(_ req: Request, _ account: Account) async throws -> Response {
        try await MoveJoinAPI.updateMe(req)
    }

    func deleteData(of account: Account, services: ServiceContext, on db: any Database) async throws -> AfterCommit {
        try await MoveJoinContext(services).people.deleteData(of: try await Mover(account: account, on: db), on: db)
    }

    func home(for account: Account, _ req: Request) async throws -> String {
        "\(MoveJoinWeb.prefix)/events"
    }

    func respond(_ req: Request, _ account: Account?, with page: AccountPage) async throws -> Response {
        let mover: Mover? = if let account { try await Mover(account: account, on: req.db) } else { nil }
        return req.render(MoveJoinWeb.shell(mover, title: page.title, section: account == nil ? .none : .profile, status: page.status, req.viewContext) {
            page.content
        })
    }
}
