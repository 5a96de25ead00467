import Fluent
import SQLKit
import Foundation
import FluentPostgresDriver
import Vapor

/// What a signed-in request proved itself with: its bearer token, or its browser
/// session's record.
public enum Credential: Sendable {
    case token(String)
    case session(UUID)
}

/// Sign-up, sign-in, tokens and deactivation for every app's accounts.
public struct AccountService: Sendable {
    /// The longest name a person may give, in every app (sign-up and each app's settings).
    public static let nameMaxLength = 80

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

    /// The same service on another database handle (a transaction).
    public func on(_ db: any Database) -> AccountService {
        AccountService(database: db, passwords: passwords, clock: clock, tokenLifetime: tokenLifetime, decoyHash: decoyHash)
    }

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

    /// Checks a login and password, throttling repeated failures (`LoginThrottle`: by login
    /// and address together, by login, and by address for failures of many logins).
    /// `address` is the client's, as `Request.clientAddress` tells it.
    public func authenticate(app: String, login: String, password: String, address: String) async throws -> Account {
        var found: Account?
        let right = try await throttle.attempt(app: app, identifier: login, address: address) {
            found = try await Account.query(on: database).filter(\.$app == app).filter(\.$login == login).first()
            return try await passwords.verify(password, created: found?.passwordHash ?? decoyHash) && found != nil
        }
        guard right, let account = found else {
            throw AppError(.unauthorized, code: "invalid_credentials", key: "auth.invalid_credentials")
        }
        guard account.isActive else {
            throw AppError(.forbidden, code: "account_deactivated", key: "auth.deactivated")
        }
        return account
    }

    /// Creates an account and, in the same transaction, the app's profile of it
    /// (`writeProfile`): both or neither. The login and password are checked by the app's
    /// rules (`AppAccounts`) together with the app's own fields (`validated`, thrown with
    /// them); a login taken meanwhile is a 409 with a field error on the login.
    public func signUp(
        app: String, rules: any AppAccounts, login typed: String?, password: String?, passwordRepeat: String? = nil,
        role: String, displayName: @autoclosure () -> String, language: Language?, timeZone: TimeZone? = nil,
        validated: Validator = Validator(),
        writeProfile: @escaping @Sendable (Account, any Database) async throws -> Void
    ) async throws -> Account {
        // The login and password come first on every sign-up form, so their problems do too.
        var validator = Validator()
        let login = rules.loginKind.validate(typed, into: &validator)
        validator.newPassword(password, repeat: passwordRepeat ?? password, fields: ("password", "passwordRepeat"), minLength: rules.passwordMinLength)
        for error in validated.errors { validator.add(error.field, error.key, error.arguments) }
        try validator.throwIfInvalid()
        guard let login, let password else { throw AppError.validation(validator.errors) }
        let account = try await newAccount(app: app, login: login, password: password, role: role, displayName: displayName(), language: language)
        account.timeZone = timeZone?.identifier
        try await create(account, loginKind: rules.loginKind, writeProfile: writeProfile)
        return account
    }

    /// Saves a new account (its password hashed earlier: a sign-up spread over several
    /// pages keeps the hash between them) and the app's profile in one transaction.
    public func create(_ account: Account, loginKind: LoginKind, writeProfile: @escaping @Sendable (Account, any Database) async throws -> Void) async throws {
        do {
            try await database.writeTransaction { db in
                try await insert(account, on: db)
                try await writeProfile(account, db)
            }
        } catch let error as AppError where error.code == "login_taken" {
            throw Self.loginTaken(loginKind)
        }
    }

    /// Whether `login` (normalised) has an account in `app`: a sign-up spread over several
    /// pages says so at the step that asks for it.
    public func isTaken(app: String, login: String) async throws -> Bool {
        try await Account.query(on: database).filter(\.$app == app).filter(\.$login == login).count() > 0
    }

