import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// Where and how to reach the SMTP server, parsed from `SMTP_URL`:
/// `smtp://user:pass@host:port` (STARTTLS when the server offers it; port 587 by
/// default) or `smtps://user:pass@host:port` (TLS from the first byte; port 465).
/// User and password are optional and percent-decoded.
public struct SMTPSettings: Sendable {
    public enum Security: Sendable, Equatable {
        /// Plain TCP, upgraded with STARTTLS when the server offers it.
        case startTLSWhenOffered
        /// TLS from the first byte (`smtps://`).
        case implicitTLS
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    public var password: String?
    /// The name the client gives in EHLO.
    public var heloName = "localhost"
    public var connectTimeout: TimeAmount = .seconds(10)
    /// The longest one mail's whole SMTP conversation may take. The outbox lease
    /// (`MailWorker.lease`) must be longer, or a slow send could be claimed twice.
    public var sessionTimeout: TimeAmount = .seconds(60)
    /// A PEM file of the certificates to trust instead of the system's (`SMTP_CA_FILE`: a
    /// relay with a certificate of its own, or the test SMTP server's self-signed one).
    /// Certificates are always verified.
    public var trustRootsPEMFile: String?

    public init(url: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else {
            throw ConfigurationError("SMTP_URL must look like smtp://user:password@host:port or smtps://… (got '\(Self.redacted(url))')")
        }
        switch scheme {
        case "smtp": security = .startTLSWhenOffered
        case "smtps": security = .implicitTLS
        default: throw ConfigurationError("SMTP_URL must start with smtp:// or smtps:// (got '\(Self.redacted(url))')")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw ConfigurationError("SMTP_URL has no valid port (got '\(Self.redacted(url))')")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? (security == .implicitTLS ? 465 : 587)
        self.username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
        self.password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        if (username == nil) != (password == nil) {
            throw ConfigurationError("SMTP_URL needs both a user and a password, or neither (got '\(Self.redacted(url))')")
        }
    }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "smtp://…"
    }
}

/// Why a mail could not be handed to the SMTP server.
public enum SMTPError: MailDeliveryFailure, CustomStringConvertible {
    /// The server answered `code` to `command`.
    case rejected(command: String, code: Int, message: String)
    case connectionClosed
    case timedOut
    case malformedReply(String)
    /// Credentials are configured but the server offers no AUTH we speak (PLAIN, LOGIN).
    case noSupportedAuthentication
    /// Credentials are configured but the connection is not encrypted.
    case wouldSendPasswordInClear

    /// Only the server's refusal of the recipient (a 5xx to RCPT TO) cannot change by
    /// retrying; everything else may be the server's or our configuration's passing state.
    public var isPermanent: Bool {
        if case .rejected(let command, let code, _) = self { return command == "RCPT TO" && (500..<600).contains(code) }
        return false
    }

    public var description: String {
        switch self {
        case .rejected(let command, let code, let message): "the SMTP server answered \(code) to \(command): \(message)"
        case .connectionClosed: "the SMTP server closed the connection"
        case .timedOut: "the SMTP conversation took too long"
        case .malformedReply(let line): "the SMTP server sent a line that is not a reply: '\(line.prefix(80))'"
        case .noSupportedAuthentication: "the SMTP server offers no AUTH mechanism this client speaks (PLAIN, LOGIN)"
        case .wouldSendPasswordInClear: "the SMTP server offers no STARTTLS; not sending the password in clear (use smtps:// or a server with STARTTLS)"
        }
    }
}

/// Sends each mail over a connection of its own: connect, EHLO, STARTTLS when offered,
/// AUTH when the URL has credentials, MAIL FROM, RCPT TO, DATA, QUIT. Small on purpose
/// (there is no Swift SMTP package we can use here, see docs/mail.md); one connection per
/// mail is plenty for the mail a community server sends.
public struct SMTPMailTransport: MailTransport {
    let settings: SMTPSettings
    let tls: NIOSSLContext
    let group: any EventLoopGroup

    public init(settings: SMTPSettings, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let file = settings.trustRootsPEMFile {
            configuration.trustRoots = .file(file)
        }
        self.settings = settings
        self.tls = try NIOSSLContext(configuration: configuration)
        self.group = group
    }

    public func send(_ mail: PreparedMail) async throws {
        let channel = try await connect()
        let timedOut = NIOLockedValueBox(false)
        let deadline = channel.channel.eventLoop.scheduleTask(in: settings.sessionTimeout) {
            timedOut.withLockedValue { $0 = true }
            channel.channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            try await channel.executeThenClose { inbound, outbound in
                var dialogue = SMTPDialogue(replies: SMTPReplyReader(inbound.makeAsyncIterator()), outbound: outbound)
                try await converse(&dialogue, channel: channel.channel, mail: mail)
            }
        } catch {
            if timedOut.withLockedValue({ $0 }) { throw SMTPError.timedOut }
            throw error
        }
    }

