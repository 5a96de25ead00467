import Foundation
import Vapor

/// Where the data lives, parsed from `DATABASE_URL`.
public enum DatabaseLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String, searchPath: String?)

    /// `sqlite://PATH` (`sqlite://hromada.sqlite` is relative, `sqlite:///tmp/x.sqlite` absolute)
    /// or `postgres://user:pass@host:port/db` (also `postgresql://`).
    public init(url: String) throws {
        if url.hasPrefix("sqlite://") {
            let path = String(url.dropFirst("sqlite://".count))
            guard !path.isEmpty else { throw ConfigurationError("DATABASE_URL 'sqlite://' needs a file path, e.g. sqlite://hromada.sqlite") }
            self = .sqlite(path: path)
        } else if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            self = .postgres(url: url, searchPath: nil)
        } else {
            throw ConfigurationError("DATABASE_URL must start with sqlite:// or postgres:// (got '\(url.prefix(16))…')")
        }
    }

    public var isPostgres: Bool {
        if case .postgres = self { return true }
        return false
    }
}

public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Everything that can be set from the environment, with its default.
/// The README lists the same variables; keep the two in step.
public struct HromadaConfiguration: Sendable {
    public var database: DatabaseLocation = .sqlite(path: "hromada.sqlite")
    /// Connections per event loop for PostgreSQL.
    public var databasePoolSize = 8
    /// How long a request waits for a free PostgreSQL connection before it is answered 503
    /// with `Retry-After` (the server is overloaded); whole seconds.
    public var databasePoolTimeout: Duration = .seconds(10)
    /// How long opening a PostgreSQL connection may take (PostgresNIO's default, 10 s, for
    /// the server); tests on a loaded machine wait as long as for a pool slot.
    public var databaseConnectTimeout: Duration = .seconds(10)
    /// bcrypt cost; 12 in production, lowered only by tests.
    public var bcryptCost = 12
    /// The address people reach the server at, for links in e-mails (no trailing slash).
    public var publicURL = "http://127.0.0.1:8080"
    /// Mark cookies `Secure`; on by default when `HROMADA_PUBLIC_URL` is https.
    public var secureCookies = false
    /// Seed demo data and print demo accounts at start.
    public var demoData = true
    /// Run migrations at start.
    public var autoMigrate = true
    /// How long the start waits for the PostgreSQL event listener to connect before serving
    /// (it keeps trying in the background after that).
    public var eventListenerStartTimeout: Duration = .seconds(10)
    /// Largest request body accepted.
    public var maxBodySize: ByteCount = "1mb"
    /// How long a web session lasts without use.
    public var sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// How long an API token lives.
    public var apiTokenLifetime: TimeInterval = 30 * 24 * 3600
    /// PostgreSQL channel that carries events between instances.
    public var eventChannel = "hromada_events"
    /// How long published events are kept for clients that reconnect.
    public var eventRetention: TimeInterval = 24 * 3600
    /// Seconds between heartbeats on event streams.
    public var heartbeatInterval: TimeInterval = 15
    /// Time zone for people who have not chosen one.
    public var defaultTimeZone = TimeZone(identifier: "Europe/Kyiv")!
    /// Reverse proxies whose `X-Forwarded-For` tells the client's address; none by default.
    public var trustedProxies: [IPNetwork] = []
    /// The SMTP server mail goes through (`smtp://user:pass@host:port`, `smtps://…`); without
    /// one, mail is written to the log (docs/mail.md).
    public var smtpURL: String?
    /// Certificates (PEM) to trust for the SMTP server instead of the system's.
    public var smtpCAFile: String?
    /// The sender of every mail: `Name <address>` or an address.
    public var mailFrom = "Hromada <no-reply@localhost>"
    /// How often the mail and push workers look for due work when nobody nudged them (a
    /// change that queues work nudges its own server's worker at once).
    public var outboxPollInterval: Duration = .seconds(5)
    /// The server's own certificate chain and key (PEM): with them it serves HTTPS itself.
    public var tls: TLSFiles?
    /// With TLS: a port on which plain HTTP is answered with a redirect to HTTPS.
    public var httpRedirectPort: Int?

    public struct TLSFiles: Sendable, Equatable {
        public var certificateChain: String
        public var privateKey: String

        public init(certificateChain: String, privateKey: String) {
            self.certificateChain = certificateChain
            self.privateKey = privateKey
        }
    }

    public init() {}

