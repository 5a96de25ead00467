import Fluent
import Foundation
import Vapor

/// The account API every app serves under `/<app>/api/v1`, the same paths everywhere:
///
/// | | |
/// |---|---|
/// | `POST /accounts` | sign up (the app's fields) |
/// | `POST /session`, `DELETE /session` | sign in for a token, sign out |
/// | `GET /me`, `PATCH /me` | the app's profile |
/// | `PUT /me/password` | change the password; every other session and token ends |
/// | `DELETE /me` | delete the account (password required) |
/// | `DELETE /me/sessions` | sign out everywhere |
/// | `POST /password-reset`, `POST /password-reset/confirm` | ask for a reset, use it |
enum AccountRoutes {
    static func register(_ app: AppDescriptor, _ rules: any AppAccounts, on root: any RoutesBuilder) {
        let api = rules.apiGroup(root)
        let handlers = Handlers(app: app, rules: rules)
        api.post("accounts") { try await rules.signUp($0) }
        api.post("session", use: handlers.signIn)
        api.delete("session", use: handlers.signOut)
        api.get("me") { req in try await rules.profileAnswer(req, try await req.requireAccount(in: app)) }
        api.patch("me") { req in try await rules.updateProfile(req, try await req.requireAccount(in: app)) }
        api.put("me", "password", use: handlers.changePassword)
        api.delete("me", use: handlers.deleteAccount)
        api.delete("me", "sessions", use: handlers.signOutEverywhere)
        api.post("password-reset", use: handlers.requestReset)
        api.post("password-reset", "confirm", use: handlers.confirmReset)
    }

    struct Handlers: Sendable {
        let app: AppDescriptor
        let rules: any AppAccounts
        var kind: LoginKind { rules.loginKind }

        @Sendable func signIn(_ req: Request) async throws -> Response {
            let fields = try rules.wire.read(req, .signIn)
            let account = try await AccountFlows(app: app, rules: rules).signIn(login: fields.login(kind), password: fields.password, req)
            return try await rules.sessionAnswer(req, account, token: try await req.accounts.issueToken(for: account))
        }

        @Sendable func signOut(_ req: Request) async throws -> Response {
            _ = try await req.requireAccount(in: app)
            if let token = req.bearerToken { try await req.accounts.revokeToken(token) }
            return Response(status: .noContent)
        }

        @Sendable func changePassword(_ req: Request) async throws -> Response {
            let account = try await req.requireAccount(in: app)
            let fields = try rules.wire.read(req, .passwordChange)
            try await AccountFlows(app: app, rules: rules).changePassword(of: account, fields, req)
            return Response(status: .noContent)
        }

        @Sendable func deleteAccount(_ req: Request) async throws -> Response {
            let account = try await req.requireAccount(in: app)
            let fields = try rules.wire.read(req, .deletion)
            try await AccountFlows(app: app, rules: rules).delete(account, password: fields.password, req)
            return Response(status: .noContent)
        }

        @Sendable func signOutEverywhere(_ req: Request) async throws -> Response {
            try await req.accounts.signOutEverywhere(try await req.requireAccount(in: app))
            return Response(status: .noContent)
        }

        @Sendable func requestReset(_ req: Request) async throws -> Response {
            let fields = try rules.wire.read(req, .resetRequest)
            let answer = try await AccountFlows(app: app, rules: rules).requestReset(login: fields.login(kind), req)
            return try rules.wire.resetAccepted(req, req.localizer.text(answer.key, answer.arguments))
        }

        @Sendable func confirmReset(_ req: Request) async throws -> Response {
            let fields = try rules.wire.read(req, .resetConfirmation)
            try await AccountFlows(app: app, rules: rules).confirmReset(fields, req)
            return Response(status: .noContent)
        }
    }
}

/// What the account pages and the account API both do, once: each step checks its input by
/// the app's rules and calls the kernel's services.
struct AccountFlows: Sendable {
    let app: AppDescriptor
    let rules: any AppAccounts
    var kind: LoginKind { rules.loginKind }

    /// Checks the login and password (throttled); a 401 or 429 otherwise.
    func signIn(login: String?, password: String?, _ req: Request) async throws -> Account {
        var validator = Validator()
        let typed = validator.text(kind.field, login, maxLength: kind.maxLength)
        validator.text("password", password, maxLength: 200)
        try validator.throwIfInvalid()
        return try await req.accounts.authenticate(app: app.id, login: kind.lookupKey(typed), password: password ?? "",
                                                   address: req.clientAddress)
    }

