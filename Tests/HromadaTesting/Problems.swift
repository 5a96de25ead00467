import Foundation
import Testing
import Vapor
import VaporTesting

/// An error answer as the tests read it: an RFC 9457 problem document (the kernel's, with
/// its `code` and per-field `errors`), or MoveJoin's `Error` message in the protobuf JSON
/// mapping (`message` read as `detail`, `violations` as `errors`).
public struct Problem: Decodable, Sendable {
    /// One invalid field of a request.
    public struct FieldProblem: Decodable, Sendable {
        public let field: String
        public let code: String?
        public let message: String?
    }

    public let type: String?
    public let title: String?
    public let status: Int?
    public let code: String
    public let detail: String?
    public let errors: [FieldProblem]?

    /// The fields the answer names, in its order (none when it names none).
    public var fields: [String] { errors?.map(\.field) ?? [] }

    private enum CodingKeys: CodingKey { case type, title, status, code, detail, message, errors, violations }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        status = try c.decodeIfPresent(Int.self, forKey: .status)
        code = try c.decode(String.self, forKey: .code)
        detail = try c.decodeIfPresent(String.self, forKey: .detail) ?? c.decodeIfPresent(String.self, forKey: .message)
        errors = try c.decodeIfPresent([FieldProblem].self, forKey: .errors) ?? c.decodeIfPresent([FieldProblem].self, forKey: .violations)
    }
}

/// The problem document an answer carries: it must be `application/problem+json` and
/// decode as one, or the test fails here with the status and body shown.
public func problem(_ response: TestingHTTPResponse) throws -> Problem {
    let contentType = response.headers.first(name: .contentType) ?? ""
    guard contentType.hasPrefix("application/problem+json") else {
        Issue.record("not a problem document (\(contentType)): \(response.status) \(response.body.string)")
        throw NotAProblem(status: response.status, body: response.body.string)
    }
    return try decode(Problem.self, response)
}

/// A problem document's `code`; throws (showing the body) when the answer is not one.
public func problemCode(_ response: TestingHTTPResponse) throws -> String {
    try problem(response).code
}

/// The error `problem(_:)` throws for an answer that is no problem document.
public struct NotAProblem: Error, CustomStringConvertible {
    public let status: HTTPStatus
    public let body: String
    public var description: String { "not a problem document: \(status) \(body)" }
}
