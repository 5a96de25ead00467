import Crypto
import Foundation
import Kernel
import NIOConcurrencyHelpers
import Testing
import Vapor

/// A push service on loopback: it takes the real HTTP requests the push worker sends and
/// answers each endpoint (`/push/<name>`) with the status the test chose (201 by default).
public final class LoopbackPushService: Sendable {
    public struct Received: Sendable {
        public let name: String
        public let headers: HTTPHeaders
        public let body: [UInt8]
    }

    public let application: Application
    /// `http://127.0.0.1:<port>`; a device's endpoint is `\(baseURL)/push/<name>`.
    public let baseURL: String
    private let received: NIOLockedValueBox<[Received]>

    private init(application: Application, baseURL: String, received: NIOLockedValueBox<[Received]>) {
        self.application = application
        self.baseURL = baseURL
        self.received = received
    }

    /// Routes first, then the server: Vapor builds its responder when the server starts.
    public static func start(statuses: [String: HTTPResponseStatus] = [:]) async throws -> LoopbackPushService {
        let application = try await Application.make(.testing)
        application.logger.logLevel = .warning
        let received = NIOLockedValueBox<[Received]>([])
        application.post("push", ":name") { req -> HTTPStatus in
            let name = req.parameters.get("name") ?? ""
            let body = req.body.data.map { Array($0.readableBytesView) } ?? []
            received.withLockedValue { $0.append(Received(name: name, headers: req.headers, body: body)) }
            return statuses[name] ?? .created
        }
        try await application.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(application.http.server.shared.localAddress?.port)
        return LoopbackPushService(application: application, baseURL: "http://127.0.0.1:\(port)", received: received)
    }

    public func stop() async throws {
        await application.server.shutdown()
        try await application.asyncShutdown()
    }

    /// The requests so far (to endpoint `name`, or to any), waiting up to 10 s for at least `count`.
    public func requests(atLeast count: Int, to name: String? = nil) async throws -> [Received] {
        func current() -> [Received] { received.withLockedValue { all in all.filter { name == nil || $0.name == name } } }
        for _ in 0..<200 {
            if current().count >= count { return current() }
            try await Task.sleep(for: .milliseconds(50))
        }
        return current()
    }
}

/// A browser's side of a subscription: its key pair and auth secret.
public struct TestDevice {
    public init() {}

    public let key = P256.KeyAgreement.PrivateKey()
    public let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }

    public func subscription(_ endpoint: String) -> [String: Any] {
        ["endpoint": endpoint, "expirationTime": NSNull(),
         "keys": ["p256dh": WebPushCrypto.base64URL(Array(key.publicKey.x963Representation)), "auth": WebPushCrypto.base64URL(auth)]]
    }
}


extension LoopbackPushService {
    /// Runs `body` with a push service on loopback, stopped afterwards whatever happens.
    public static func with<T>(statuses: [String: HTTPResponseStatus] = [:], _ body: (LoopbackPushService) async throws -> T) async throws -> T {
        let service = try await start(statuses: statuses)
        do {
            let result = try await body(service)
            try await service.stop()
            return result
        } catch {
            try? await service.stop()
            throw error
        }
    }

    /// The notifications `device` received at `name`, decrypted, waiting for `count`.
    public func notifications(for device: TestDevice, at name: String, atLeast count: Int = 1) async throws -> [PushNotification] {
        try await requests(atLeast: count, to: name).map { request in
            try JSONDecoder().decode(PushNotification.self, from: Data(WebPushCrypto.decrypt(request.body, userAgentPrivateKey: device.key, authSecret: device.auth)))
        }
    }
}