    /// The 409 for a login that has an account already, on the login's field.
    public static func loginTaken(_ kind: LoginKind) -> AppError {
        AppError(.conflict, code: "login_taken", key: "account.\(kind.field).taken",
                 fieldErrors: [FieldError(field: kind.field, key: "account.\(kind.field).taken")])
    }

    /// Whether `password` is the account's.
    public func verify(_ password: String, of account: Account) async throws -> Bool {
        try await passwords.verify(password, created: account.passwordHash)
    }

    /// A signed-in person confirms their password before a change that needs it (a new
    /// password, deleting the account): a wrong one is a field error (`field`, `key`) and
    /// counts as a failed sign-in, throttled like one, so a stolen session cannot guess the
    /// password by asking here instead of at the sign-in.
    public func confirm(_ password: String, of account: Account, field: String, key: String, address: String) async throws {
        let right = try await throttle.attempt(app: account.app, identifier: account.login, address: address, clearsFailures: false) {
            try await verify(password, of: account)
        }
        guard right else { throw AppError.validation([FieldError(field: field, key: key)]) }
    }

    /// Checks the current password and sets the new one; then every other credential of
    /// the account ends: its API tokens are revoked and its browser sessions signed out of
    /// it, except `kept`, the one the change was made with.
    public func changePassword(of account: Account, current: String, new: String, keeping kept: Credential? = nil, address: String) async throws {
        try await confirm(current, of: account, field: "currentPassword", key: "auth.wrong_password", address: address)
        account.passwordHash = try await passwords.hash(new)
        // All or nothing: a new password with the old credentials still valid is no change.
        try await database.writeTransaction { db in
            try await account.save(on: db)
            try await Self.endCredentials(of: account, except: kept, on: db)
        }
    }

    /// Ends every API token and browser session of the account but `kept` ("sign out
    /// everywhere" keeps none).
    public static func endCredentials(of account: Account, except kept: Credential? = nil, on db: any Database) async throws {
        let accountID = try account.requireID()
        var tokens = APIToken.query(on: db).filter(\.$account.$id == accountID)
        if case .token(let token) = kept { tokens = tokens.filter(\.$tokenHash != SecretToken.hash(token)) }
        try await tokens.delete()
        var keptSession: UUID?
        if case .session(let id) = kept { keptSession = id }
        try await signOutSessions(of: account, except: keptSession, on: db)
    }

    /// Signs the account out of every browser and device, this one included.
    public func signOutEverywhere(_ account: Account) async throws {
        try await database.writeTransaction { db in try await Self.endCredentials(of: account, on: db) }
    }

    /// Removes `account` from every browser session but `kept`; a session's sign-ins to
    /// other apps stay, and a session left with nothing is deleted. Each record is changed
    /// only if it still holds what was read (see `WebSessionRecord.replaceData`), so a
    /// request of that browser saving at the same moment cannot write the account back.
    static func signOutSessions(of account: Account, except kept: UUID?, on database: any Database) async throws {
        let id = try account.requireID().uuidString
        let key = "account.\(account.app)"
        // The id narrows the rows down; the decoded data decides.
        for record in try await WebSessionRecord.query(on: database).filter(\.$data ~~ id).all() where record.id != kept {
            try await signOut(key, id, from: record.requireID(), holding: record.data, on: database)
        }
    }

    /// Removes `key` (if it holds `accountID`) from the record, `json` being what it was read holding.
    static func signOut(_ key: String, _ accountID: String, from recordID: UUID, holding json: String, on database: any Database) async throws {
        var stored = json
        for _ in 0..<WebSessionRecord.writeAttempts {
            var data = WebSessionRecord.decode(stored)
            guard data[key] == accountID else { return }
            data[key] = nil
            let written = data.isEmpty
                ? try await WebSessionRecord.delete(recordID, ifStill: stored, on: database)
                : try await WebSessionRecord.replaceData(of: recordID, ifStill: stored, with: WebSessionRecord.encode(data), expiresAt: nil, on: database)
            if written { return }
            guard let fresh = try await WebSessionRecord.find(recordID, on: database) else { return }
            stored = fresh.data
        }
        throw AppError.conflict(code: "session_busy", key: "error.conflict")
    }

