import Foundation
import Logging

/// A mail ready to go: the outbox row's contents with the sender, the parsed recipient
/// and the Message-ID and Date fixed when it was queued (a retry sends the same message).
public struct PreparedMail: Sendable {
    public let mail: OutgoingMail
    public let from: MailAddress
    public let to: MailAddress
    public let messageID: String
    public let date: Date

    public init(mail: OutgoingMail, from: MailAddress, to: MailAddress, messageID: String, date: Date) {
        self.mail = mail
        self.from = from
        self.to = to
        self.messageID = messageID
        self.date = date
    }

    /// The RFC 5322 message, CRLF line ends.
    public var message: String {
        MIMEMessage(mail: mail, from: from, to: to, messageID: messageID, date: date).rendered()
    }
}

/// How mail leaves the server: SMTP (`SMTPMailTransport`) or the log (`ConsoleMailTransport`).
/// `send` returns once the mail has been handed over, and throws otherwise; the worker
/// retries unless the error is a `MailDeliveryFailure` that says it is permanent.
public protocol MailTransport: Sendable {
    func send(_ mail: PreparedMail) async throws
}

/// An error that knows whether trying again could help.
public protocol MailDeliveryFailure: Error {
    /// True when the mail can never be delivered as it is (the server refused the recipient).
    var isPermanent: Bool { get }
}

/// The back-end used without `SMTP_URL`: writes each mail to the server's log at `info`
/// level and counts it as sent, as Django's console back-end does — so someone running
/// `swift run hromada` can still follow a password-reset link.
public struct ConsoleMailTransport: MailTransport {
    let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public func send(_ mail: PreparedMail) async throws {
        logger.info("""
            Mail (no SMTP_URL set, so it is only logged)
            To: \(mail.to)
            Subject: \(mail.mail.subject)

            \(mail.mail.text)
            """, metadata: ["message-id": .string(mail.messageID)])
    }
}