    /// Checks the current password and sets the new one; every other credential ends.
    func changePassword(of account: Account, _ fields: AccountFields, _ req: Request) async throws {
        var validator = Validator()
        validator.text("currentPassword", fields.currentPassword, maxLength: 200)
        newPassword(fields, into: &validator)
        try validator.throwIfInvalid()
        try await req.accounts.changePassword(of: account, current: fields.currentPassword ?? "", new: fields.newPassword ?? "",
                                              keeping: try await req.credential(), address: req.clientAddress)
    }

    /// Deletes the account once its password is confirmed.
    func delete(_ account: Account, password: String?, _ req: Request) async throws {
        guard let password, !password.isEmpty else {
            throw AppError.validation([FieldError(field: "password", key: "validation.required")])
        }
        try await req.accounts.confirm(password, of: account, field: "password", key: "account.password.wrong", address: req.clientAddress)
        try await req.accounts.delete(account, rules: rules, services: req.services)
    }

    /// Starts a reset and returns what to tell the person. The answer is the same whether
    /// or not the login has an account, and takes at least `resetAnswerTime`, so neither
    /// its words nor its timing tell whether someone has an account here.
    func requestReset(login: String?, _ req: Request) async throws -> (key: String, arguments: [String: String]) {
        switch rules.passwordReset {
        case .staffCode:
            var validator = Validator()
            _ = validator.text(kind.field, login, maxLength: kind.maxLength)
            try validator.throwIfInvalid()
            let whom = rules.callForCode(phone: try await rules.staffPhone(req), req.viewContext).whom
            return ("account.reset.call", ["whom": whom])
        case .emailLink:
            var validator = Validator()
            let email = validator.email(kind.field, login)
            try validator.throwIfInvalid()
            let started = ContinuousClock.now
            let app = self.app, baseURL = req.kernel.configuration.publicURL, kernel = req.kernel
            try await req.passwordResets.sendLink(app: app.id, email: email ?? "") { account, token in
                ResetMail.link(app: app, account: account, url: "\(baseURL)\(app.pathPrefix)/reset-password?token=\(token)", kernel: kernel)
            }
            try await Task.sleep(until: started.advanced(by: Self.resetAnswerTime), clock: .continuous)
            return ("account.reset.sent", [:])
        }
    }

    /// Long enough to cover looking the address up and writing the link and its mail.
    static let resetAnswerTime: Duration = .milliseconds(300)

    /// Sets a new password with a link's token or a staff code.
    func confirmReset(_ fields: AccountFields, _ req: Request) async throws {
        var validator = Validator()
        switch rules.passwordReset {
        case .emailLink:
            let token = validator.text("token", fields.token, maxLength: 100)
            newPassword(fields, into: &validator)
            try validator.throwIfInvalid()
            try await req.passwordResets.reset(withLink: token ?? "", app: app.id, newPassword: fields.newPassword ?? "")
        case .staffCode:
            let login = validator.text(kind.field, fields.login(kind), maxLength: kind.maxLength)
            let code = validator.text("code", fields.code, maxLength: 20)
            newPassword(fields, into: &validator)
            try validator.throwIfInvalid()
            try await req.passwordResets.reset(withCode: code ?? "", login: kind.lookupKey(login), app: app.id,
                                               newPassword: fields.newPassword ?? "", address: req.clientAddress)
        }
    }

    /// The new password by the app's rule; the repeat, when sent, must match.
    func newPassword(_ fields: AccountFields, into validator: inout Validator) {
        validator.newPassword(fields.newPassword, repeat: fields.newPasswordRepeat ?? fields.newPassword,
                              fields: ("newPassword", "newPasswordRepeat"), minLength: rules.passwordMinLength)
    }
}

/// The reset link's e-mail, in the person's language.
enum ResetMail {
    static func link(app: AppDescriptor, account: Account, url: String, kernel: HromadaKernel) -> OutgoingMail {
        let language = account.preferredLanguage ?? .uk
        let l = Localizer(language: language, timeZone: kernel.configuration.defaultTimeZone, catalogs: kernel.catalogs)
        let arguments = ["app": app.name(in: language), "name": account.displayName, "url": url,
                         "minutes": String(Int(PasswordResets.lifetime / 60))]
        let text = l.text("account.reset.mail.text", arguments)
        let html = H.div {
            H.p { l.text("account.reset.mail.greeting", arguments) }
            H.p { l.text("account.reset.mail.intro", arguments) }
            H.p { H.a(.href(url)) { l.text("account.reset.mail.button") } }
            H.p { l.text("account.reset.mail.ignore", arguments) }
        }.rendered
        return OutgoingMail(to: account.login, subject: l.text("account.reset.mail.subject", arguments), text: text, html: html)
    }
}