    /// Stops an account from signing in and revokes its tokens; its sessions stop
    /// working at their next request.
    public func deactivate(_ account: Account) async throws {
        account.deactivatedAt = clock.now
        try await account.save(on: database)
        try await APIToken.query(on: database).filter(\.$account.$id == account.requireID()).delete()
    }

    /// Deletes the account and, first, the app's data of it (`AppAccounts.deleteData`), in
    /// one transaction; then runs what the app asked to run after the commit.
    public func delete(_ account: Account, rules: any AppAccounts, services: ServiceContext) async throws {
        let afterCommit = try await database.writeTransaction { db in
            let afterCommit = try await rules.deleteData(of: account, services: services.on(db), on: db)
            try await delete(account, on: db)
            return afterCommit
        }
        await afterCommit()
    }

    /// Removes an account for good, with its tokens, browser sign-ins, reset links and
    /// failed sign-ins; the app has removed its own rows first. Pass the transaction the
    /// app's removals run in.
    public func delete(_ account: Account, on db: any Database) async throws {
        let id = try account.requireID()
        try await Self.signOutSessions(of: account, except: nil, on: db)
        try await PasswordResetRecord.query(on: db).filter(\.$accountID == id).delete()
        try await APIToken.query(on: db).filter(\.$account.$id == id).delete()
        try await CalendarFeedSecret.query(on: db).filter(\.$id == id).delete()
        try await LoginAttempt.query(on: db).filter(\.$app == account.app).filter(\.$identifier == account.login).delete()
        try await Account.query(on: db).filter(\.$id == id).delete()
    }

    // MARK: API tokens

    /// Issues a new bearer token; the plain token is returned once and never stored.
    public func issueToken(for account: Account) async throws -> IssuedToken {
        let token = SecretToken.generate()
        let expiresAt = clock.now.addingTimeInterval(tokenLifetime)
        try await APIToken(accountID: account.requireID(), tokenHash: SecretToken.hash(token), createdAt: clock.now, expiresAt: expiresAt)
            .create(on: database)
        return IssuedToken(token: token, expiresAt: expiresAt)
    }

    /// The active account a bearer token belongs to, or `nil` when the token is unknown, expired or revoked.
    /// Every API request asks this, so it is one query, read without Fluent's reflection.
    public func account(forToken token: String, app: String) async throws -> Account? {
        let hash = SecretToken.hash(token)
        let found: SignIn?
        if database is any PostgresDatabase {
            found = try await database.preparedRows(SignIn.Statement(tokenHash: hash, now: clock.now, app: app)).first
        } else {
            found = try await database.sql.raw("""
                SELECT a.*, t.id AS token_id, t.expires_at AS token_expires_at
                FROM \(ident: APIToken.schema) t JOIN \(ident: Account.schema) a ON a.id = t.account_id
                WHERE t.token_hash = \(bind: hash)
                """).first().map { row in
                    let account = try Account.decode(row)
                    return SignIn(accountID: try account.requireID(), app: account.app, login: account.login,
                                  passwordHash: account.passwordHash, role: account.role, displayName: account.displayName,
                                  createdAt: account.createdAt, language: account.language, timeZone: account.timeZone,
                                  deactivatedAt: account.deactivatedAt, tokenID: try row.decode(column: "token_id", as: UUID.self),
                                  expiresAt: try row.decode(column: "token_expires_at", as: Date.self), sessionData: nil)
                }
        }
        return try await accept(found, app: app)
    }

