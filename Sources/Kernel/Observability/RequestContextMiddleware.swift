import Vapor

/// Gives every request an id (the caller's `X-Request-ID` when it is sane), puts it in
/// the logger's metadata and the response, and writes one access-log line.
struct RequestContextMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let incoming = request.headers.first(name: "X-Request-ID"), Self.isSane(incoming) {
            request.logger[metadataKey: "request-id"] = .string(incoming)
        }
        let id = request.logger[metadataKey: "request-id"]?.description ?? request.id
        let started = ContinuousClock.now
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "X-Request-ID", value: id)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        request.logger.info("\(request.method) \(request.urlPath) \(response.status.code)", metadata: [
            "status": .stringConvertible(response.status.code),
            "duration_ms": .string(String(format: "%.1f", milliseconds)),
        ])
        return response
    }

    static func isSane(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 128 && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }
}