    /// Reads the environment; unknown or malformed values stop the server with a clear message.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> HromadaConfiguration {
        var config = HromadaConfiguration()
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            config.database = try DatabaseLocation(url: url)
        }
        config.databasePoolSize = try int(environment, "DATABASE_POOL_SIZE", default: config.databasePoolSize, in: 1...200)
        config.bcryptCost = try int(environment, "HROMADA_BCRYPT_COST", default: config.bcryptCost, in: 4...31)
        let publicURL = environment["HROMADA_PUBLIC_URL"] ?? ""
        if !publicURL.isEmpty {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ConfigurationError("HROMADA_PUBLIC_URL must be an http:// or https:// address (got '\(publicURL)')")
            }
            config.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        }
        config.tls = try tlsFiles(environment)
        if let text = environment["HROMADA_HTTP_REDIRECT_PORT"], !text.isEmpty {
            guard config.tls != nil else {
                throw ConfigurationError("HROMADA_HTTP_REDIRECT_PORT redirects to HTTPS, which needs HROMADA_TLS_CERT_FILE and HROMADA_TLS_KEY_FILE")
            }
            config.httpRedirectPort = try int(environment, "HROMADA_HTTP_REDIRECT_PORT", default: 0, in: 0...65535)
        }
        // Served over HTTPS (here, or behind a proxy that says so in the public address):
        // cookies are Secure and browsers are told to keep to HTTPS (HSTS).
        config.secureCookies = try bool(environment, "HROMADA_SECURE_COOKIES",
                                        default: publicURL.lowercased().hasPrefix("https://") || config.tls != nil)
        config.demoData = try bool(environment, "HROMADA_DEMO_DATA", default: config.demoData)
        config.autoMigrate = try bool(environment, "HROMADA_AUTO_MIGRATE", default: config.autoMigrate)
        if let size = environment["HROMADA_MAX_BODY_SIZE"], !size.isEmpty {
            config.maxBodySize = try byteCount(size, key: "HROMADA_MAX_BODY_SIZE")
        }
        if let zone = environment["HROMADA_TIME_ZONE"], !zone.isEmpty {
            guard let timeZone = TimeZone(identifier: zone) else { throw ConfigurationError("HROMADA_TIME_ZONE '\(zone)' is not a time zone") }
            config.defaultTimeZone = timeZone
        }
        config.trustedProxies = try networks(environment, "HROMADA_TRUSTED_PROXIES")
        if let url = environment["SMTP_URL"], !url.isEmpty {
            _ = try SMTPSettings(url: url)
            config.smtpURL = url
        }
        if let file = environment["SMTP_CA_FILE"], !file.isEmpty {
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw ConfigurationError("SMTP_CA_FILE '\(file)' is not a readable file")
            }
            config.smtpCAFile = file
        }
        if let from = environment["MAIL_FROM"], !from.isEmpty {
            guard (try? MailAddress(parsing: from)) != nil else {
                throw ConfigurationError("MAIL_FROM must be an address such as 'Hromada <no-reply@example.org>' (got '\(from)')")
            }
            config.mailFrom = from
        }
        return config
    }

    /// A comma-separated list of CIDR ranges (`10.0.0.0/8, fd00::/8`; a bare address is a
    /// range of one); empty entries are skipped.
    static func networks(_ env: [String: String], _ key: String) throws -> [IPNetwork] {
        try (env[key] ?? "").split(separator: ",").compactMap { entry in
            let cidr = entry.trimmingCharacters(in: .whitespaces)
            if cidr.isEmpty { return nil }
            guard let network = IPNetwork(cidr: cidr) else {
                throw ConfigurationError("\(key) must be a comma-separated list of IPv4 or IPv6 ranges such as 10.0.0.0/8 or fd00::/8 (got '\(cidr)')")
            }
            return network
        }
    }

    private static func int(_ env: [String: String], _ key: String, default value: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = env[key], !text.isEmpty else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw ConfigurationError("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')")
        }
        return number
    }

    /// "512kb", "2mb" or a number of bytes. (Vapor's own parser traps on bad input.)
    private static func byteCount(_ text: String, key: String) throws -> ByteCount {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        let units: [(String, Int)] = [("kb", 1_024), ("mb", 1_024 * 1_024), ("gb", 1_024 * 1_024 * 1_024), ("b", 1)]
        let (digits, multiplier) = units.first { lower.hasSuffix($0.0) }.map { (String(lower.dropLast($0.0.count)), $0.1) } ?? (lower, 1)
        guard let number = Int(digits), number > 0 else {
            throw ConfigurationError("\(key) must be a size such as 512kb or 2mb (got '\(text)')")
        }
        return ByteCount(value: number * multiplier)
    }

    /// `HROMADA_TLS_CERT_FILE` and `HROMADA_TLS_KEY_FILE`: both or neither, each readable.
    static func tlsFiles(_ env: [String: String]) throws -> TLSFiles? {
        let certificate = env["HROMADA_TLS_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let key = env["HROMADA_TLS_KEY_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        switch (certificate, key) {
        case (nil, nil): return nil
        case let (certificate?, key?):
            for (name, file) in [("HROMADA_TLS_CERT_FILE", certificate), ("HROMADA_TLS_KEY_FILE", key)] where !FileManager.default.isReadableFile(atPath: file) {
                throw ConfigurationError("\(name) '\(file)' is not a readable file")
            }
            return TLSFiles(certificateChain: certificate, privateKey: key)
        default:
            throw ConfigurationError("HROMADA_TLS_CERT_FILE and HROMADA_TLS_KEY_FILE go together: set both to serve HTTPS, or neither")
        }
    }

    private static func bool(_ env: [String: String], _ key: String, default value: Bool) throws -> Bool {
        guard let text = env[key]?.lowercased(), !text.isEmpty else { return value }
        switch text {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationError("\(key) must be true or false (got '\(text)')")
        }
    }
}