    /// The account of a sign-in an app's own statement read (see `SignIn.BearerToken.sql`), after
    /// the same checks as `account(forToken:app:)`: nil when there was none, when it
    /// expired (the token is then deleted) or belongs to another app or a deactivated account.
    public func accept(_ found: SignIn?, app: String) async throws -> Account? {
        guard let found else { return nil }
        let now = clock.now
        guard found.expiresAt > now else {
            try await APIToken.query(on: database).filter(\.$id == found.tokenID).delete()
            return nil
        }
        return found.valid(at: now, app: app) ? found.account : nil
    }

    /// Revokes one token (logout from a device).
    public func revokeToken(_ token: String) async throws {
        try await APIToken.query(on: database).filter(\.$tokenHash == SecretToken.hash(token)).delete()
    }
}

/// A caller's account as a one-trip statement read it, with what proved who they are (a
/// bearer token or a browser session).
///
/// On PostgreSQL an app's hot statement can sign its caller in itself, so that a request
/// costs one round trip. `SignedInSQL` builds it: it starts with its source's `sql`
/// (`SignIn.BearerToken` for API calls, `SignIn.BrowserSession` for pages: the CTE
/// `signed_in`, one row when the secret is known), reads `SignIn.columns` first, guards
/// its own reads and writes with the account only while the sign-in is valid, and hands
/// what it read to `SignInCaller.signIn(_:roles:)`.
public struct SignIn: Sendable {
    // The account's columns as read; the Fluent model is made once, for the accepted sign-in
    // only (statements that return many rows repeat these on each).
    let accountID: UUID
    let app: String
    let login: String
    let passwordHash: String
    let role: String
    let displayName: String
    let createdAt: Date
    let language: String?
    let timeZone: String?
    let deactivatedAt: Date?
    /// The token's or the session record's id, and when it expires.
    let tokenID: UUID
    let expiresAt: Date
    /// The browser session's data (nil for a token).
    let sessionData: String?

    var isActive: Bool { deactivatedAt == nil }

    /// Whether this sign-in lets its account in to `app` now.
    func valid(at now: Date, app: String) -> Bool {
        expiresAt > now && self.app == app && isActive
    }

    /// The signed-in account, as a model.
    public var account: Account {
        let account = Account(id: accountID, app: app, login: login, passwordHash: passwordHash, role: role,
                              displayName: displayName, createdAt: createdAt)
        account.language = language
        account.timeZone = timeZone
        account.deactivatedAt = deactivatedAt
        account.$id.exists = true
        return account
    }

    /// The account's columns of `signed_in`'s select list, shared by both sources.
    static let accountColumns = """
        a.id, a.app, a.login, a.password_hash, a.role, a.display_name, a.created_at, a.language, a.time_zone, a.deactivated_at
        """

    /// An API caller's bearer token. Statements that start with its `sql` bind the token's
    /// hash to `$1`, the clock's now to `$2` and the app to `$3` (`SignInCaller.bindings`);
    /// their own parameters start at `$4`.
    public enum BearerToken: SignInSource {
        public static let name = "token"
        public static let sql = """
            WITH signed_in AS (
                SELECT \(signedIn(now: "$2", app: "$3"))
                FROM kernel_api_tokens t JOIN kernel_accounts a ON a.id = t.account_id
                WHERE t.token_hash = $1)
            """

        /// `sql` for a statement that serves many callers at once (`Batcher`): the CTE
        /// `signed_in` over the relation `input`, whose columns `n` (the caller's number),
        /// `secret_hash`, `now` and `app` are what `$1`–`$3` are to `sql`. It has a row, with
        /// `n`, for each caller whose token is known; `valid` and `SignIn.columns` as in `sql`.
        public static func sql(forEachOf input: String) -> String {
            """
            signed_in AS (
                SELECT i.n, \(signedIn(now: "i.now", app: "i.app"))
                FROM \(input) i JOIN kernel_api_tokens t ON t.token_hash = i.secret_hash JOIN kernel_accounts a ON a.id = t.account_id)
            """
        }

