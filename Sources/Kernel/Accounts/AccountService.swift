import Fluent
import SQLKit
import Foundation
import FluentPostgresDriver
import Vapor

/// Sign-up, sign-in, tokens and deactivation for every app's accounts.
public struct AccountService: Sendable {
    let database: any Database
    let passwords: AsyncPasswordHasher
    let clock: any WallClock
    let tokenLifetime: TimeInterval
    /// A hash verified when the login is unknown, so a wrong login takes as long as a wrong password.
    let decoyHash: String

    public init(database: any Database, passwords: AsyncPasswordHasher, clock: any WallClock, tokenLifetime: TimeInterval, decoyHash: String) {
        self.database = database
        self.passwords = passwords
        self.clock = clock
        self.tokenLifetime = tokenLifetime
        self.decoyHash = decoyHash
    }

    var throttle: LoginThrottle { LoginThrottle(database: database, clock: clock) }

    /// Creates an account. The login must already be normalised by the app (lower-cased
    /// e-mail, phone in one form); a login taken in the same app is a 409.
    public func register(app: String, login: String, password: String, role: String, displayName: String, language: Language? = nil, on db: (any Database)? = nil) async throws -> Account {
        let account = try await newAccount(app: app, login: login, password: password, role: role, displayName: displayName, language: language)
        try await insert(account, on: db ?? database)
        return account
    }

    /// An account with its password hashed, not yet saved. Apps that create their own
    /// profile rows hash first and then `insert` inside their transaction, so the slow
    /// bcrypt never runs while the transaction holds locks.
    public func newAccount(app: String, login: String, password: String, role: String, displayName: String, language: Language? = nil) async throws -> Account {
        newAccount(app: app, login: login, passwordHash: try await hashPassword(password), role: role, displayName: displayName, language: language)
    }

    /// An account whose password was hashed earlier (a sign-up spread over several
    /// pages keeps the hash between them, never the password).
    public func newAccount(app: String, login: String, passwordHash: String, role: String, displayName: String, language: Language? = nil) -> Account {
        let account = Account(app: app, login: login, passwordHash: passwordHash, role: role, displayName: displayName, createdAt: clock.now)
        account.language = language?.rawValue
        return account
    }

    /// A bcrypt hash of `password` at the configured cost.
    public func hashPassword(_ password: String) async throws -> String {
        try await passwords.hash(password)
    }

