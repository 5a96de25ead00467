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

    /// The signed-in Znoshka person, or nil for a visitor (the pages open to everyone:
    /// subjects, theory, tests' descriptions and samples).
    func visitorOrStudent() async throws -> Student? {
        try await optionalSignedIn(Student.self)
    }
}
