import Crypto
import Fluent
import Foundation
import Kernel
import SQLKit

/// Animals' photos: a JPEG or PNG of at most 5 MB checked to be a whole, real image, and
/// its thumbnail. The uploading device makes the thumbnail (the web page draws it on a
/// canvas; the API takes it as a second part), and the server checks it as it checks the
/// photo — a real image no bigger than `thumbnailMaxSide` — because this server carries no
/// image codec (`docs/decisions/shelter-photos.md`). A small photo is its own thumbnail.
public struct PhotoService: Sendable {
    public static let maxBytes = 5 * 1024 * 1024
    public static let maxSide = 8000
    public static let thumbnailMaxBytes = 100 * 1024
    public static let thumbnailMaxSide = 400

    let context: ShelterContext
    var db: any Database { context.db }

    public func upload(to animalID: UUID, photo: [UInt8]?, thumbnail: [UInt8]?, by person: StaffMember) async throws -> AnimalPhoto {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let image = Self.check("photo", photo, maxBytes: Self.maxBytes, maxSide: Self.maxSide, &v)
        var small: ImageInfo?
        var thumbnailBytes: [UInt8] = []
        if let thumbnail, !thumbnail.isEmpty {
            small = Self.check("thumbnail", thumbnail, maxBytes: Self.thumbnailMaxBytes, maxSide: Self.thumbnailMaxSide, &v)
            thumbnailBytes = thumbnail
        } else if let image, let photo {
            // No thumbnail sent: a photo small enough is its own.
            if photo.count <= Self.thumbnailMaxBytes, max(image.width, image.height) <= Self.thumbnailMaxSide {
                small = image
                thumbnailBytes = photo
            } else {
                v.add("thumbnail", "ss.validation.thumbnail_needed", ["side": String(Self.thumbnailMaxSide)])
            }
        }
        try v.throwIfInvalid()
        guard let image, let photo, let smallInfo = small else { throw AppError.validation(v.errors) }
        _ = try await context.animals.find(animalID)
        let record = try await AnimalPhoto.find(animalID, on: db) ?? AnimalPhoto()
        let replaced = record.id != nil
        record.id = animalID
        record.contentType = image.contentType
        record.data = Data(photo)
        record.width = image.width
        record.height = image.height
        record.thumbnailType = smallInfo.contentType
        record.thumbnail = Data(thumbnailBytes)
        record.digest = SHA256.hash(data: photo).map { String(format: "%02x", $0) }.joined()
        record.uploadedBy = person.id
        record.uploadedAt = context.clock.now
        try await db.writeTransaction { db in
            try await record.save(on: db)
            try await context.audit.record(replaced ? "animal.photo_replace" : "animal.photo", entityType: "animal", entityID: AnimalService.key(animalID),
                                           actor: person.id, after: ["bytes": String(photo.count), "size": "\(image.width)×\(image.height)", "sha256": record.digest], on: db)
        }
        return record
    }

    /// One of an animal's two images, read alone: a list of thumbnails never loads the
    /// photos (up to 5 MB each) beside them.
    public func image(of animalID: UUID, thumbnail: Bool, for person: StaffMember) async throws -> StoredImage {
        try context.authorize(person, [.doctor, .storekeeper])
        let (typeColumn, dataColumn) = thumbnail ? ("thumbnail_type", "thumbnail") : ("content_type", "data")
        guard let row = try await db.sql.select().column(SQLIdentifier(typeColumn), as: "type").column(SQLIdentifier(dataColumn), as: "bytes")
            .column("digest").from(AnimalPhoto.schema).where("animal_id", .equal, SQLBind(animalID)).first() else {
            throw AppError.notFound(code: "photo_not_found", key: "ss.error.photo_not_found")
        }
        return StoredImage(contentType: try row.decode(column: "type", as: String.self), bytes: try row.decode(column: "bytes", as: Data.self),
                           etag: "\"\(try row.decode(column: "digest", as: String.self))\(thumbnail ? "-t" : "")\"")
    }

    /// Which animals have a photo (for lists).
    func withPhotos(_ animals: [UUID]) async throws -> Set<UUID> {
        guard !animals.isEmpty else { return [] }
        return Set(try await AnimalPhoto.query(on: db).filter(\.$id ~~ animals).field(\.$id).all().compactMap(\.id))
    }

    /// The image's facts, or nil with the field's fault added (`ImageCheck`).
    static func check(_ field: String, _ bytes: [UInt8]?, maxBytes: Int, maxSide: Int, _ v: inout Kernel.Validator) -> ImageInfo? {
        ImageCheck.check(field, bytes, maxBytes: maxBytes, maxSide: maxSide, into: &v)
    }
}

/// An image as served: its type, its bytes and the ETag that revalidates it.
public struct StoredImage: Sendable {
    public let contentType: String
    public let bytes: Data
    public let etag: String
}
