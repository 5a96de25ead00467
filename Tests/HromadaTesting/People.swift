import Foundation
import Vapor

/// Logins nobody has used yet. One counter for the whole test process (an actor, so tests
/// running in parallel never draw the same number), starting at a random point.
public actor UniqueLogins {
    public static let shared = UniqueLogins()

    private var value = Int.random(in: 0..<1_000_000)

    /// The next number, never handed out before in this process.
    public func next() -> Int {
        value += 1
        return value
    }

    /// An e-mail address: `prefix`, a fresh number and `domain`.
    public func email(_ prefix: String = "person", domain: String = "example.com") -> String {
        "\(prefix)\(next())@\(domain)"
    }

    /// A Ukrainian mobile number as the apps store it: 38067 and seven digits.
    public func phone() -> String {
        "38067" + String(format: "%07d", next())
    }
}

/// A person a test signed up through an app's API: their account's id, the login they
/// signed up with (a phone number or an e-mail address) and their bearer token.
public struct TestPerson: Sendable {
    public let id: UUID
    public let login: String
    public let token: String

    public init(id: UUID, login: String, token: String) {
        self.id = id
        self.login = login
        self.token = token
    }

    /// The bearer token as request headers.
    public var auth: HTTPHeaders { bearerHeaders(token) }
}
