import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting

/// One app of the suite, as the account scenarios drive it: through its JSON API (MoveJoin
/// takes the protobuf JSON mapping) and its pages.
struct MountedApp: Sendable, CustomTestStringConvertible {
    let app: any HromadaApp

    init(_ app: any HromadaApp) { self.app = app }

    var descriptor: AppDescriptor { app.descriptor }
    var accounts: any AppAccounts { app.accounts! }
    var kind: LoginKind { accounts.loginKind }
    var testDescription: String { descriptor.id }

    /// The app alone on a fresh database.
    func run(clock: any WallClock = SystemClock(), _ body: (Application) async throws -> Void) async throws {
        try await TestHarness.withApp(apps: [app], clock: clock, body)
    }

    func path(_ apiPath: String) -> String { "\(descriptor.apiPath)\(apiPath)" }

    func post(_ apiPath: String, _ body: [String: Any], on application: Application) async throws -> TestingHTTPResponse {
        try await sendJSON(application, .POST, path(apiPath), body: body)
    }

    func get(_ apiPath: String, token: String, on application: Application) async throws -> TestingHTTPResponse {
        try await send(.GET, apiPath, token: token, on: application)
    }

    func send(_ method: HTTPMethod, _ apiPath: String, token: String, body: [String: Any]? = nil, on application: Application) async throws -> TestingHTTPResponse {
        try await sendJSON(application, method, path(apiPath), token: token, body: body)
    }

    /// A login nobody has used yet.
    func uniqueLogin() async throws -> String {
        kind == .email ? await UniqueLogins.shared.email("person", domain: "accounts.example") : await UniqueLogins.shared.phone()
    }

    /// A person signed up through the API.
    func signUp(on application: Application) async throws -> Credentials {
        let login = try await uniqueLogin()
        let created = try await post("/accounts", try SignUps.body(for: self, login: login), on: application)
        #expect(created.status == .created, "\(created.body.string)")
        return Credentials(login: login, password: SignUps.password)
    }

    /// A new bearer token of `person`.
    func signIn(_ person: Credentials, on application: Application) async throws -> String {
        let answer = try await post("/session", [kind.field: person.login, "password": person.password], on: application)
        #expect(answer.status == .ok, "\(answer.body.string)")
        return try decode(SessionAnswer.self, answer).token
    }

    /// Starts a password reset the way the app's people do and returns its secret and the
    /// confirmation body (without the new password): the token from the e-mail, or the code
    /// an administrator read out.
    func startReset(for person: Credentials, on application: Application) async throws -> (secret: String, body: [String: Any]) {
        switch accounts.passwordReset {
        case .emailLink:
            let asked = try await post("/password-reset", [kind.field: person.login], on: application)
            #expect(asked.status == .accepted, "\(asked.body.string)")
            let mail = try #require(try await MailOutboxRecord.query(on: application.db).filter(\.$recipient == person.login)
                .sort(\.$createdAt, .descending).first())
            let token = try #require(mail.textBody.split(whereSeparator: \.isWhitespace)
                .first { $0.contains("/reset-password?token=") }?.split(separator: "=").last.map(String.init))
            #expect(mail.htmlBody.contains(token))
            return (token, ["token": token])
        case .staffCode:
            // As the kernel wires it for a request; the app's own screens decide who may issue.
            let req = Request(application: application, on: application.eventLoopGroup.next())
            let account = try #require(try await Account.query(on: application.db).filter(\.$app == descriptor.id).filter(\.$login == person.login).first())
            let admin = try await req.accounts.register(app: descriptor.id, login: "admin-\(try await uniqueLogin())", password: "admin-password",
                                                        role: Account.adminRole, displayName: "Адмін")
            let issued = try await req.passwordResets.issueCode(for: account, by: admin)
            return (issued.code, [kind.field: person.login, "code": issued.code])
        }
    }
}

/// What each app's `POST /accounts` takes besides the login and password. A new app is
/// added here when it joins `Suite.apps` (a test says so until it is).
enum SignUps {
    static let password = "first-secret-1"

    static func body(_ app: String) -> [String: Any]? {
        switch app {
        case "golden-ager": ["role": "pensioner", "firstName": "Ганна", "lastName": "Тест", "birthday": "1948-03-12",
                             "city": "kyiv", "address": "вул. Тестова, 1"]
        case "movejoin": ["name": "Олена", "surname": "Тест", "cityId": "kyiv"]
        case "fuctivity": ["name": "Марта", "timeZone": "Europe/Kyiv"]
        case "znoshka": ["name": "Олена", "timeZone": "Europe/Kyiv"]
        case "shelter": ["name": "Ірина", "timeZone": "Europe/Kyiv"]
        default: nil
        }
    }

    static func body(for app: MountedApp, login: String) throws -> [String: Any] {
        var fields = try #require(body(app.descriptor.id))
        fields[app.kind.field] = login
        fields["password"] = password
        fields["passwordRepeat"] = password
        return fields
    }
}

/// What a person signs in with.
struct Credentials: Sendable {
    let login: String
    let password: String
}

struct SessionAnswer: Decodable {
    let token: String
}

/// The root of this target's tests: every suite is nested in it (an extension per file).
@Suite("Accounts in every app")
struct AccountTests {}
