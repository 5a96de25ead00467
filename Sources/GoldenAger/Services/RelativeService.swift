import Fluent
import Foundation
import Kernel
import SQLKit

/// A relative helps a pensioner: the pensioner's profile shows a short code, the relative
/// types it with the pensioner's phone number, and from then on may order, change and
/// cancel help for them and sees who is coming. Either side may undo the link. Typing the
/// code is the pensioner's confirmation; it is stored only as a hash, lives an hour, and a
/// few wrong guesses spoil it.
public struct RelativeService: Sendable {
    let context: GoldenAgerContext
    var db: any Database { context.db }

    public static let codeLifetime: TimeInterval = 60 * 60
    /// Wrong codes typed for one pensioner before their code stops working.
    public static let codeAttempts = 5

    public struct IssuedCode: Sendable {
        /// Six digits, shown in two groups of three.
        public let code: String
        public let expiresAt: Date
    }

    /// A new code on the pensioner's profile; an earlier one stops working.
    public func issueCode(by member: Member) async throws -> IssuedCode {
        try member.require(.pensioner)
        let code = String(format: "%06d", UInt32.random(in: 0..<1_000_000))
        let expiresAt = context.clock.now.addingTimeInterval(Self.codeLifetime)
        let pensionerID = member.id
        try await db.writeTransaction { db in
            try await RelativeCode.query(on: db).filter(\.$id == pensionerID).delete()
            try await RelativeCode(pensionerID: pensionerID, codeHash: Self.hash(code, pensionerID), expiresAt: expiresAt).create(on: db)
        }
        return IssuedCode(code: code, expiresAt: expiresAt)
    }

    /// Links the relative to the pensioner of `phone` when `code` is theirs. A wrong
    /// phone and a wrong code are answered alike, so nobody learns who uses the app.
    /// Linking twice is no error.
    @discardableResult
    public func link(pensionerPhone phone: String?, code: String?, by member: Member) async throws -> Profile {
        try member.require(.relative)
        var validator = Validator()
        let login = LoginKind.phone.validate(phone, into: &validator)
        let typed = validator.text("code", code, maxLength: 20)?.filter(\.isNumber)
        try validator.throwIfInvalid()
        let wrong = AppError.validation([FieldError(field: "code", key: "ga.relatives.code_wrong")])
        guard let login, let typed,
              let pensioner = try await Profile.query(on: db).filter(\.$phone == login).filter(\.$role == GARole.pensioner.rawValue).first(),
              let pensionerID = pensioner.id
        else { throw wrong }
        let now = context.clock.now, relativeID = member.id
        let linked = try await db.writeTransaction { db -> Bool in
            // Claiming the code and linking are one step: a code links one relative, once.
            let claimed = try await db.sql.delete(from: RelativeCode.schema)
                .where("pensioner_id", .equal, SQLBind(pensionerID)).where("code_hash", .equal, SQLBind(Self.hash(typed, pensionerID)))
                .where("expires_at", .greaterThan, SQLBind(now)).where("failed_attempts", .lessThan, SQLBind(Self.codeAttempts))
                .returning("pensioner_id").all()
            guard !claimed.isEmpty else { return false }
            if try await Self.isLinked(relative: relativeID, pensioner: pensionerID, on: db) { return true }
            try await RelativeLink(pensionerID: pensionerID, relativeID: relativeID, createdAt: now).create(on: db)
            try await context.audit.record("relative.linked", entityType: "profile", entityID: pensionerID.uuidString, actor: relativeID,
                                           after: ["relativeId": relativeID.uuidString], on: db)
            return true
        }
        guard linked else {
            try await db.sql.update(RelativeCode.schema).set("failed_attempts", to: SQLRaw("failed_attempts + 1"))
                .where("pensioner_id", .equal, SQLBind(pensionerID)).run()
            throw wrong
        }
        try await context.events.publish(topic: GoldenAgerEvents.account(pensionerID), name: "relative.linked",
                                         payload: RelativePayload(relativeId: relativeID), at: now, on: db)
        return pensioner
    }

