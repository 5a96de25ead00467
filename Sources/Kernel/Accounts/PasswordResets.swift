import Fluent
import Foundation
import SQLKit
import Vapor

/// A way back into an account whose password is forgotten: an e-mailed link's token or a
/// code staff issued, stored only as a hash, valid for `PasswordResets.lifetime`, used once.
final class PasswordResetRecord: Model, @unchecked Sendable {
    static let schema = "kernel_password_resets"

    @ID(key: .id) var id: UUID?
    @Field(key: "account_id") var accountID: UUID
    @Enum(key: "kind") var kind: Kind
    @Field(key: "secret_hash") var secretHash: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @Field(key: "failed_attempts") var failedAttempts: Int
    /// Who issued a code (nil for a link the person asked for).
    @OptionalField(key: "issued_by") var issuedBy: UUID?

    enum Kind: String, Codable { case link, code }

    init() {}

    init(accountID: UUID, kind: Kind, secretHash: String, createdAt: Date, expiresAt: Date, issuedBy: UUID? = nil) {
        self.accountID = accountID
        self.kind = kind
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.failedAttempts = 0
        self.issuedBy = issuedBy
    }
}

/// A one-time reset code as staff see it on screen.
public struct IssuedResetCode: Sendable {
    public let code: String
    public let expiresAt: Date
}

/// Password reset: by an e-mailed single-use link (e-mail apps), or by a one-time code that
/// staff issue and the person types in (apps whose people have only a phone). Using either
/// sets the new password and ends every session and token of the account.
public struct PasswordResets: Sendable {
    /// How long a link or a code works.
    public static let lifetime: TimeInterval = 30 * 60
    /// Links sent to one account within `lifetime`; more requests send nothing (and are
    /// answered the same), so nobody can flood a person's mailbox.
    public static let linksPerLifetime = 3
    /// Wrong codes typed for one account before its code stops working.
    public static let codeAttempts = 5

    let database: any Database
    let clock: any WallClock
    let accounts: AccountService
    let mailer: Mailer

    public init(database: any Database, clock: any WallClock, accounts: AccountService, mailer: Mailer) {
        self.database = database
        self.clock = clock
        self.accounts = accounts
        self.mailer = mailer
    }

    // MARK: E-mailed links

    /// E-mails a reset link to the account of `email` in `app`, if there is one. Says
    /// nothing either way: the caller answers the same whether or not it exists.
    /// `mail(token)` writes the message in the person's language.
    public func sendLink(app: String, email: String, mail: @Sendable (Account, String) -> OutgoingMail) async throws {
        guard let account = try await Account.query(on: database).filter(\.$app == app).filter(\.$login == email).first(),
              account.isActive, (try? MailAddress(parsing: account.login)) != nil else { return }
        let accountID = try account.requireID()
        let now = clock.now
        let recent = try await PasswordResetRecord.query(on: database).filter(\.$accountID == accountID)
            .filter(\.$kind == .link).filter(\.$createdAt > now.addingTimeInterval(-Self.lifetime)).count()
        guard recent < Self.linksPerLifetime else { return }
        let token = SecretToken.generate()
        let message = mail(account, token)
        let mailer = self.mailer
        // The link and its mail are written together: a mail is never sent for a link that
        // was not saved, and a saved link always has its mail in the outbox.
        try await database.writeTransaction { db in
            try await PasswordResetRecord(accountID: accountID, kind: .link, secretHash: SecretToken.hash(token), createdAt: now,
                                          expiresAt: now.addingTimeInterval(Self.lifetime)).create(on: db)
            try await mailer.enqueue(message, on: db)
        }
    }

    /// The account a link's token opens, or a 410 when it is unknown, used or expired.
    public func account(forLink token: String, app: String) async throws -> Account {
        let (_, account) = try await openLink(token, app: app)
        return account
    }

    /// Sets the new password with a link's token; the token is used up.
    public func reset(withLink token: String, app: String, newPassword: String) async throws {
        let (record, account) = try await openLink(token, app: app)
        try await setPassword(newPassword, of: account, using: record, invalid: Self.invalidLink)
    }

    private func openLink(_ token: String, app: String) async throws -> (PasswordResetRecord, Account) {
        guard !token.isEmpty, let record = try await PasswordResetRecord.query(on: database)
                .filter(\.$secretHash == SecretToken.hash(token)).filter(\.$kind == .link).first(),
              isOpen(record), let account = try await Account.find(record.accountID, on: database),
              account.app == app, account.isActive else {
            throw Self.invalidLink
        }
        return (record, account)
    }

    public static let invalidLink = AppError(.gone, code: "reset_token_invalid", key: "account.reset.link_invalid")

    // MARK: Codes issued by staff

