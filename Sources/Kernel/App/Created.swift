import Vapor

extension Content {
    /// The answer to a request that made a resource: 201 with the new resource in the body
    /// and its address in `Location` (RFC 9110, 15.3.2), so a client can fetch it again
    /// without assembling the URL itself.
    public func created(at location: String, for request: Request) async throws -> Response {
        let response = try await encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .location, value: location)
        return response
    }
}
