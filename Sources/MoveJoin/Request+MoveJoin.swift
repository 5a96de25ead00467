import Fluent
import Foundation
import Kernel
import Vapor

/// What a request of MoveJoin reaches: its services, and who is signed in.
extension Request {
    public var moveJoin: MoveJoinContext {
        MoveJoinContext(services)
    }

    /// The signed-in MoveJoin person (401 without one).
    func mover() async throws -> Mover {
        try await signedIn(Mover.self)
    }

    /// The signed-in person, if any.
    func optionalMover() async throws -> Mover? {
        try await optionalSignedIn(Mover.self)
    }
}
