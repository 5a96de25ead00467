import Fluent
import Foundation

/// An animal's photo, kept in the database so that every instance of the server serves it,
/// with its thumbnail for lists and cards.
public final class AnimalPhoto: Model, @unchecked Sendable {
    public static let schema = "ss_photos"

    @ID(custom: "animal_id", generatedBy: .user) public var id: UUID?
    @Field(key: "content_type") public var contentType: String
    @Field(key: "data") public var data: Data
    @Field(key: "width") public var width: Int
    @Field(key: "height") public var height: Int
    @Field(key: "thumbnail_type") public var thumbnailType: String
    @Field(key: "thumbnail") public var thumbnail: Data
    /// The SHA-256 of the photo, hex: its ETag.
    @Field(key: "digest") public var digest: String
    @OptionalField(key: "uploaded_by") public var uploadedBy: UUID?
    @Field(key: "uploaded_at") public var uploadedAt: Date

    public init() {}
}
