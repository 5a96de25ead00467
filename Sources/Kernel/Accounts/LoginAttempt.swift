import Fluent
import Foundation

/// A failed sign-in, kept for the throttling window.
final class LoginAttempt: Model, @unchecked Sendable {
    static let schema = "kernel_login_failures"

    @ID(key: .id) var id: UUID?
    @Field(key: "app") var app: String
    @Field(key: "identifier") var identifier: String
    @Field(key: "address") var address: String
    @Field(key: "at") var at: Date

    init() {}

    init(app: String, identifier: String, address: String, at: Date) {
        self.app = app
        self.identifier = identifier
        self.address = address
        self.at = at
    }
}