    private func connect() async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let implicitTLS = settings.security == .implicitTLS
        let tls = self.tls, hostname = serverHostname
        return try await ClientBootstrap(group: group)
            .connectTimeout(settings.connectTimeout)
            .connect(host: settings.host, port: settings.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: hostname))
                    }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// The host name for SNI and certificate checks; nil for an IP address, which
    /// NIOSSL then checks against the certificate's IP addresses instead.
    private var serverHostname: String? {
        (try? SocketAddress(ipAddress: settings.host, port: 0)) == nil ? settings.host : nil
    }

    private func converse(_ dialogue: inout SMTPDialogue, channel: any Channel, mail: PreparedMail) async throws {
        try await dialogue.expectReply(to: "greeting", 220)
        var capabilities = try await dialogue.ehlo(settings.heloName)
        var encrypted = settings.security == .implicitTLS
        if !encrypted, capabilities.contains("STARTTLS") {
            try await dialogue.command("STARTTLS", 220)
            let tls = self.tls, hostname = serverHostname
            try await channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: hostname), position: .first)
            }.get()
            encrypted = true
            capabilities = try await dialogue.ehlo(settings.heloName)
        }
        if let username = settings.username, let password = settings.password {
            guard encrypted else { throw SMTPError.wouldSendPasswordInClear }
            try await dialogue.authenticate(username: username, password: password, capabilities: capabilities)
        }
        try await dialogue.command("MAIL FROM:<\(mail.from.address)>", name: "MAIL FROM", 250)
        try await dialogue.command("RCPT TO:<\(mail.to.address)>", name: "RCPT TO", 250, 251)
        try await dialogue.command("DATA", 354)
        try await dialogue.sendData(mail.message)
        // The mail is delivered once the server has said 250 to its end; a failed QUIT changes nothing.
        _ = try? await dialogue.command("QUIT", 221)
    }
}

/// One SMTP conversation: commands out, replies in.
struct SMTPDialogue {
    var replies: SMTPReplyReader
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Sends `line` and expects one of `codes`; `name` is what an error calls the command
    /// (never the line itself, which may carry a password).
    @discardableResult
    mutating func command(_ line: String, name: String? = nil, _ codes: Int...) async throws -> SMTPReply {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        return try await expectReply(to: name ?? line, codes)
    }

    @discardableResult
    mutating func expectReply(to command: String, _ codes: Int...) async throws -> SMTPReply {
        try await expectReply(to: command, codes)
    }

    mutating func expectReply(to command: String, _ codes: [Int]) async throws -> SMTPReply {
        let reply = try await replies.next()
        guard codes.contains(reply.code) else {
            throw SMTPError.rejected(command: command, code: reply.code, message: reply.lines.joined(separator: " "))
        }
        return reply
    }

    /// EHLO, and the extensions the server announces, upper-cased (`STARTTLS`, `AUTH PLAIN LOGIN`).
    mutating func ehlo(_ name: String) async throws -> Set<String> {
        let reply = try await command("EHLO \(name)", name: "EHLO", 250)
        return Set(reply.lines.dropFirst().map { $0.uppercased() })
    }

    /// AUTH PLAIN when offered, else AUTH LOGIN.
    mutating func authenticate(username: String, password: String, capabilities: Set<String>) async throws {
        let mechanisms = Set(capabilities.filter { $0.hasPrefix("AUTH ") || $0.hasPrefix("AUTH=") }
            .flatMap { $0.dropFirst(5).split(separator: " ").map(String.init) })
        if mechanisms.contains("PLAIN") {
            let token = Self.base64("\u{0}\(username)\u{0}\(password)")
            try await command("AUTH PLAIN \(token)", name: "AUTH PLAIN", 235)
        } else if mechanisms.contains("LOGIN") {
            try await command("AUTH LOGIN", 334)
            try await command(Self.base64(username), name: "AUTH LOGIN (user)", 334)
            try await command(Self.base64(password), name: "AUTH LOGIN (password)", 235)
        } else {
            throw SMTPError.noSupportedAuthentication
        }
    }

    /// The message, dot-stuffed, then the lone dot that ends it.
    mutating func sendData(_ message: String) async throws {
        try await outbound.write(ByteBuffer(string: Self.dotStuffed(message) + ".\r\n"))
        try await expectReply(to: "end of DATA", 250)
    }

    /// CRLF line ends, a line that starts with "." doubled (RFC 5321 4.5.2), ending in CRLF.
    static func dotStuffed(_ message: String) -> String {
        let lines = MIMEMessage.canonicalLineEnds(message).components(separatedBy: "\r\n")
        let body = lines.last == "" ? lines.dropLast() : lines[...]
        return body.map { $0.hasPrefix(".") ? "." + $0 : $0 }.map { $0 + "\r\n" }.joined()
    }

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
}

/// A reply: its code and each line's text (`250-SIZE 1000` gives `SIZE 1000`).
struct SMTPReply {
    let code: Int
    let lines: [String]
}

/// Reads replies from the connection, one line at a time, joining a multi-line reply.
struct SMTPReplyReader {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var buffer = ByteBuffer()
    /// No SMTP server sends a line this long; one that does is not an SMTP server.
    private static let longestLine = 64 * 1024

    init(_ iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) {
        self.iterator = iterator
    }

    mutating func next() async throws -> SMTPReply {
        var lines: [String] = []
        while true {
            let line = try await nextLine()
            let bytes = Array(line.utf8)
            guard bytes.count >= 3, let code = Int(String(line.prefix(3))), (200..<600).contains(code) else {
                throw SMTPError.malformedReply(line)
            }
            lines.append(String(line.dropFirst(4)))
            if bytes.count == 3 || bytes[3] == UInt8(ascii: " ") { return SMTPReply(code: code, lines: lines) }
            guard bytes[3] == UInt8(ascii: "-") else { throw SMTPError.malformedReply(line) }
        }
    }

    private mutating func nextLine() async throws -> String {
        while true {
            if let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                var bytes = buffer.readBytes(length: newline - buffer.readerIndex + 1) ?? []
                bytes.removeLast()  // LF
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                return String(decoding: bytes, as: UTF8.self)
            }
            guard buffer.readableBytes < Self.longestLine else { throw SMTPError.malformedReply("(a line longer than 64 KiB)") }
            guard var more = try await iterator.next() else { throw SMTPError.connectionClosed }
            buffer.writeBuffer(&more)
        }
    }
}
