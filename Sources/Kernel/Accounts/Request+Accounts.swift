import Fluent
import FluentPostgresDriver
import Vapor

extension Request {
    /// Account services bound to this request's database and the kernel's clock.
    public var accounts: AccountService {
        services.accounts
    }

    /// The client's address, for throttling: the connection's peer, or — when the peer
    /// is one of `HROMADA_TRUSTED_PROXIES` — the address those proxies forwarded in
    /// `X-Forwarded-For` (see `ClientAddress.resolve`).
    public var clientAddress: String {
        ClientAddress.resolve(peer: remoteAddress?.ipAddress, forwardedFor: headers[.xForwardedFor],
                              trusted: kernel.configuration.trustedProxies)
    }

    /// Whether this request is for an app's JSON API, `/<app>/api/…` (answered with problem
    /// documents, authenticated by bearer tokens only, so exempt from CSRF checks). Only
    /// the second path segment counts: a page whose path merely contains "api" further
    /// down is a web page and keeps its CSRF protection.
    public var isAPIRequest: Bool {
        Self.isAPIPath(url.path)
    }

    static func isAPIPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: true)
        return segments.count >= 2 && segments[1] == "api"
    }

    /// The bearer token sent with an API request.
    public var bearerToken: String? {
        headers.bearerAuthorization?.token
    }

    /// The signed-in account for `app`: from the bearer token on API routes, from the
    /// browser session elsewhere. Session cookies never authenticate API calls, which is
    /// what keeps the API free of CSRF.
    public func currentAccount(in app: AppDescriptor) async throws -> Account? {
        let cacheKey = "account.\(app.id)"
        if let cached = storage[CurrentAccountsKey.self]?[cacheKey] { return cached }
        let account: Account?
        if isAPIRequest {
            account = try await tokenAccount(in: app)
        } else {
            account = try await sessionAccount(in: app)
        }
        if let account {
            remember(account, as: cacheKey)
        }
        return account
    }

    /// The signed-in account, or a 401 (no account) / 403 (wrong role).
    public func requireAccount(in app: AppDescriptor, roles: Set<String>? = nil) async throws -> Account {
        guard let account = try await currentAccount(in: app) else { throw AppError.unauthenticated }
        if let roles, !roles.contains(account.role) { throw AppError.forbidden }
        return account
    }

    /// The caller of an API request that carries a bearer token, for a service whose
    /// statement signs the caller in itself (`SignIn.BearerToken`); nil on web pages, without a
    /// token, or once the request has signed in another way.
    public func tokenCaller(in app: AppDescriptor) -> SignInCaller? {
        guard isAPIRequest, let token = bearerToken, !hasSignedIn(to: app) else { return nil }
        return SignInCaller(source: SignIn.BearerToken.self, secret: token, app: app.id) { found in
            guard let account = try await self.accounts.accept(found, app: app.id) else { throw AppError.unauthenticated }
            self.remember(account, as: "account.\(app.id)")
            return account
        }
    }

    /// The caller of an API request (its bearer token) or of a page (its session cookie),
    /// for a service whose statement signs the caller in itself; nil without either, or
    /// once the request has signed in another way.
    public func signInCaller(in app: AppDescriptor) -> SignInCaller? {
        if isAPIRequest { return tokenCaller(in: app) }
        guard let cookie = cookie(WebSessionMiddleware.cookieName), !cookie.isEmpty,
              storage[WebSessionKey.self] == nil, !hasSignedIn(to: app) else { return nil }
        return SignInCaller(source: SignIn.BrowserSession.self, secret: cookie, app: app.id) { found in
            // Unknown, expired, signed out of this app or deactivated: not signed in.
            guard let found, found.valid(at: self.kernel.clock.now, app: app.id) else { throw AppError.unauthenticated }
            self.storage[WebSessionKey.self] = WebSession(recordID: found.tokenID, json: found.sessionData ?? "{}", expiresAt: found.expiresAt)
            let account = found.account
            self.remember(account, as: "account.\(app.id)")
            return account
        }
    }

    private func hasSignedIn(to app: AppDescriptor) -> Bool {
        storage[CurrentAccountsKey.self]?["account.\(app.id)"] != nil
    }

    /// What this request is signed in with: the bearer token on API routes, the browser
    /// session's record elsewhere (nil when there is none yet).
    public func credential() async throws -> Credential? {
        if isAPIRequest { return bearerToken.map(Credential.token) }
        return try await webSessionID().map(Credential.session)
    }

    /// Signs `account` in to its app in this browser, with a fresh session id, and
    /// makes its saved language this browser's language.
    public func logIn(_ account: Account) async throws {
        let session = try await webSession()
        session.regenerateID()
        session["account.\(account.app)"] = try account.requireID().uuidString
        remember(account, as: "account.\(account.app)")
        if let language = account.preferredLanguage {
            storage[ChosenLanguageKey.self] = language
        }
    }

    /// Signs the browser out of one app.
    public func logOut(from app: AppDescriptor) async throws {
        let session = try await webSession()
        session["account.\(app.id)"] = nil
        var known = storage[CurrentAccountsKey.self] ?? [:]
        known["account.\(app.id)"] = nil
        storage[CurrentAccountsKey.self] = known
    }

    private func remember(_ account: Account, as key: String) {
        var known = storage[CurrentAccountsKey.self] ?? [:]
        known[key] = account
        storage[CurrentAccountsKey.self] = known
    }

    /// The accounts signed in through this browser's session, in any app.
    func sessionAccountIDs() async throws -> [UUID] {
        guard cookie(WebSessionMiddleware.cookieName) != nil else { return [] }
        let session = try await webSession()
        return session.snapshot.data.filter { $0.key.hasPrefix("account.") }.compactMap { UUID(uuidString: $0.value) }
    }

    private func tokenAccount(in app: AppDescriptor) async throws -> Account? {
        guard let token = bearerToken else { return nil }
        return try await accounts.account(forToken: token, app: app.id)
    }

    private func sessionAccount(in app: AppDescriptor) async throws -> Account? {
        guard cookie(WebSessionMiddleware.cookieName) != nil else { return nil }
        let session = try await webSession()
        guard let id = session["account.\(app.id)"].flatMap(UUID.init(uuidString:)) else { return nil }
        guard let account = try await Account.fetch(id, on: db), account.app == app.id, account.isActive else {
            session["account.\(app.id)"] = nil
            return nil
        }
        return account
    }
}

