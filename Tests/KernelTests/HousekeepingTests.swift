import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor

extension KernelTests {
    /// What housekeeping removes, and what it must keep.
    @Suite("Housekeeping")
    struct HousekeepingTests {
        @Test("expired reset links and codes go; sent mail goes after a week; open resets and unsent mail stay")
        func resetsAndMail() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                let account = try await makeAccount(app)
                let accountID = try account.requireID()
                let now = clock.now
                func reset(_ secret: String, expiresAt: Date) async throws {
                    try await PasswordResetRecord(accountID: accountID, kind: .link, secretHash: SecretToken.hash(secret),
                                                  createdAt: now, expiresAt: expiresAt).create(on: app.db)
                }
                try await reset("expired", expiresAt: now.addingTimeInterval(-1))
                try await reset("open", expiresAt: now.addingTimeInterval(PasswordResets.lifetime))
                func mail(_ to: String, status: MailOutboxRecord.Status, sentAt: Date?) async throws {
                    let record = MailOutboxRecord(mail: OutgoingMail(to: to, subject: "s", text: "t", html: "h"), messageID: "\(to)@test", at: now)
                    record.status = status
                    record.sentAt = sentAt
                    try await record.create(on: app.db)
                }
                try await mail("old@example.org", status: .sent, sentAt: now.addingTimeInterval(-Housekeeping.sentMailRetention - 1))
                try await mail("recent@example.org", status: .sent, sentAt: now.addingTimeInterval(-60))
                try await mail("pending@example.org", status: .pending, sentAt: nil)

                await Housekeeping.run(on: app.db, kernel: app.kernel, logger: app.logger)

                let resets = try await PasswordResetRecord.query(on: app.db).all().map(\.secretHash)
                #expect(resets == [SecretToken.hash("open")])
                let mails = Set(try await MailOutboxRecord.query(on: app.db).all().map(\.recipient))
                #expect(mails == ["recent@example.org", "pending@example.org"])
            }
        }
    }
}