    /// A new one-time code for `account`, issued by `issuer` (whose right to do so the app
    /// has checked), written to the audit log. Earlier codes of the account stop working.
    public func issueCode(for account: Account, by issuer: Account) async throws -> IssuedResetCode {
        let accountID = try account.requireID(), issuerID = try issuer.requireID()
        let code = String(format: "%08d", UInt32.random(in: 0..<100_000_000))
        let now = clock.now, expiresAt = now.addingTimeInterval(Self.lifetime)
        try await database.writeTransaction { db in
            try await Self.closeOpenResets(of: accountID, kind: .code, at: now, on: db)
            try await PasswordResetRecord(accountID: accountID, kind: .code, secretHash: Self.codeHash(code, accountID),
                                          createdAt: now, expiresAt: expiresAt, issuedBy: issuerID).create(on: db)
            try await AuditLog(app: account.app, clock: clock).record(
                "account.reset_code_issued", entityType: "account", entityID: accountID.uuidString, actor: issuerID,
                after: ["expiresAt": expiresAt.timeIntervalSince1970], on: db)
        }
        return IssuedResetCode(code: code, expiresAt: expiresAt)
    }

    /// Sets the new password with a code staff issued for the account of `login`. A wrong
    /// code counts as a failed sign-in (throttled like one), and after `codeAttempts` the
    /// code stops working.
    public func reset(withCode code: String, login: String, app: String, newPassword: String, address: String) async throws {
        let reservation = try await accounts.throttle.reserve(app: app, identifier: login, address: address)
        let account = try await Account.query(on: database).filter(\.$app == app).filter(\.$login == login).first()
        let accountID = try account?.requireID()
        let open = if let accountID { try await openCodes(of: accountID) } else { [PasswordResetRecord]() }
        let typedHash = accountID.map { Self.codeHash(code.filter { !$0.isWhitespace }, $0) } ?? ""
        guard let account, account.isActive,
              let record = open.first(where: { SecretToken.constantTimeEquals($0.secretHash, typedHash) }) else {
            try await accounts.throttle.failed(reservation)
            for record in open {
                record.failedAttempts += 1
                if record.failedAttempts >= Self.codeAttempts { record.usedAt = clock.now }
                try await record.save(on: database)
            }
            throw Self.invalidCode
        }
        do {
            try await setPassword(newPassword, of: account, using: record, invalid: Self.invalidCode)
        } catch {
            // A new password the rules refuse is no wrong code: the attempt does not count.
            try? await accounts.throttle.release(reservation)
            throw error
        }
        try await accounts.throttle.succeeded(reservation)
    }

    private func openCodes(of accountID: UUID) async throws -> [PasswordResetRecord] {
        try await PasswordResetRecord.query(on: database).filter(\.$accountID == accountID).filter(\.$kind == .code)
            .all().filter(isOpen)
    }

    public static let invalidCode = AppError(.gone, code: "reset_code_invalid", key: "account.reset.code_invalid")

    /// The stored form of a code: short codes are salted with their account, so equal
    /// codes of two accounts differ and the unique index never collides.
    static func codeHash(_ code: String, _ accountID: UUID) -> String {
        SecretToken.hash("\(accountID.uuidString):\(code)")
    }

    // MARK: Both

    private func isOpen(_ record: PasswordResetRecord) -> Bool {
        record.usedAt == nil && record.expiresAt > clock.now
    }

    /// Uses `record` up and sets the password, ending every credential of the account, in
    /// one transaction. Of two requests using one record at once only one gets through:
    /// the record is claimed by a conditional update.
    private func setPassword(_ password: String, of account: Account, using record: PasswordResetRecord, invalid: AppError) async throws {
        let hash = try await accounts.hashPassword(password)
        let now = clock.now, recordID = try record.requireID(), accountID = try account.requireID()
        try await database.writeTransaction { db in
            let claimed = try await db.sql.update(PasswordResetRecord.schema)
                .set("used_at", to: now).where("id", .equal, recordID).where("used_at", .is, SQLLiteral.null)
                .returning("id").all()
            guard !claimed.isEmpty else { throw invalid }
            try await Self.closeOpenResets(of: accountID, kind: nil, at: now, on: db)
            account.passwordHash = hash
            try await account.save(on: db)
            try await AccountService.endCredentials(of: account, on: db)
        }
    }

    /// Marks every unused reset of the account (of one kind, or all) used.
    private static func closeOpenResets(of accountID: UUID, kind: PasswordResetRecord.Kind?, at now: Date, on db: any Database) async throws {
        var query = PasswordResetRecord.query(on: db).filter(\.$accountID == accountID).filter(\.$usedAt == nil)
        if let kind { query = query.filter(\.$kind == kind) }
        try await query.set(\.$usedAt, to: now).update()
    }
}

extension Request {
    /// Password resets bound to this request's database.
    public var passwordResets: PasswordResets {
        PasswordResets(database: db, clock: kernel.clock, accounts: accounts, mailer: mailer)
    }
}
