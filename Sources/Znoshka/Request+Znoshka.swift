import Fluent
import Foundation
import Kernel
import Vapor

/// What a request of Znoshka reaches: its services, and who is signed in.
extension Request {
    public var znoshka: ZnoshkaContext { ZnoshkaContext(services) }

    /// The signed-in Znoshka person (401 without one).
    func student() async throws -> Student {
        try await signedIn(Student.self)
    }
}