    /// Ends a link from either side: a pensioner removes a relative, a relative a pensioner.
    public func unlink(_ otherID: UUID, by member: Member) async throws {
        try member.require(.pensioner, .relative)
        let (pensionerID, relativeID) = member.role == .pensioner ? (member.id, otherID) : (otherID, member.id)
        let removed = try await db.writeTransaction { db -> Bool in
            let rows = try await db.sql.delete(from: RelativeLink.schema)
                .where("pensioner_id", .equal, SQLBind(pensionerID)).where("relative_id", .equal, SQLBind(relativeID))
                .returning("id").all()
            guard !rows.isEmpty else { return false }
            try await context.audit.record("relative.unlinked", entityType: "profile", entityID: pensionerID.uuidString, actor: member.id,
                                           before: ["relativeId": relativeID.uuidString], on: db)
            return true
        }
        guard removed else { throw AppError.notFound(code: "relative_not_found", key: "ga.relatives.not_found") }
    }

    /// A pensioner's relatives, or a relative's pensioners, in the alphabet's order.
    public func linkedPeople(of member: Member, in language: Language) async throws -> [Profile] {
        let ids: [UUID]
        switch member.role {
        case .pensioner: ids = try await Self.relativeIDs(of: member.id, on: db)
        case .relative: ids = try await Self.pensionerIDs(of: member.id, on: db)
        default: throw AppError.forbidden
        }
        guard !ids.isEmpty else { return [] }
        let people = try await Profile.query(on: db).filter(\.$id ~~ ids).all()
        return people.sorted(byName: \.fullName, in: language)
    }

    /// The pensioner a task is ordered for: oneself, (for a relative) one linked to them,
    /// or (for a coordinator on the phone) one of their cities — anyone else is not found.
    func pensioner(for member: Member, _ pensionerID: UUID?) async throws -> Profile {
        switch member.role {
        case .pensioner:
            guard pensionerID == nil || pensionerID == member.id else { throw Self.pensionerNotFound }
            return try member.requireProfile()
        case .relative:
            guard let pensionerID else {
                throw AppError.validation([FieldError(field: "pensionerId", key: "ga.relatives.choose_pensioner")])
            }
            guard try await Self.isLinked(relative: member.id, pensioner: pensionerID, on: db),
                  let pensioner = try await Profile.find(pensionerID, on: db) else { throw Self.pensionerNotFound }
            return pensioner
        case .coordinator, .admin:
            guard let pensionerID else {
                throw AppError.validation([FieldError(field: "pensionerId", key: "ga.relatives.choose_pensioner")])
            }
            return try await context.operators.pensioner(pensionerID, for: member)
        default:
            throw AppError.forbidden
        }
    }

    /// The pensioners whose tasks `member` may act on: themselves, or a relative's linked ones.
    func pensionersActedFor(by member: Member) async throws -> [UUID] {
        switch member.role {
        case .pensioner: [member.id]
        case .relative: try await Self.pensionerIDs(of: member.id, on: db)
        default: []
        }
    }

    static let pensionerNotFound = AppError.notFound(code: "pensioner_not_found", key: "ga.relatives.not_found")

    static func isLinked(relative: UUID, pensioner: UUID, on db: any Database) async throws -> Bool {
        try await RelativeLink.query(on: db).filter(\.$relativeID == relative).filter(\.$pensionerID == pensioner).count() > 0
    }

    static func relativeIDs(of pensioner: UUID, on db: any Database) async throws -> [UUID] {
        try await RelativeLink.query(on: db).filter(\.$pensionerID == pensioner).all(\.$relativeID)
    }

    static func pensionerIDs(of relative: UUID, on db: any Database) async throws -> [UUID] {
        try await RelativeLink.query(on: db).filter(\.$relativeID == relative).all(\.$pensionerID)
    }

    /// Codes are salted with their pensioner: six digits alone would collide across people.
    static func hash(_ code: String, _ pensionerID: UUID) -> String {
        SecretToken.hash("relative:\(pensionerID.uuidString):\(code)")
    }

    struct RelativePayload: Codable, Sendable {
        let relativeId: UUID
    }
}
