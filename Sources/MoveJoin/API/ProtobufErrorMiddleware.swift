import Kernel
import MoveJoinProto
import Vapor

/// Answers every failed API request with an `Error` message in the encoding the client
/// asked for, with the HTTP status the kernel gives the error.
struct ProtobufErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let problem = AppError.classify(error, request: request)
            let localizer = request.localizer
            var message = MJError()
            message.code = problem.code
            message.message = problem.message(localizer)
            message.field = problem.fieldErrors.first?.field ?? ""
            message.violations = problem.fieldErrors.map { field in
                var violation = MJFieldViolation()
                violation.field = field.field
                violation.code = field.key
                violation.message = localizer.text(field.key, field.arguments)
                return violation
            }
            let response = try message.response(for: request, status: problem.status)
            for (name, value) in problem.headers { response.headers.replaceOrAdd(name: name, value: value) }
            return response
        }
    }
}
