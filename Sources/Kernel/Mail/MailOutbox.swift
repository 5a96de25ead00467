import Fluent
import Foundation

/// One mail in the outbox (`kernel_mail_outbox`): written in the transaction of the
/// change that causes it, sent later by a `MailWorker`, kept afterwards as a record of
/// what was sent or why it could not be.
public final class MailOutboxRecord: Model, @unchecked Sendable {
    public static let schema = "kernel_mail_outbox"

    public typealias Status = OutboxStatus

    @ID(key: .id) public var id: UUID?
    @Field(key: "recipient") public var recipient: String
    @Field(key: "subject") public var subject: String
    @Field(key: "text_body") public var textBody: String
    @Field(key: "html_body") public var htmlBody: String
    /// Fixed when queued, so every attempt sends the same message.
    @Field(key: "message_id") public var messageID: String
    /// `OutgoingMail.unsubscribeURL` (K017).
    @OptionalField(key: "list_unsubscribe") public var unsubscribeURL: String?
    @Field(key: "status") public var status: Status
    @Field(key: "attempts") public var attempts: Int
    @Field(key: "next_attempt_at") public var nextAttemptAt: Date
    /// A worker's claim lasts until then; a worker that died lets go by not renewing it.
    @OptionalField(key: "claimed_until") public var claimedUntil: Date?
    @OptionalField(key: "claimed_by") public var claimedBy: String?
    @OptionalField(key: "last_error") public var lastError: String?
    @Field(key: "created_at") public var createdAt: Date
    @OptionalField(key: "sent_at") public var sentAt: Date?

    public init() {}

    init(mail: OutgoingMail, messageID: String, at date: Date) {
        self.id = UUID()
        self.recipient = mail.to
        self.subject = mail.subject
        self.textBody = mail.text
        self.htmlBody = mail.html
        self.messageID = messageID
        self.unsubscribeURL = mail.unsubscribeURL
        self.status = .pending
        self.attempts = 0
        self.nextAttemptAt = date
        self.createdAt = date
    }

    public var mail: OutgoingMail {
        OutgoingMail(to: recipient, subject: subject, text: textBody, html: htmlBody, unsubscribeURL: unsubscribeURL)
    }
}