/// A caller not yet signed in: their secret (a bearer token or a session cookie), to be
/// checked by a service's own statement, and `signIn(_:)` for what that statement read —
/// the same checks as `Request.requireAccount` (a 401 when the secret is unknown, expired,
/// revoked, of another app or of a deactivated account), the account remembered for the
/// rest of the request.
public struct SignInCaller: Sendable {
    /// Which `signed_in` CTE the statement must start with.
    public let source: any SignInSource.Type
    let secret: String
    public let app: String
    let accept: @Sendable (SignIn?) async throws -> Account

    public func signIn(_ found: SignIn?) async throws -> Account {
        try await accept(found)
    }

    /// `signIn(_:)`, then a 403 unless the account has one of `roles`.
    public func signIn(_ found: SignIn?, roles: Set<String>) async throws -> Account {
        let account = try await accept(found)
        guard roles.contains(account.role) else { throw AppError.forbidden }
        return account
    }

    /// `$1`–`$3` of the source's `sql` for this caller, with room for `capacity` more.
    public func bindings(now: Date, capacity: Int) -> PostgresBindings {
        SignIn.bindings(secretHash: secretHash, now: now, app: app, capacity: capacity)
    }

    /// What the statements store and look the secret up by (`secret_hash` of an `input`).
    public var secretHash: String { SecretToken.hash(secret) }
}

struct CurrentAccountsKey: StorageKey {
    typealias Value = [String: Account]
}

/// An app's signed-in person: the account with the app's own profile of it (a volunteer,
/// a mover, a planner). `Request.signedIn(_:roles:)` finds one for any app the same way.
public protocol SignedInPerson: Sendable {
    /// The app the person belongs to.
    static var app: AppDescriptor { get }
    /// The person of `account`, with the app's profile read from `db`.
    init(account: Account, on db: any Database) async throws
}

/// A person whose app keeps one profile row per account, keyed by the account's id
/// (`account_id`): reading one is the same in every such app.
public protocol ProfiledPerson: SignedInPerson {
    associatedtype Profile: RowDecodable
    init(account: Account, profile: Profile)
}

extension ProfiledPerson {
    /// An account without the app's profile (made outside the app) is not signed in to it.
    public init(account: Account, on db: any Database) async throws {
        guard let profile = try await Profile.fetch(account.requireID(), idColumn: "account_id", on: db) else {
            throw AppError.unauthenticated
        }
        self.init(account: account, profile: profile)
    }
}

extension Request {
    /// The signed-in person of `P`'s app: a 401 without a sign-in, a 403 when their role
    /// is not one of `roles` (any role when nil).
    public func signedIn<P: SignedInPerson>(_ type: P.Type, roles: Set<String>? = nil) async throws -> P {
        try await P(account: try await requireAccount(in: P.app, roles: roles), on: db)
    }

    /// The signed-in person of `P`'s app, or nil when nobody is signed in to it.
    public func optionalSignedIn<P: SignedInPerson>(_ type: P.Type) async throws -> P? {
        guard let account = try await currentAccount(in: P.app) else { return nil }
        return try await P(account: account, on: db)
    }

    /// A UUID path parameter, or a 404 (with `code` and message `key`) when it is absent or
    /// not a UUID: an id that cannot exist names nothing.
    public func uuidParameter(_ name: String, notFound code: String = "not_found", key: String = "error.not_found") throws -> UUID {
        guard let id = parameters.get(name, as: UUID.self) else { throw AppError.notFound(code: code, key: key) }
        return id
    }
}
