import Kernel
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

/// Which Swift task runs the caller.
private func currentTask() -> Int { withUnsafeCurrentTask { $0?.hashValue ?? 0 } }

extension KernelTests {
    @Suite("Async middleware in one task")
    struct MiddlewareChainTests {
        /// Notes the order it runs in, the task it runs in, and whether the answer passed back
        /// through it.
        struct Probe: AsyncMiddleware {
            let name: String
            let log: Log

            func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
                log.append("\(name):\(currentTask())")
                let response = try await next.respond(to: request)
                response.headers.add(name: "X-Passed", value: name)
                return response
            }
        }

        /// Turns an error thrown below it into an answer, as the kernel's error middleware does.
        struct Catcher: AsyncMiddleware {
            func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
                do { return try await next.respond(to: request) } catch { return Response(status: .imATeapot) }
            }
        }

        final class Log: Sendable {
            private let entries = NIOLockedValueBox<[String]>([])
            func append(_ entry: String) { entries.withLockedValue { $0.append(entry) } }
            var all: [String] { entries.withLockedValue { $0 } }
            func clear() { entries.withLockedValue { $0.removeAll() } }
        }

        func withApp(_ body: (Application, Log) async throws -> Void) async throws {
            let app = try await Application.make(.testing)
            let log = Log()
            app.middleware = .init()
            app.middleware.use(AsyncMiddlewareChain([Probe(name: "outer", log: log), Catcher(), Probe(name: "inner", log: log)]))
            let group = app.grouped(inOneTask: Probe(name: "group", log: log))
            group.get("async") { _ async -> String in log.append("handler:\(currentTask())"); return "ok" }
            group.get("throws") { _ -> String in throw Abort(.notFound) }
            app.get("future") { request -> EventLoopFuture<String> in request.eventLoop.makeSucceededFuture("future") }
            do {
                try await body(app, log)
            } catch {
                try await app.asyncShutdown()
                throw error
            }
            try await app.asyncShutdown()
        }

        @Test("middlewares run outermost first, group middleware next, and the handler in the same task")
        func oneTask() async throws {
            try await withApp { app, log in
                let response = try await app.testing().sendRequest(.GET, "/async")
                #expect(response.status == .ok)
                #expect(response.body.string == "ok")
                let entries = log.all.map { $0.split(separator: ":").map(String.init) }
                #expect(entries.map { $0[0] } == ["outer", "inner", "group", "handler"])
                #expect(Set(entries.map { $0[1] }).count == 1, "one task for the whole chain: \(log.all)")
                #expect(response.headers[("X-Passed")] == ["group", "inner", "outer"])
            }
        }

        @Test("a handler's error reaches the middleware that answers for it; a future handler still answers")
        func errorsAndFutures() async throws {
            try await withApp { app, log in
                let failed = try await app.testing().sendRequest(.GET, "/throws")
                #expect(failed.status == .imATeapot)
                #expect(failed.headers["X-Passed"] == ["outer"])

                log.clear()
                let future = try await app.testing().sendRequest(.GET, "/future")
                #expect(future.body.string == "future")
                #expect(log.all.map { $0.prefix(5) } == ["outer", "inner"])

                let missing = try await app.testing().sendRequest(.GET, "/nowhere")
                #expect(missing.status == .imATeapot, "unknown paths pass through the chain too")
            }
        }
    }
}
