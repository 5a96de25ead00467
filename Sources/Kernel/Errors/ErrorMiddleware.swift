import AsyncKit
import FluentSQLiteDriver
import Fluent
import Vapor

/// Turns every error into an answer a person or a program can use: a problem document
/// on API routes, a friendly page in the person's language elsewhere. Client mistakes
/// are 4xx; only our own faults are 500, logged with the request id and never shown.
struct KernelErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            return Self.answer(for: error, request: request)
        }
    }

    /// The answer to `error`: logged, classified and rendered for the kind of request.
    static func answer(for error: any Error, request: Request) -> Response {
        let problem = classify(error)
        if problem.status.code >= 500 {
            request.logger.error("Unhandled error", metadata: ["error": "\(String(reflecting: error))"])
        } else {
            request.logger.debug("Client error", metadata: ["code": "\(problem.code)"])
        }
        return response(for: problem, request: request)
    }

    private static func response(for problem: AppError, request: Request) -> Response {
        let response: Response
        if request.isAPIRequest || prefersJSON(request) {
            response = problemResponse(problem, request: request)
        } else if problem.status == .unauthorized, let login = loginRedirect(for: request) {
            response = request.redirect(to: login, redirectType: .normal)
        } else {
            response = ErrorPage.response(for: problem, request: request)
        }
        for (name, value) in problem.headers { response.headers.replaceOrAdd(name: name, value: value) }
        return response
    }

    static func problemResponse(_ problem: AppError, request: Request) -> Response {
        let l = request.localizer
        let document = ProblemDocument(
            type: "/problems/\(problem.code)",
            title: l.text("error.title.\(problem.status.code)"),
            status: Int(problem.status.code),
            detail: problem.message(l),
            code: problem.code,
            instance: request.urlPath,
            errors: problem.fieldErrors.isEmpty ? nil : problem.fieldErrors.map {
                .init(field: $0.field, code: $0.key, message: l.text($0.key, $0.arguments))
            })
        let response = Response(status: problem.status)
        do {
            try response.content.encode(document, using: JSONEncoder.events)
        } catch {
            response.body = .init(string: #"{"status":500,"code":"server_error"}"#)
        }
        response.headers.contentType = ProblemDocument.mediaType
        return response
    }

    /// A client that asked for JSON (and not HTML) gets a problem document even off the API.
    static func prefersJSON(_ request: Request) -> Bool {
        let accept = request.headers.first(name: .accept) ?? ""
        return (accept.contains("application/json") || accept.contains("application/problem+json")) && !accept.contains("text/html")
    }

    /// Pages of an app that needs sign-in send the person to its login page, and back afterwards.
    static func loginRedirect(for request: Request) -> String? {
        guard request.method == .GET, let app = request.kernel.app(forPath: request.urlPath), let login = app.loginPath else { return nil }
        return Request.path("\(app.pathPrefix)\(login)", returningTo: request.urlPath)
    }

    /// Maps any error to a status, a stable code and a message key.
    static func classify(_ error: any Error) -> AppError {
        switch error {
        case let error as AppError:
            return error
        case let error as DecodingError:
            return classify(decoding: error)
        case let error as InvalidAPIDate:
            return error.appError
        case let error as FluentError:
            if case .noResults = error { return .notFound() }
            return AppError(.internalServerError, code: "server_error", key: "error.server")
        case let error as any DatabaseError where error.isConstraintFailure:
            return .conflict(code: "conflict", key: "error.conflict")
        case is ConnectionPoolTimeoutError:
            // Every database connection stayed busy past the pool's wait: the server is
            // overloaded, not broken, and the request may be sent again in a moment.
            return AppError(.serviceUnavailable, code: "unavailable", key: "error.unavailable", headers: ["Retry-After": "1"])
        case let error as SQLiteError where error.reason == .busy:
            // Likewise SQLite's write lock, held by others past `SQLiteLocking.busyTimeout`.
            return AppError(.serviceUnavailable, code: "unavailable", key: "error.unavailable", headers: ["Retry-After": "1"])
        case let error as any AbortError:
            return classify(status: error.status, headers: error.headers)
        default:
            return AppError(.internalServerError, code: "server_error", key: "error.server")
        }
    }

    static func classify(status: HTTPResponseStatus, headers: HTTPHeaders = [:]) -> AppError {
        let (code, key): (String, String) = switch status.code {
        case 400: ("bad_request", "error.bad_request")
        case 401: ("unauthenticated", "error.unauthenticated")
        case 403: ("forbidden", "error.forbidden")
        case 404: ("not_found", "error.not_found")
        case 405: ("method_not_allowed", "error.method_not_allowed")
        case 409: ("conflict", "error.conflict")
        case 413: ("payload_too_large", "error.payload_too_large")
        case 415: ("unsupported_media_type", "error.unsupported_media_type")
        case 422: ("validation_failed", "error.validation")
        case 429: ("rate_limited", "error.rate_limited")
        case 503: ("unavailable", "error.unavailable")
        case 400..<500: ("bad_request", "error.bad_request")
        default: ("server_error", "error.server")
        }
        let kept = HTTPHeaders(headers.filter { $0.name.lowercased() == "retry-after" || $0.name.lowercased() == "allow" })
        let mapped = status.code >= 500 && status != .serviceUnavailable ? HTTPResponseStatus.internalServerError : status
        return AppError(mapped, code: code, key: key, headers: kept)
    }

    /// Malformed JSON, a missing field or a wrong type: 400, naming the field where we can.
    static func classify(decoding error: DecodingError) -> AppError {
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            return keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context, key)
            return AppError(.badRequest, code: "missing_field", key: "error.missing_field", arguments: ["field": field],
                            fieldErrors: [FieldError(field: field, key: "validation.required")])
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = path(context)
            return AppError(.badRequest, code: "invalid_field", key: "error.invalid_field", arguments: ["field": field],
                            fieldErrors: [FieldError(field: field, key: "validation.invalid")])
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = path(context)
            return AppError(.badRequest, code: "invalid_field", key: "error.invalid_field", arguments: ["field": field],
                            fieldErrors: [FieldError(field: field, key: "validation.invalid")])
        default:
            return AppError(.badRequest, code: "invalid_body", key: "error.invalid_body")
        }
    }
}

extension AppError {
    /// Any error as the `AppError` the kernel answers it with (status, code, message key),
    /// for apps that write error answers of their own (MoveJoin's protobuf `Error`).
    /// Our own faults are logged here, as the kernel's middleware does.
    public static func classify(_ error: any Error, request: Request) -> AppError {
        let problem = KernelErrorMiddleware.classify(error)
        if problem.status.code >= 500 {
            request.logger.error("Unhandled error", metadata: ["error": "\(String(reflecting: error))"])
        }
        return problem
    }
}
