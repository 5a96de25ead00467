import Vapor

/// Runs a list of `AsyncMiddleware` and then the route in one Swift task.
///
/// Vapor bridges every `AsyncMiddleware` through an `EventLoopFuture`: each one starts a
/// task of its own and awaits the next responder's future, and an async route starts one
/// more — with the kernel's seven middlewares, eight tasks and eight promises per request.
/// The chain calls each middleware's async `respond`, and then the route's
/// `AsyncResponder`, directly; only a responder that is not async is awaited through its
/// future. Fewer tasks and promises cost less server CPU per request; the figures are in
/// docs/decisions/async-middleware-chain.md.
public struct AsyncMiddlewareChain: Middleware {
    let middlewares: [any AsyncMiddleware]

    public init(_ middlewares: [any AsyncMiddleware]) {
        self.middlewares = middlewares
    }

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let promise = request.eventLoop.makePromise(of: Response.self)
        promise.completeWithTask { try await respond(to: request, then: next) }
        return promise.futureResult
    }

    /// The middlewares, then `last`, in the calling task.
    func respond(to request: Request, then last: any Responder) async throws -> Response {
        try await respond(to: request, from: middlewares.startIndex, then: last)
    }

    private func respond(to request: Request, from index: Int, then last: any Responder) async throws -> Response {
        guard index < middlewares.endIndex else { return try await Self.respond(to: request, with: last) }
        let rest = AsyncBasicResponder { request in try await respond(to: request, from: index + 1, then: last) }
        return try await middlewares[index].respond(to: request, chainingTo: rest)
    }

    private static func respond(to request: Request, with responder: any Responder) async throws -> Response {
        if let asyncResponder = responder as? any AsyncResponder {
            return try await asyncResponder.respond(to: request)
        }
        return try await responder.respond(to: request).get()
    }
}

extension RoutesBuilder {
    /// Like `grouped(_:)` for async middleware, but each route added to the group answers
    /// as one `AsyncResponder` that runs the middlewares and the handler in the caller's
    /// task — so the kernel's `AsyncMiddlewareChain` reaches the handler without starting
    /// another task per middleware.
    public func grouped(inOneTask middlewares: any AsyncMiddleware...) -> any RoutesBuilder {
        AsyncMiddlewareGroup(root: self, chain: AsyncMiddlewareChain(middlewares))
    }
}

private struct AsyncMiddlewareGroup: RoutesBuilder {
    let root: any RoutesBuilder
    let chain: AsyncMiddlewareChain

    func add(_ route: Route) {
        let handler = route.responder
        route.responder = AsyncBasicResponder { [chain] request in try await chain.respond(to: request, then: handler) }
        root.add(route)
    }
}
