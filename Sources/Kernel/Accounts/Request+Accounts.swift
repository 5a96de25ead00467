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
        Self.isAPIPath(urlPath)
    }

    /// `url.path`, worked out once: Vapor's `URI.path` decodes the address again on every
    /// read, and the kernel's middleware and sign-in read it four times on an API call
    /// (each about 1.7 % of saving a Znoshka answer's CPU; perf, bench/znoshka).
    public var urlPath: String {
        if let path = storage[URLPathKey.self] { return path }
        let path = url.path
        storage[URLPathKey.self] = path
        return path
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

    /// The caller of this request, for a store (`ServiceContext.fastPath`) that may sign
    /// them in inside its own statement: with the bearer token of an API call or the
    /// session cookie of a page as its credential, and the request's own sign-in for the
    /// portable path. Session cookies never sign in API calls, as in `currentAccount(in:)`.
    public func caller(in app: AppDescriptor) -> SignInCaller {
        SignInCaller(app: app.id, credential: oneTripCredential(in: app),
                     portable: { roles in try await self.requireAccount(in: app, roles: roles) },
                     accept: { found in try await self.accept(found, in: app) })
    }

    /// The secret a statement can sign this request in with: nil without one, or once the
    /// request has signed in another way (its account is known; reading it again is waste).
    private func oneTripCredential(in app: AppDescriptor) -> SignInCaller.Credential? {
        guard !hasSignedIn(to: app) else { return nil }
        if isAPIRequest {
            return bearerToken.map { SignInCaller.Credential(source: SignIn.BearerToken.self, secret: $0) }
        }
        guard let cookie = cookie(WebSessionMiddleware.cookieName), !cookie.isEmpty, storage[WebSessionKey.self] == nil else { return nil }
        return SignInCaller.Credential(source: SignIn.BrowserSession.self, secret: cookie)
    }

    /// What a statement read of this request's sign-in, checked as `requireAccount` checks
    /// (a 401 when unknown, expired, revoked, of another app or of a deactivated account),
    /// and remembered for the rest of the request.
    private func accept(_ found: SignIn?, in app: AppDescriptor) async throws -> Account {
        let account: Account
        if isAPIRequest {
            guard let accepted = try await accounts.accept(found, app: app.id) else { throw AppError.unauthenticated }
            account = accepted
        } else {
            guard let found, found.valid(at: kernel.clock.now, app: app.id) else { throw AppError.unauthenticated }
            storage[WebSessionKey.self] = WebSession(recordID: found.tokenID, json: found.sessionData ?? "{}", expiresAt: found.expiresAt)
            account = found.account
        }
        remember(account, as: "account.\(app.id)")
        return account
    }

    func hasSignedIn(to app: AppDescriptor) -> Bool {
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

    /// The API caller's account, for a middleware that must know it before the handler runs
    /// (`IdempotencyMiddleware`'s scope). Read without signing the request in, so that a
    /// store's one-trip statement still signs the caller in itself (`caller(in:)`); as
    /// `currentAccount`, it would send every keyed request down the portable path.
    func apiAccountWithoutSigningIn(in app: AppDescriptor) async throws -> Account? {
        if let known = storage[CurrentAccountsKey.self]?["account.\(app.id)"] { return known }
        return try await tokenAccount(in: app)
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

/// The caller of a request, not yet signed in, as a store sees it (`Request.caller(in:)`).
///
/// A portable store signs them in the usual way (`account(roles:)`, `person(_:roles:on:)`).
/// A PostgreSQL store may instead send the `credential` in its own statement
/// (`SignedInSQL`) and hand what the statement read to `signIn(_:roles:)`: the same checks,
/// the same 401 or 403, one round trip fewer. Without a credential it signs in the usual way.
public struct SignInCaller: Sendable {
    public let app: String
    /// The secret to sign in with inside a statement; nil when the request has none or has
    /// already signed in.
    public let credential: Credential?
    let portable: @Sendable (Set<String>?) async throws -> Account
    let accept: @Sendable (SignIn?) async throws -> Account

    /// A bearer token or a session cookie, and which `signed_in` CTE checks it.
    public struct Credential: Sendable {
        /// Which `signed_in` CTE the statement starts with (`SignedInSQL`).
        public let source: any SignInSource.Type
        let secret: String

        /// What the statements look the secret up by (`secret_hash` of a batch's `input`).
        public var secretHash: String { SecretToken.hash(secret) }

        public var isBearerToken: Bool { source == SignIn.BearerToken.self }

        /// `$1`–`$3` of the source's `sql` for `app`, with room for `capacity` more.
        public func bindings(app: String, now: Date, capacity: Int) -> PostgresBindings {
            SignIn.bindings(secretHash: secretHash, now: now, app: app, capacity: capacity)
        }
    }

    /// The account, signed in the usual way: a 401 without a sign-in, a 403 when its role
    /// is not one of `roles` (any role when nil).
    public func account(roles: Set<String>? = nil) async throws -> Account {
        try await portable(roles)
    }

    /// The app's person, signed in the usual way (`account(roles:)`).
    public func person<P: SignedInPerson>(_ type: P.Type, roles: Set<String>? = nil, on db: any Database) async throws -> P {
        try await P(account: try await account(roles: roles), on: db)
    }

    /// The account of what a statement read with `credential` (nil: the secret is
    /// unknown): a 401 unless it lets the caller in, a 403 unless its role is one of `roles`.
    public func signIn(_ found: SignIn?, roles: Set<String>? = nil) async throws -> Account {
        let account = try await accept(found)
        if let roles, !roles.contains(account.role) { throw AppError.forbidden }
        return account
    }
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

private struct URLPathKey: StorageKey {
    typealias Value = String
}
