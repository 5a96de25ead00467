import Foundation
import Kernel
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

/// The SMTP sink scripts/test starts (scripts/lib/smtp_sink.py): its URLs, the folder
/// it writes each received message to, and the certificate it presents.
struct SMTPSink {
    let url: String
    let implicitTLSURL: String?
    let maildir: URL
    let certificateFile: String?

    /// Tests that need the sink run when it is there — and under CI always, where a
    /// missing sink must fail them rather than let them pass unrun. Locally they show as
    /// skipped.
    static var isAvailableOrRequired: Bool {
        fromEnvironment != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    static let missingMessage: Comment = "TEST_SMTP_URL and TEST_SMTP_MAILDIR are not set: scripts/test starts the SMTP sink (scripts/lib/smtp_sink.sh) and sets them"

    static var fromEnvironment: SMTPSink? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["TEST_SMTP_URL"], !url.isEmpty, let maildir = environment["TEST_SMTP_MAILDIR"], !maildir.isEmpty else { return nil }
        return SMTPSink(url: url, implicitTLSURL: environment["TEST_SMTPS_URL"].flatMap { $0.isEmpty ? nil : $0 },
                        maildir: URL(fileURLWithPath: maildir), certificateFile: environment["TEST_SMTP_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Settings for `url` that trust the sink's self-signed certificate (and only it).
    func settings(url: String? = nil, port: Int? = nil) throws -> SMTPSettings {
        var settings = try SMTPSettings(url: url ?? self.url)
        if let port { settings.port = port }
        settings.trustRootsPEMFile = certificateFile
        return settings
    }

    /// Every message the sink received for `recipient`, oldest first.
    func messages(to recipient: String) throws -> [ReceivedMail] {
        let names = try FileManager.default.contentsOfDirectory(atPath: maildir.path).filter { $0.hasSuffix(".eml") }.sorted()
        return try names.compactMap { name in
            let mail = try ReceivedMail(raw: String(decoding: Data(contentsOf: maildir.appendingPathComponent(name)), as: UTF8.self))
            return mail.envelopeRecipients.contains(recipient) ? mail : nil
        }
    }
}

/// A message as the sink wrote it, taken apart enough for tests: headers, the decoded
/// Subject, and the decoded body of each MIME part by content type.
struct ReceivedMail {
    let headers: [(name: String, value: String)]
    let parts: [String: String]

    init(raw: String) throws {
        let normalised = raw.replacingOccurrences(of: "\r\n", with: "\n")
        let (head, body) = Self.split(normalised)
        headers = Self.headers(head)
        var parts: [String: String] = [:]
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
        if let boundary = contentType.components(separatedBy: "boundary=\"").dropFirst().first?.split(separator: "\"").first {
            for section in body.components(separatedBy: "--\(boundary)").dropFirst() where !section.hasPrefix("--") {
                let (partHead, partBody) = Self.split(String(section.drop { $0 == "\n" }))
                let partHeaders = Self.headers(partHead)
                let type = partHeaders.first { $0.name.lowercased() == "content-type" }?.value.split(separator: ";").first.map(String.init) ?? ""
                let encoded = partBody.split(separator: "\n").joined()
                parts[type] = try String(decoding: #require(Data(base64Encoded: encoded)), as: UTF8.self)
            }
        }
        self.parts = parts
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var envelopeRecipients: [String] {
        (header("X-Sink-Rcpt-To") ?? "").components(separatedBy: ", ")
    }

    /// The Subject with its RFC 2047 encoded words decoded.
    var subject: String {
        (header("Subject") ?? "").split(separator: " ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                  let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) else { return String(word) }
            return String(decoding: data, as: UTF8.self)
        }.joined()
    }

    private static func split(_ text: String) -> (head: String, body: String) {
        guard let range = text.range(of: "\n\n") else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    /// Headers with folded lines joined (the continuation's leading space kept, as RFC 5322 unfolds).
    private static func headers(_ head: String) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for line in head.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first == " " || line.first == "\t", !result.isEmpty {
                result[result.count - 1].value += String(line)
            } else if let colon = line.firstIndex(of: ":") {
                result.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
        }
        return result
    }
}

/// A TCP forwarder on one loopback port in front of the SMTP sink, which a test takes
/// down (the port is closed: connections are refused, as when the mail server is
/// stopped) and brings back up on the same port.
final class PausableForwarder: Sendable {
    let port: Int
    let target: (host: String, port: Int)
    private let listener = NIOLockedValueBox<(channel: any Channel, task: Task<Void, Never>)?>(nil)

    /// A forwarder that starts down, on a port that was free a moment ago.
    init(to target: (host: String, port: Int)) async throws {
        let probe = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        port = try #require(probe.localAddress?.port)
        try await probe.close()
        self.target = target
    }

    func up() async throws {
        let target = self.target
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { child in
                child.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: child) }
            }
        let task = Task {
            _ = try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        group.addTask { await Self.forward(client, to: target) }
                    }
                }
            }
        }
        listener.withLockedValue { $0 = (server.channel, task) }
    }

