import Foundation
import Vapor
import VaporTesting

/// JSON request headers with `token` as a bearer token (none when nil).
public func bearerHeaders(_ token: String?) -> HTTPHeaders {
    var headers = jsonHeaders
    if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
    return headers
}

/// A JSON request through the in-process tester: `body` (a dictionary, any JSON value
/// inside) with an optional bearer token.
@discardableResult
public func sendJSON(_ app: Application, _ method: HTTPMethod, _ path: String, token: String? = nil,
                     headers: HTTPHeaders? = nil, body: [String: Any]? = nil) async throws -> TestingHTTPResponse {
    let buffer = body.map(json)
    return try await app.testing().sendRequest(method, path, headers: headers ?? bearerHeaders(token), body: buffer)
}
