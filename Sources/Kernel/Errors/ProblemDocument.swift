import Vapor

/// An RFC 9457 problem document, with our stable `code` and per-field errors as extensions.
public struct ProblemDocument: Content, Sendable {
    public struct InvalidField: Codable, Sendable, Equatable {
        public let field: String
        public let code: String
        public let message: String
    }

    public let type: String
    public let title: String
    public let status: Int
    public let detail: String
    public let code: String
    public let instance: String?
    public let errors: [InvalidField]?

    public static let mediaType = HTTPMediaType(type: "application", subType: "problem+json", parameters: ["charset": "utf-8"])
}
