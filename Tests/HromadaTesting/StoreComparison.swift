import Foundation
import Kernel
import Testing
import Vapor

/// Holds a fast path's two stores to each other: one scenario, run against the portable
/// store and against the PostgreSQL one (`ServiceContext.fastPath`), must give the same
/// answer — or the same refusal (status and code). Every PostgreSQL store has a test that
/// does this for its answers and its refusals; on other databases only the portable
/// store can run, and the test suite's PostgreSQL pass compares.
public enum StoreComparison {
    /// What a store said: an answer in a comparable form, or a refusal.
    public enum Outcome<Answer: Equatable>: Equatable, CustomStringConvertible {
        case answer(Answer)
        case refused(status: UInt, code: String)

        public var description: String {
            switch self {
            case .answer(let answer): "answer \(answer)"
            case .refused(let status, let code): "refused \(status) \(code)"
            }
        }
    }

    /// Runs `portable` and, on PostgreSQL, `postgres` (each against a state of its own,
    /// set up alike, where the call writes) and expects the same outcome; returns the
    /// portable store's, for the scenario to check what it should be.
    @discardableResult
    public static func expectSame<Answer: Equatable>(
        _ scenario: String, sourceLocation: SourceLocation = #_sourceLocation,
        portable: () async throws -> Answer, postgres: () async throws -> Answer
    ) async throws -> Outcome<Answer> {
        let fromPortable = try await outcome(of: portable)
        if TestHarness.isPostgres {
            let fromPostgres = try await outcome(of: postgres)
            #expect(fromPortable == fromPostgres, "\(scenario): portable \(fromPortable), PostgreSQL \(fromPostgres)", sourceLocation: sourceLocation)
        }
        return fromPortable
    }

    /// The outcome of one store's call: an `AppError` is a refusal; any other error fails the test.
    public static func outcome<Answer: Equatable>(of call: () async throws -> Answer) async throws -> Outcome<Answer> {
        do {
            return .answer(try await call())
        } catch let refusal as AppError {
            return .refused(status: refusal.status.code, code: refusal.code)
        }
    }

    /// A fresh API request to `path` with `token`: a store's caller signs in once per
    /// request, so each store's run needs its own.
    public static func apiRequest(_ app: Application, _ path: String, method: HTTPMethod = .GET, token: String?) -> Request {
        var headers = HTTPHeaders()
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        return Request(application: app, method: method, url: URI(path: path), headers: headers, on: app.eventLoopGroup.next())
    }
}