    func down() async {
        guard let listening = listener.withLockedValue({ value in defer { value = nil }; return value }) else { return }
        try? await listening.channel.close()
        listening.task.cancel()
        await listening.task.value
    }

    private static func forward(_ client: NIOAsyncChannel<ByteBuffer, ByteBuffer>, to target: (host: String, port: Int)) async {
        do {
            let upstream = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: target.host, port: target.port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
            try await client.executeThenClose { clientIn, clientOut in
                try await upstream.executeThenClose { serverIn, serverOut in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { for try await bytes in clientIn { try await serverOut.write(bytes) } }
                        group.addTask { for try await bytes in serverIn { try await clientOut.write(bytes) } }
                        // Either side closing ends the connection.
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
        } catch {
            // The connection ends; the client sees it closed.
        }
    }
}

/// A log handler that keeps what is logged, for tests that read the log.
struct CapturingLogHandler: LogHandler {
    final class Lines: Sendable {
        private let lines = NIOLockedValueBox<[(level: Logger.Level, message: String)]>([])
        var all: [(level: Logger.Level, message: String)] { lines.withLockedValue { $0 } }
        func append(_ level: Logger.Level, _ message: String) { lines.withLockedValue { $0.append((level, message)) } }
    }

    let lines: Lines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    func log(event: LogEvent) {
        lines.append(event.level, event.message.description)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    static func logger() -> (Logger, Lines) {
        let lines = Lines()
        return (Logger(label: "mail-test") { _ in CapturingLogHandler(lines: lines) }, lines)
    }
}

/// A transport that fails as told, counting what it was asked to send.
final class ScriptedTransport: MailTransport {
    struct Failure: MailDeliveryFailure, CustomStringConvertible {
        let isPermanent: Bool
        var description: String { isPermanent ? "refused for good" : "temporarily unavailable" }
    }

    private let state = NIOLockedValueBox<(failures: [Failure], sent: [PreparedMail])>(([], []))

    init(failures: [Failure] = []) {
        state.withLockedValue { $0.failures = failures }
    }

    var sent: [PreparedMail] { state.withLockedValue { $0.sent } }

    func failNext(_ failures: [Failure]) {
        state.withLockedValue { $0.failures = failures }
    }

    func send(_ mail: PreparedMail) async throws {
        try state.withLockedValue { state in
            if !state.failures.isEmpty { throw state.failures.removeFirst() }
            state.sent.append(mail)
        }
    }
}

/// A scripted SMTP server on loopback for what the real sink cannot show: a server that
/// offers no STARTTLS, and chosen replies. It answers EHLO without STARTTLS or AUTH,
/// RCPT TO with `rcptReply`, and keeps the commands and the (un-dot-stuffed) DATA it got.
final class ScriptedSMTPServer: Sendable {
    let port: Int
    private let channel: any Channel
    private let task: Task<Void, Never>
    private let received = NIOLockedValueBox<(commands: [String], data: [String])>(([], []))

    var commands: [String] { received.withLockedValue { $0.commands } }
    var data: [String] { received.withLockedValue { $0.data } }

    init(rcptReply: String = "250 OK") async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: child) }
            }
        port = try #require(server.channel.localAddress?.port)
        channel = server.channel
        let received = self.received
        task = Task {
            _ = try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        group.addTask { try? await Self.converse(with: client, rcptReply: rcptReply, received: received) }
                    }
                }
            }
        }
    }

    func stop() async {
        try? await channel.close()
        task.cancel()
        await task.value
    }

    private static func converse(with client: NIOAsyncChannel<ByteBuffer, ByteBuffer>, rcptReply: String,
                                 received: NIOLockedValueBox<(commands: [String], data: [String])>) async throws {
        try await client.executeThenClose { inbound, outbound in
            func reply(_ text: String) async throws { try await outbound.write(ByteBuffer(string: text + "\r\n")) }
            try await reply("220 scripted ESMTP")
            var pending = ""
            var message: [String]?
            for try await bytes in inbound {
                pending += String(buffer: bytes)
                while let end = pending.range(of: "\r\n") {
                    let line = String(pending[..<end.lowerBound])
                    pending = String(pending[end.upperBound...])
                    if var lines = message {
                        if line == "." {
                            received.withLockedValue { $0.data.append(lines.joined(separator: "\r\n") + "\r\n") }
                            message = nil
                            try await reply("250 queued")
                        } else {
                            lines.append(line.hasPrefix(".") ? String(line.dropFirst()) : line)
                            message = lines
                        }
                        continue
                    }
                    received.withLockedValue { $0.commands.append(line) }
                    switch line.prefix(4).uppercased() {
                    case "EHLO": try await reply("250-scripted\r\n250-SIZE 100000\r\n250 8BITMIME")
                    case "MAIL": try await reply("250 OK")
                    case "RCPT": try await reply(rcptReply)
                    case "DATA":
                        message = []
                        try await reply("354 go ahead")
                    case "QUIT":
                        try await reply("221 bye")
                        return
                    default: try await reply("502 not implemented")
                    }
                }
            }
        }
    }
}