    /// Saves a new account; a login taken in the same app is a 409 `login_taken`.
    public func insert(_ account: Account, on db: any Database) async throws {
        do {
            try await account.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "login_taken", key: "auth.login_taken")
        }
    }

    /// Checks a login and password, throttling repeated failures by login and by address.
    public func authenticate(app: String, login: String, password: String, address: String) async throws -> Account {
        try await throttle.check(app: app, identifier: login, address: address)
        let account = try await Account.query(on: database).filter(\.$app == app).filter(\.$login == login).first()
        let matches = try await passwords.verify(password, created: account?.passwordHash ?? decoyHash)
        guard let account, matches else {
            try await throttle.recordFailure(app: app, identifier: login, address: address)
            throw AppError(.unauthorized, code: "invalid_credentials", key: "auth.invalid_credentials")
        }
        guard account.isActive else {
            throw AppError(.forbidden, code: "account_deactivated", key: "auth.deactivated")
        }
        try await throttle.recordSuccess(app: app, identifier: login)
        return account
    }

    public func changePassword(of account: Account, current: String, new: String) async throws {
        guard try await passwords.verify(current, created: account.passwordHash) else {
            throw AppError.validation([FieldError(field: "currentPassword", key: "auth.wrong_password")])
        }
        account.passwordHash = try await passwords.hash(new)
        try await account.save(on: database)
        try await APIToken.query(on: database).filter(\.$account.$id == account.requireID()).delete()
    }

    /// Stops an account from signing in and revokes its tokens; its sessions stop
    /// working at their next request.
    public func deactivate(_ account: Account) async throws {
        account.deactivatedAt = clock.now
        try await account.save(on: database)
        try await APIToken.query(on: database).filter(\.$account.$id == account.requireID()).delete()
    }

    /// Removes an account for good, with its tokens and its failed sign-ins; the app has
    /// removed its own rows first. Its browser sessions end at their next request, which
    /// finds no account. Pass the transaction the app's removals run in.
    public func delete(_ account: Account, on db: any Database) async throws {
        let id = try account.requireID()
        try await APIToken.query(on: db).filter(\.$account.$id == id).delete()
        try await CalendarFeedSecret.query(on: db).filter(\.$id == id).delete()
        try await LoginAttempt.query(on: db).filter(\.$app == account.app).filter(\.$identifier == account.login).delete()
        try await Account.query(on: db).filter(\.$id == id).delete()
    }

    // MARK: API tokens

    /// Issues a new bearer token; the plain token is returned once and never stored.
    public func issueToken(for account: Account) async throws -> (token: String, expiresAt: Date) {
        let token = SecretToken.generate()
        let expiresAt = clock.now.addingTimeInterval(tokenLifetime)
        try await APIToken(accountID: account.requireID(), tokenHash: SecretToken.hash(token), createdAt: clock.now, expiresAt: expiresAt)
            .create(on: database)
        return (token, expiresAt)
    }

    /// The active account a bearer token belongs to, or `nil` when the token is unknown, expired or revoked.
    /// Every API request asks this, so it is one query, read without Fluent's reflection.
    public func account(forToken token: String, app: String) async throws -> Account? {
        let hash = SecretToken.hash(token)
        let found: TokenSignIn?
        if let rows = try await database.preparedRows(TokenSignIn.Statement(tokenHash: hash)) {
            found = rows.first
        } else {
            found = try await (database as! any SQLDatabase).raw("""
                SELECT a.*, t.id AS token_id, t.expires_at AS token_expires_at
                FROM \(ident: APIToken.schema) t JOIN \(ident: Account.schema) a ON a.id = t.account_id
                WHERE t.token_hash = \(bind: hash)
                """).first().map { TokenSignIn(account: try Account.decode($0),
                                               tokenID: try $0.decode(column: "token_id", as: UUID.self),
                                               expiresAt: try $0.decode(column: "token_expires_at", as: Date.self)) }
        }
        guard let found else { return nil }
        guard found.expiresAt > clock.now else {
            try await APIToken.query(on: database).filter(\.$id == found.tokenID).delete()
            return nil
        }
        guard found.account.app == app, found.account.isActive else { return nil }
        return found.account
    }

    /// Revokes one token (logout from a device).
    public func revokeToken(_ token: String) async throws {
        try await APIToken.query(on: database).filter(\.$tokenHash == SecretToken.hash(token)).delete()
    }
}

/// A bearer token's account, read in one query (every API request signs in this way).
struct TokenSignIn: Sendable {
    let account: Account
    let tokenID: UUID
    let expiresAt: Date

    /// The same query as the portable path, prepared once per PostgreSQL connection.
    struct Statement: PostgresPreparedStatement {
        static let name = "kernel_token_sign_in"
        static let sql = """
            SELECT a.id, a.app, a.login, a.password_hash, a.role, a.display_name, a.created_at,
                   a.language, a.time_zone, a.deactivated_at, t.id, t.expires_at
            FROM kernel_api_tokens t JOIN kernel_accounts a ON a.id = t.account_id
            WHERE t.token_hash = $1
            """
        static let bindingDataTypes: [PostgresDataType] = [.text]
        typealias Row = TokenSignIn

        let tokenHash: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(tokenHash)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> TokenSignIn {
            let (id, app, login, passwordHash, role, displayName, createdAt, language, timeZone, deactivatedAt, tokenID, expiresAt) =
                try row.decode((UUID, String, String, String, String, String, Date, String?, String?, Date?, UUID, Date).self)
            let account = Account(id: id, app: app, login: login, passwordHash: passwordHash, role: role,
                                  displayName: displayName, createdAt: createdAt)
            account.language = language
            account.timeZone = timeZone
            account.deactivatedAt = deactivatedAt
            account.$id.exists = true
            return TokenSignIn(account: account, tokenID: tokenID, expiresAt: expiresAt)
        }
    }
}
