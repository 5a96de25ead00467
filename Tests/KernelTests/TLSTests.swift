import AsyncHTTPClient
import Foundation
import HromadaTesting
@testable import Kernel
import NIOCore
import NIOSSL
import Testing
import Vapor

/// A self-signed certificate for 127.0.0.1 and localhost, made by `openssl` in a folder of
/// its own, removed afterwards.
func withSelfSignedCertificate<T>(_ body: (_ certificate: String, _ key: String) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hromada-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let certificate = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
    let openssl = Process()
    openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    openssl.arguments = ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                         "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                         "-keyout", key, "-out", certificate]
    openssl.standardOutput = FileHandle.nullDevice
    openssl.standardError = FileHandle.nullDevice
    try openssl.run()
    openssl.waitUntilExit()
    try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
    return try await body(certificate, key)
}

extension KernelTests {
    @Suite("HTTPS served by the server")
    struct TLSTests {
        @Test("with a certificate the server speaks only HTTPS, sends HSTS and Secure cookies; plain HTTP on the redirect port is sent to HTTPS")
        func servesHTTPS() async throws {
            try await withSelfSignedCertificate { certificate, key in
                try await withDemo(adjust: { configuration in
                    configuration.tls = .init(certificateChain: certificate, privateKey: key)
                    configuration.httpRedirectPort = 0
                    configuration.secureCookies = true
                }) { app in
                    try await app.server.start(address: .hostname("127.0.0.1", port: 0))
                    try await app.asyncBoot()
                    let port = try #require(app.http.server.shared.localAddress?.port)
                    var tls = TLSConfiguration.makeClientConfiguration()
                    tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
                    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls, redirectConfiguration: .disallow))
                    do {
                        let secure = try await client.execute(HTTPClientRequest(url: "https://127.0.0.1:\(port)/demo-app/login"), timeout: .seconds(10))
                        #expect(secure.status == .ok)
                        #expect(secure.headers.first(name: "Strict-Transport-Security")?.contains("max-age=") == true)
                        #expect(secure.headers[canonicalForm: "Set-Cookie"].allSatisfy { $0.lowercased().contains("secure") })

                        // The HTTPS port does not answer plain HTTP.
                        await #expect(throws: (any Error).self) {
                            _ = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/demo-app/login"), timeout: .seconds(5)).body.collect(upTo: 1024)
                        }

                        // The listener starts once the HTTPS server listens (on its host).
                        var redirectAddress = app.httpRedirectAddress
                        for _ in 0..<100 where redirectAddress == nil {
                            try await Task.sleep(for: .milliseconds(50))
                            redirectAddress = app.httpRedirectAddress
                        }
                        let redirectPort = try #require(redirectAddress?.port)
                        let plain = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(redirectPort)/demo-app/login?next=%2Fdemo-app%2F"),
                                                             timeout: .seconds(10))
                        #expect(plain.status == .permanentRedirect)
                        #expect(plain.headers.first(name: "Location") == "https://127.0.0.1:\(port)/demo-app/login?next=%2Fdemo-app%2F")
                    } catch {
                        try? await client.shutdown()
                        await app.server.shutdown()
                        throw error
                    }
                    try await client.shutdown()
                    await app.server.shutdown()
                }
            }
        }

        @Test("TLS files are read at start: both or neither, readable, PEM; the redirect port needs TLS")
        func configuration() throws {
            #expect(throws: ConfigurationError.self) { try HromadaConfiguration.fromEnvironment(["HROMADA_TLS_CERT_FILE": "/etc/hostname"]) }
            #expect(throws: ConfigurationError.self) {
                try HromadaConfiguration.fromEnvironment(["HROMADA_TLS_CERT_FILE": "/nonexistent.pem", "HROMADA_TLS_KEY_FILE": "/nonexistent.key"])
            }
            #expect(throws: ConfigurationError.self) { try HromadaConfiguration.fromEnvironment(["HROMADA_HTTP_REDIRECT_PORT": "8080"]) }
            let both = try HromadaConfiguration.fromEnvironment(["HROMADA_TLS_CERT_FILE": "/etc/hostname", "HROMADA_TLS_KEY_FILE": "/etc/hostname"])
            #expect(both.secureCookies, "served over HTTPS: Secure cookies and HSTS by default")
            #expect(HTTPRedirectLifecycle.serving(["hromada", "serve", "--port", "8443"]) && HTTPRedirectLifecycle.serving(["hromada"]))
            #expect(!HTTPRedirectLifecycle.serving(["hromada", "migrate"]), "no listener for a command that does not serve")
        }

        @Test("a certificate file that is not PEM stops the start with a clear message")
        func notPEM() async throws {
            await #expect(throws: ConfigurationError.self) {
                try await withDemo(adjust: { $0.tls = .init(certificateChain: "/etc/hostname", privateKey: "/etc/hostname") }) { _ in }
            }
        }
    }
}
