import Foundation
import Testing
import Vapor
import VaporTesting

/// Reads times as the apps write them: RFC 3339, with or without fractional seconds.
public var testJSONDecoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let date = (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) {
            return date
        }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an RFC 3339 date-time, got \(text)")
    }
    return decoder
}

/// A JSON body decoded as `type`, or a test failure showing the status and the body.
public func decode<T: Decodable>(_ type: T.Type, _ response: TestingHTTPResponse) throws -> T {
    try decode(type, status: response.status, body: response.body)
}

/// A JSON body decoded as `type`, or a test failure showing the status and the body.
public func decode<T: Decodable>(_ type: T.Type, status: HTTPStatus, body: ByteBuffer?) throws -> T {
    let data = body.map { Data($0.readableBytesView) } ?? Data()
    do {
        return try testJSONDecoder.decode(type, from: data)
    } catch {
        Issue.record("\(status): \(String(decoding: data, as: UTF8.self)) is no \(T.self): \(error)")
        throw error
    }
}

/// Any JSON value, for comparing whole answers (`==`) without a model of them.
public enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let value = try? c.decode(Bool.self) { self = .bool(value) }
        else if let value = try? c.decode(Double.self) { self = .number(value) }
        else if let value = try? c.decode(String.self) { self = .string(value) }
        else if let value = try? c.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// A member of an object (nil for a missing key or a non-object).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }
}

/// An answer read for its `id` alone (a created thing).
public struct WithID: Decodable, Sendable {
    public let id: UUID
}

/// An answer read for its `token` alone (a session).
public struct WithToken: Decodable, Sendable {
    public let token: String
}
