import Fluent
import Foundation
import Kernel
import Vapor

/// What a request of Fuctivity reaches: its services, and who is signed in.
extension Request {
    public var fuctivity: FuctivityContext { FuctivityContext(services) }

    /// The signed-in Fuctivity person (401 without one).
    func planner() async throws -> Planner {
        try await signedIn(Planner.self)
    }
}