        /// The select list of `signed_in` over tokens `t` and their accounts `a`, valid at `now` for `app`.
        private static func signedIn(now: String, app: String) -> String {
            """
            \(SignIn.accountColumns), t.id AS token_id, t.expires_at AS token_expires_at,
                   NULL::text AS session_data,
                   (t.expires_at > \(now) AND a.app = \(app) AND a.deactivated_at IS NULL) AS valid
            """
        }
    }

    /// A browser's session cookie, with the same parameters. The session holds the
    /// account of each app it is signed in to under `account.<app>`.
    public enum BrowserSession: SignInSource {
        public static let name = "session"
        public static let sql = """
            WITH signed_in AS (
                SELECT \(SignIn.accountColumns), s.id AS token_id, s.expires_at AS token_expires_at,
                       s.data AS session_data,
                       (s.expires_at > $2 AND a.app = $3 AND a.deactivated_at IS NULL) AS valid
                FROM kernel_web_sessions s JOIN kernel_accounts a ON a.id = (s.data::jsonb ->> ('account.' || $3))::uuid
                WHERE s.token_hash = $1)
            """
    }

    /// How many columns `columns` names: a statement that returns many rows can pass over
    /// them (`PostgresColumns.skip`) on all rows but the first.
    public static let columnCount = columns.split(separator: ",").count
    /// The columns `decode(_:)` reads, in its order.
    public static let columns = """
        signed_in.id, signed_in.app, signed_in.login, signed_in.password_hash, signed_in.role, signed_in.display_name,
        signed_in.created_at, signed_in.language, signed_in.time_zone, signed_in.deactivated_at, signed_in.token_id,
        signed_in.token_expires_at, signed_in.session_data
        """
    /// The signed-in account's id while its sign-in is valid, NULL otherwise: the guard of
    /// every read and write made in the same statement.
    public static let accountID = "(SELECT id FROM signed_in WHERE valid)"
    /// The statement's parameter types up to `$3`.
    public static let bindingDataTypes: [PostgresDataType] = [.text, .timestamptz, .text]

    /// Reads `columns` from the front of a row.
    public static func decode(_ cells: inout PostgresColumns) throws -> SignIn {
        SignIn(accountID: try cells.next(), app: try cells.next(), login: try cells.next(), passwordHash: try cells.next(),
               role: try cells.next(), displayName: try cells.next(), createdAt: try cells.next(), language: try cells.next(),
               timeZone: try cells.next(), deactivatedAt: try cells.next(), tokenID: try cells.next(), expiresAt: try cells.next(),
               sessionData: try cells.next())
    }

    /// `$1`–`$3` of a source's `sql`, with room for `capacity` more.
    static func bindings(secretHash: String, now: Date, app: String, capacity: Int = 0) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3 + capacity)
        bindings.append(secretHash)
        bindings.append(now)
        bindings.append(app)
        return bindings
    }

    /// The kernel's own sign-in: the CTE alone.
    struct Statement: PostgresPreparedStatement {
        static let name = "kernel_token_sign_in"
        static let sql = SignIn.BearerToken.sql + " SELECT \(SignIn.columns) FROM signed_in"
        static let bindingDataTypes = SignIn.bindingDataTypes
        typealias Row = SignIn

        let tokenHash: String
        let now: Date
        let app: String

        func makeBindings() throws -> PostgresBindings {
            SignIn.bindings(secretHash: tokenHash, now: now, app: app)
        }

        func decodeRow(_ row: PostgresRow) throws -> SignIn {
            var cells = PostgresColumns(row)
            return try SignIn.decode(&cells)
        }
    }
}

/// Where a one-trip statement's caller proves who they are: `SignIn.BearerToken` or
/// `SignIn.BrowserSession`. A statement written for both is generic over its source and
/// named after it (each source's SQL is a prepared statement of its own).
public protocol SignInSource: Sendable {
    /// `WITH signed_in AS (…)`: the secret's hash in `$1`, the clock's now in `$2`, the app in `$3`.
    static var sql: String { get }
    /// A short name for statement names.
    static var name: String { get }
}
