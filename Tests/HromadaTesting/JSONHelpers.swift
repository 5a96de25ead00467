import Foundation
import Vapor

/// The headers of a JSON request body.
public let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

/// A JSON request body from a dictionary (any JSON value inside). Answers are read typed:
/// `decode(_:_:)` into the app's API models or a test struct, `problem(_:)` for errors.
public func json(_ object: [String: Any]) -> ByteBuffer {
    ByteBuffer(data: try! JSONSerialization.data(withJSONObject: object))
}
