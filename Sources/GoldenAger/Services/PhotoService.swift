import Crypto
import Fluent
import Foundation
import Kernel
import SQLKit

/// A volunteer's photo: a JPEG or PNG the kernel checks to be whole (`ImageCheck`), small
/// enough for a phone's card (the web page draws it down to `pageSide` before sending).
/// Seen by the volunteer, the coordinators of their organisation (when approving) and the
/// pensioner's side of a visit they accepted — the door check — and nobody else.
public struct VolunteerPhotoService: Sendable {
    public static let maxBytes = 512 * 1024
    public static let maxSide = 2000
    /// What the page's script (`photo-upload.js`, `data-scale`) draws the photo down to.
    public static let pageSide = 800

    let context: GoldenAgerContext
    var db: any Database { context.db }

    /// Keeps (or replaces) one's own photo. Audit-logged with its size and digest.
    public func upload(_ bytes: [UInt8]?, by member: Member) async throws {
        try member.require(.volunteer)
        var validator = Validator()
        let info = ImageCheck.check("photo", bytes, maxBytes: Self.maxBytes, maxSide: Self.maxSide, into: &validator)
        try validator.throwIfInvalid()
        guard let info, let bytes else { throw AppError.validation(validator.errors) }
        let record = try await VolunteerPhoto.find(member.id, on: db) ?? VolunteerPhoto()
        let replaced = record.id != nil
        record.id = member.id
        record.contentType = info.contentType
        record.data = Data(bytes)
        record.digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        record.uploadedAt = context.clock.now
        try await db.writeTransaction { [context] db in
            try await record.save(on: db)
            try await context.audit.record(replaced ? "volunteer.photo_replaced" : "volunteer.photo", entityType: "account",
                                           entityID: member.id.uuidString, actor: member.id,
                                           after: ["bytes": String(bytes.count), "size": "\(info.width)×\(info.height)", "sha256": record.digest], on: db)
        }
    }

    /// The photo of `volunteerID`, if `member` may see it; otherwise "not found".
    public func photo(of volunteerID: UUID, for member: Member) async throws -> VolunteerPhoto {
        let notFound = AppError.notFound(code: "photo_not_found", key: "ga.photo.not_found")
        guard try await maySee(volunteerID, member), let photo = try await VolunteerPhoto.find(volunteerID, on: db) else { throw notFound }
        return photo
    }

    /// Which of `volunteers` have a photo (for cards).
    func withPhotos(_ volunteers: some Collection<UUID>) async throws -> Set<UUID> {
        guard !volunteers.isEmpty else { return [] }
        return Set(try await VolunteerPhoto.query(on: db).filter(\.$id ~~ Array(volunteers)).field(\.$id).all().compactMap(\.id))
    }

    private func maySee(_ volunteerID: UUID, _ member: Member) async throws -> Bool {
        switch member.role {
        case .volunteer: return member.id == volunteerID
        case .admin: return true
        case .coordinator:
            guard let organisation = member.profile?.$organisation.id else { return false }
            return try await Profile.find(volunteerID, on: db)?.$organisation.id == organisation
        case .pensioner, .relative:
            // A visit of theirs this volunteer took on: from acceptance on.
            let pensioners = try await context.relatives.pensionersActedFor(by: member)
            guard !pensioners.isEmpty else { return false }
            return try await HelpTask.query(on: db).filter(\.$volunteerID == volunteerID).filter(\.$pensionerID ~~ pensioners)
                .filter(\.$status ~~ [.accepted, .finished, .done]).count() > 0
        case nil: return false
        }
    }
}
