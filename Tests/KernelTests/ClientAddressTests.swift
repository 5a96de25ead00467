import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("Client address behind trusted proxies")
    struct ClientAddressTests {
        @Test("from a peer that is not a trusted proxy, X-Forwarded-For is ignored")
        func untrustedPeer() async throws {
            try await withDemo { app in
                try await TestHarness.withLiveServer(app) { base in
                    try await expectClientAddress(app, base, ["203.0.113.7"], is: "127.0.0.1")
                    try await expectClientAddress(app, base, [], is: "127.0.0.1")
                }
            }
            try await withDemo(adjust: { $0.trustedProxies = [IPNetwork(cidr: "10.0.0.0/8")].compactMap { $0 } }) { app in
                try await TestHarness.withLiveServer(app) { base in
                    try await expectClientAddress(app, base, ["203.0.113.7"], is: "127.0.0.1")
                }
            }
        }

        @Test("from a trusted proxy, the client is the first untrusted address from the right; what the client wrote left of it is not believed")
        func trustedProxy() async throws {
            let trusted = ["127.0.0.0/8", "10.0.0.0/8", "fd00::/8"].compactMap { IPNetwork(cidr: $0) }
            try await withDemo(adjust: { $0.trustedProxies = trusted }) { app in
                try await TestHarness.withLiveServer(app) { base in
                    try await expectClientAddress(app, base, ["203.0.113.7"], is: "203.0.113.7")
                    // The client sent "198.51.100.1" itself; the proxies appended what they saw.
                    try await expectClientAddress(app, base, ["198.51.100.1, 203.0.113.7, 10.0.0.2"], is: "203.0.113.7")
                    try await expectClientAddress(app, base, ["198.51.100.1, 203.0.113.7", "fd00::1"], is: "203.0.113.7",
                                                  "several header lines are one list")
                    try await expectClientAddress(app, base, ["2001:DB8:0:0::1, 10.0.0.2"], is: "2001:db8::1",
                                                  "an IPv6 address in its canonical form")
                    try await expectClientAddress(app, base, ["203.0.113.7:4711"], is: "203.0.113.7", "a port is dropped")
                    try await expectClientAddress(app, base, ["[2001:db8::1]:443"], is: "2001:db8::1")
                    // A malformed entry ends the walk: the last address read stays the client.
                    try await expectClientAddress(app, base, ["203.0.113.7, bogus"], is: "127.0.0.1")
                    try await expectClientAddress(app, base, ["bogus, 10.0.0.2"], is: "10.0.0.2")
                    try await expectClientAddress(app, base, [], is: "127.0.0.1")
                }
            }
        }

        @Test("behind a trusted proxy, one client's failures do not block another client's sign-in")
        func throttlesTheRealClient() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock, adjust: { $0.trustedProxies = [IPNetwork(cidr: "127.0.0.0/8")].compactMap { $0 } }) { app in
                try await makeAccount(app)
                try await TestHarness.withLiveServer(app) { base in
                    for _ in 1...5 {
                        try await expectSignIn(app, base, password: "nope", forwardedFor: "203.0.113.7", is: .unauthorized)
                    }
                    clock.advance(by: 60)
                    try await expectSignIn(app, base, password: "correct horse", forwardedFor: "203.0.113.7", is: .tooManyRequests)
                    try await expectSignIn(app, base, password: "correct horse", forwardedFor: "203.0.113.8", is: .ok)
                }
            }
        }

        @Test("HROMADA_TRUSTED_PROXIES: comma-separated IPv4 and IPv6 ranges, empty by default; a malformed one stops the server")
        func configuration() throws {
            #expect(try HromadaConfiguration.fromEnvironment([:]).trustedProxies.isEmpty)
            #expect(try HromadaConfiguration.fromEnvironment(["HROMADA_TRUSTED_PROXIES": ""]).trustedProxies.isEmpty)
            let parsed = try HromadaConfiguration.fromEnvironment(["HROMADA_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1/128,172.16.5.4/12,"])
            #expect(parsed.trustedProxies.map(\.description) == ["10.0.0.0/8", "192.168.1.7/32", "fd00::/8", "::1/128", "172.16.0.0/12"])
            for malformed in ["10.0.0.0/33", "10.0.0/8", "fd00::/129", "proxy.example.org", "10.0.0.0/", "10.0.0.0/8/8", "10.0.0.0/-1", "::ffff:10.0.0.0/95"] {
                #expect(throws: ConfigurationError.self, "\(malformed)") {
                    try HromadaConfiguration.fromEnvironment(["HROMADA_TRUSTED_PROXIES": "127.0.0.1, \(malformed)"])
                }
            }
            do {
                _ = try HromadaConfiguration.fromEnvironment(["HROMADA_TRUSTED_PROXIES": "10.0.0.0/8, 10.0.0.0/33"])
                Issue.record("a malformed range was accepted")
            } catch let error as ConfigurationError {
                #expect(error.description == "HROMADA_TRUSTED_PROXIES must be a comma-separated list of IPv4 or IPv6 ranges such as 10.0.0.0/8 or fd00::/8 (got '10.0.0.0/33')")
            }
        }

        @Test("a range holds the addresses its prefix covers, of its own family; an IPv4-mapped IPv6 address is its IPv4 address")
        func ranges() throws {
            let private10 = try #require(IPNetwork(cidr: "10.0.0.0/8"))
            #expect(private10.contains(try #require(IPAddress("10.255.0.1"))))
            #expect(!private10.contains(try #require(IPAddress("11.0.0.1"))))
            #expect(private10.contains(try #require(IPAddress("::ffff:10.1.2.3"))))
            let odd = try #require(IPNetwork(cidr: "192.168.0.0/23"))
            #expect(odd.contains(try #require(IPAddress("192.168.1.200"))))
            #expect(!odd.contains(try #require(IPAddress("192.168.2.1"))))
            let unique = try #require(IPNetwork(cidr: "fd00::/8"))
            #expect(unique.contains(try #require(IPAddress("fd12:3456::1"))))
            #expect(!unique.contains(try #require(IPAddress("fe80::1"))))
            #expect(!unique.contains(try #require(IPAddress("10.0.0.1"))))
            #expect(try #require(IPNetwork(cidr: "0.0.0.0/0")).contains(try #require(IPAddress("8.8.8.8"))))
            #expect(try #require(IPNetwork(cidr: "::ffff:10.0.0.0/104")).description == "10.0.0.0/8")
            #expect(IPAddress("::ffff:10.1.2.3")?.description == "10.1.2.3")
            #expect(ClientAddress.resolve(peer: nil, forwardedFor: ["203.0.113.7"], trusted: [private10]) == "unknown")
        }

        /// Asks the live server what it takes for the client's address, sending `forwardedFor`
        /// as `X-Forwarded-For` lines.
        private func expectClientAddress(_ app: Application, _ base: String, _ forwardedFor: [String], is expected: String, _ comment: Comment? = nil,
                                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
            var headers = HTTPHeaders()
            for value in forwardedFor { headers.add(name: .xForwardedFor, value: value) }
            let response = try await app.client.get(URI(string: "\(base)/demo-app/api/v1/client-address"), headers: headers)
            #expect(response.status == .ok, sourceLocation: sourceLocation)
            let address = response.body.map { String(buffer: $0) } ?? ""
            #expect(address == expected, comment, sourceLocation: sourceLocation)
        }

        private func expectSignIn(_ app: Application, _ base: String, password: String, forwardedFor: String, is expected: HTTPStatus,
                                  sourceLocation: SourceLocation = #_sourceLocation) async throws {
            var headers = jsonHeaders
            headers.add(name: .xForwardedFor, value: forwardedFor)
            let response = try await app.client.post(URI(string: "\(base)/demo-app/api/v1/session"), headers: headers) { request in
                request.body = json(["login": "olena@example.org", "password": password])
            }
            #expect(response.status == expected, sourceLocation: sourceLocation)
        }
    }
}
