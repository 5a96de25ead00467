import Foundation
import Testing
import Vapor
import VaporTesting

/// The headers of a JSON request body.
public let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

/// A JSON request body from a dictionary (any JSON value inside).
public func json(_ object: [String: Any]) -> ByteBuffer {
    ByteBuffer(data: try! JSONSerialization.data(withJSONObject: object))
}

/// A JSON object answer, or a test failure showing the body.
public func object(_ response: TestingHTTPResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any], "\(response.body.string)")
}

/// A JSON array-of-objects answer, or a test failure showing the body.
public func array(_ response: TestingHTTPResponse) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [[String: Any]], "\(response.body.string)")
}
