import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import Vapor

/// HTTPS served by the server itself (`HROMADA_TLS_CERT_FILE`, `HROMADA_TLS_KEY_FILE`), for
/// an installation without a TLS-terminating proxy: passwords must travel encrypted. With
/// `HROMADA_HTTP_REDIRECT_PORT`, a second listener answers plain HTTP on that port with a
/// permanent redirect to the same address over HTTPS. HSTS and Secure cookies follow
/// (`HromadaConfiguration.secureCookies`).
enum KernelTLS {
    static func install(on application: Application, configuration: HromadaConfiguration) throws {
        guard let files = configuration.tls else { return }
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain)
            key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
        } catch {
            throw ConfigurationError("HROMADA_TLS_CERT_FILE / HROMADA_TLS_KEY_FILE could not be read as PEM: \(error)")
        }
        guard !chain.isEmpty else { throw ConfigurationError("HROMADA_TLS_CERT_FILE '\(files.certificateChain)' holds no certificate") }
        application.http.server.configuration.tlsConfiguration = .makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        if let port = configuration.httpRedirectPort {
            let redirect = HTTPRedirectLifecycle(port: port, publicURL: configuration.publicURL)
            application.storage[HTTPRedirectLifecycleKey.self] = redirect
            application.lifecycle.use(redirect)
        }
    }
}

/// Answers every plain-HTTP request with 308 to the same path and query over HTTPS: at the
/// public address when it is https, otherwise at the host asked for on the HTTPS port.
struct HTTPSRedirectResponder: Responder {
    let publicURL: String
    let httpsPort: @Sendable () -> Int?

    func respond(to request: Request) -> EventLoopFuture<Response> {
        let response = Response(status: .permanentRedirect)
        response.headers.replaceOrAdd(name: .location, value: location(for: request))
        response.headers.replaceOrAdd(name: .connection, value: "close")
        return request.eventLoop.makeSucceededFuture(response)
    }

    func location(for request: Request) -> String {
        let path = request.urlPath.isEmpty ? "/" : request.urlPath
        let target = path + (request.url.query.map { "?\($0)" } ?? "")
        if publicURL.lowercased().hasPrefix("https://") { return publicURL + target }
        // The host the browser asked for, without its port (IPv6 addresses in brackets).
        var host = request.headers.first(name: .host) ?? "localhost"
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = String(host[..<colon]) }
        let port = httpsPort().map { $0 == 443 ? "" : ":\($0)" } ?? ""
        return "https://\(host)\(port)\(target)"
    }
}

/// Runs the redirect listener while the server serves (not for `migrate` or other commands,
/// which boot the application too). It starts once the HTTPS server is listening, on the
/// same host: `serve --hostname` is applied after boot, so the host is known only then.
final class HTTPRedirectLifecycle: LifecycleHandler, Sendable {
    let port: Int
    let publicURL: String
    private let server = NIOLockedValueBox<HTTPServer?>(nil)
    private let starter = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(port: Int, publicURL: String) {
        self.port = port
        self.publicURL = publicURL
    }

    /// Where the listener listens, once it does.
    var address: SocketAddress? { server.withLockedValue { $0?.localAddress } }

    func didBoot(_ application: Application) throws {
        guard Self.serving(application.environment.arguments) else { return }
        let task = Task { [weak application] in
            // Up to two minutes for the HTTPS server to be listening.
            for _ in 0..<1_200 {
                guard let application, !Task.isCancelled else { return }
                if let listening = application.http.server.shared.localAddress {
                    await self.start(on: application, host: listening.ipAddress ?? application.http.server.configuration.hostname)
                    return
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        starter.withLockedValue { $0 = task }
    }

    private func start(on application: Application, host: String) async {
        let responder = HTTPSRedirectResponder(publicURL: publicURL, httpsPort: { [weak application] in
            application?.http.server.shared.localAddress?.port ?? application?.http.server.configuration.port
        })
        var configuration = application.http.server.configuration
        configuration.tlsConfiguration = nil
        configuration.port = port
        configuration.hostname = host
        let listener = HTTPServer(application: application, responder: responder, configuration: configuration, on: application.eventLoopGroup)
        do {
            try await listener.start(address: .hostname(host, port: port))
            server.withLockedValue { $0 = listener }
        } catch {
            application.logger.error("The plain-HTTP redirect listener could not start", metadata: ["port": .stringConvertible(port), "error": .string("\(error)")])
        }
    }

    func shutdownAsync(_ application: Application) async {
        starter.withLockedValue { $0?.cancel() }
        await server.withLockedValue { $0 }?.shutdown()
    }

    /// `hromada` or `hromada serve …`: the commands that serve.
    static func serving(_ arguments: [String]) -> Bool {
        guard let command = arguments.dropFirst().first else { return true }
        return command == "serve" || command.hasPrefix("-")
    }
}

struct HTTPRedirectLifecycleKey: StorageKey { typealias Value = HTTPRedirectLifecycle }

extension Application {
    /// Where the plain-HTTP redirect listener listens, once it does.
    public var httpRedirectAddress: SocketAddress? {
        storage[HTTPRedirectLifecycleKey.self]?.address
    }
}
