import Fluent
import Foundation
import Vapor

/// "Type your password again" for changes that need it (the Smart Shelter director's, say):
/// a confirmation holds for a short window on the credential it was made with — one
/// browser session or one API token — so a session left open elsewhere, or a stolen
/// token, does not inherit it.
public struct PasswordConfirmations: Sendable {
    /// How long a confirmation holds.
    public static let window: TimeInterval = 5 * 60

    let accounts: AccountService
    let database: any Database
    let clock: any WallClock

    /// The 403 for a change made without a recent confirmation.
    public static let required = AppError(.forbidden, code: "password_confirmation_required", key: "account.confirmation_required")

    /// Checks `password` (a wrong one is throttled like a failed sign-in, as
    /// `AccountService.confirm`) and starts the window on `credential`.
    public func confirm(_ password: String, of account: Account, on credential: Credential, address: String) async throws {
        try await accounts.confirm(password, of: account, field: "password", key: "auth.wrong_password", address: address)
        let key = Self.key(credential)
        let now = clock.now
        try await database.writeTransaction { db in
            try await PasswordConfirmationRecord.query(on: db).filter(\.$id == key).delete()
            try await PasswordConfirmationRecord(key: key, accountID: account.requireID(), at: now).create(on: db)
        }
    }

    /// When the window on `credential` ends, if it is open for `account`.
    public func openUntil(for account: Account, on credential: Credential?) async throws -> Date? {
        guard let credential else { return nil }
        guard let record = try await PasswordConfirmationRecord.find(Self.key(credential), on: database),
              try record.accountID == account.requireID() else { return nil }
        let end = record.confirmedAt.addingTimeInterval(Self.window)
        return end > clock.now ? end : nil
    }

    /// Ends the window on `credential` (signing out, say).
    public func close(_ credential: Credential) async throws {
        try await PasswordConfirmationRecord.query(on: database).filter(\.$id == Self.key(credential)).delete()
    }

    /// Tokens are stored hashed, as the tokens themselves are; a session by its record's id.
    static func key(_ credential: Credential) -> String {
        switch credential {
        case .token(let token): "token:" + SecretToken.hash(token)
        case .session(let id): "session:" + id.uuidString.lowercased()
        }
    }
}

extension Request {
    /// Password confirmations on this request's database and the kernel's clock.
    public var passwordConfirmations: PasswordConfirmations {
        PasswordConfirmations(accounts: accounts, database: db, clock: kernel.clock)
    }

    /// When the password confirmation of this request's credential ends, if one is open.
    public func passwordConfirmedUntil(_ account: Account) async throws -> Date? {
        try await passwordConfirmations.openUntil(for: account, on: credential())
    }

    /// Confirms the signed-in person's password on this request's credential.
    public func confirmPassword(_ password: String, of account: Account) async throws {
        guard let credential = try await credential() else { throw AppError.unauthenticated }
        try await passwordConfirmations.confirm(password, of: account, on: credential, address: clientAddress)
    }
}

final class PasswordConfirmationRecord: Model, @unchecked Sendable {
    static let schema = "kernel_password_confirmations"
    @ID(custom: "credential_hash", generatedBy: .user) var id: String?
    @Field(key: "account_id") var accountID: UUID
    @Field(key: "confirmed_at") var confirmedAt: Date

    init() {}

    init(key: String, accountID: UUID, at now: Date) {
        self.id = key
        self.accountID = accountID
        self.confirmedAt = now
    }
}
