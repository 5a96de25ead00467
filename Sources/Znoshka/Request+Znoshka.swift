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

    /// The signed-in person's account id, without reading their profile: for the calls
    /// made many times a minute during a test (saving an answer, the question page),
    /// whose services check ownership by this id.
    func studentID() async throws -> UUID {
        try await requireAccount(in: Znoshka.descriptor).requireID()
    }
}
