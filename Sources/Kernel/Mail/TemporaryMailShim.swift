// TEMPORARY: replaced by the mailer branch at merge.
import Fluent
import Foundation
import Vapor
public struct OutgoingMail: Sendable, Codable {
    public var to: String; public var subject: String; public var text: String; public var html: String
    public init(to: String, subject: String, text: String, html: String) { self.to = to; self.subject = subject; self.text = text; self.html = html }
}
public struct Mailer: Sendable { public func enqueue(_ mail: OutgoingMail, on db: any Database) async throws {} }
extension Request { public var mailer: Mailer { Mailer() } }
extension ServiceContext { public var mail: Mailer { Mailer() } }
public final class MailOutboxRecord: Model, @unchecked Sendable {
    public static let schema = "kernel_mail_outbox"
    @ID(key: .id) public var id: UUID?
    @Field(key: "recipient") public var recipient: String
    @Field(key: "text_body") public var textBody: String
    @Field(key: "html_body") public var htmlBody: String
    @Field(key: "created_at") public var createdAt: Date
    public init() {}
}
