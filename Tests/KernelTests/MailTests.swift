import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor

private let sender = try! MailAddress(parsing: "Громада <no-reply@hromada.example>")

/// A mail in Ukrainian with a recipient no other test uses (the sink's folder is shared).
private func ukrainianMail(to domain: String = "example.org", number: Int = 0) -> OutgoingMail {
    let recipient = "olena-\(UUID().uuidString.prefix(8).lowercased())-\(number)@\(domain)"
    return OutgoingMail(
        to: recipient,
        subject: "Відновлення пароля до «Громади» — посилання діє годину",
        text: "Вітаємо, Олено!\n.\nЩоб задати новий пароль, відкрийте посилання:\nhttps://hromada.example/reset?t=abc",
        html: "<p>Вітаємо, Олено!</p>\n<p><a href=\"https://hromada.example/reset?t=abc\">Задати новий пароль</a></p>")
}

private func outbox(_ app: Application) async throws -> [MailOutboxRecord] {
    try await MailOutboxRecord.query(on: app.db).all()
}

extension KernelTests {
    @Suite("Mail: message format")
    struct MailFormatTests {
        @Test("a Ukrainian subject becomes encoded words of at most 75 characters that decode back")
        func encodedSubject() throws {
            let subject = "Відновлення пароля до «Громади» — посилання діє годину"
            let encoded = MIMEMessage.encodedWords(subject)
            let words = encoded.components(separatedBy: "\r\n ")
            #expect(words.count > 1)
            for word in words {
                #expect(word.count <= 75)
                #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            }
            let decoded = words.map { String(decoding: Data(base64Encoded: String($0.dropFirst(10).dropLast(2)))!, as: UTF8.self) }.joined()
            #expect(decoded == subject)
            #expect(MIMEMessage.encodedWords("Your password") == "Your password")
            #expect(MIMEMessage.encodedWords("two\r\nlines") == "two lines", "a line break would start a new header")
        }

        @Test("the message is multipart/alternative with both parts in UTF-8, dated, with a Message-ID, lines within 78 characters")
        func renderedMessage() throws {
            let mail = ukrainianMail()
            let date = Date(timeIntervalSince1970: 1_790_000_000)
            let prepared = PreparedMail(mail: mail, from: sender, to: try MailAddress(parsing: mail.to), messageID: "\(UUID().uuidString.lowercased())@hromada.example", date: date)
            let message = prepared.message
            let received = try ReceivedMail(raw: message)
            #expect(received.header("Date") == "Mon, 21 Sep 2026 14:13:20 +0000")
            #expect(received.header("Message-ID") == "<\(prepared.messageID)>")
            #expect(received.header("MIME-Version") == "1.0")
            #expect(received.header("To") == mail.to)
            #expect(received.header("From") == "=?UTF-8?B?0JPRgNC+0LzQsNC00LA=?= <no-reply@hromada.example>")
            #expect(received.header("Content-Type")?.hasPrefix("multipart/alternative; boundary=") == true)
            #expect(received.subject == mail.subject)
            #expect(received.parts["text/plain"] == mail.text.replacingOccurrences(of: "\n", with: "\r\n"))
            #expect(received.parts["text/html"] == mail.html.replacingOccurrences(of: "\n", with: "\r\n"))
            #expect(message.contains("Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64"))
            #expect(!message.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "only CRLF line ends")
            for line in message.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 78, "\(line)") }
        }

        @Test("mail a person may decline carries RFC 8058's List-Unsubscribe and List-Unsubscribe-Post; an address that could end the header is left out")
        func oneClickUnsubscribe() throws {
            func received(_ url: String?) throws -> ReceivedMail {
                var mail = ukrainianMail()
                mail.unsubscribeURL = url
                return try ReceivedMail(raw: PreparedMail(mail: mail, from: sender, to: try MailAddress(parsing: mail.to), messageID: "m@hromada.example",
                                                          date: Date()).message)
            }
            let declinable = try received("https://hromada.example/movejoin/unsubscribe/abc-DEF_123")
            #expect(declinable.header("List-Unsubscribe") == "<https://hromada.example/movejoin/unsubscribe/abc-DEF_123>")
            #expect(declinable.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
            #expect(try received(nil).header("List-Unsubscribe") == nil, "a password reset cannot be declined")
            let injected = try received("https://x.example/u>\r\nBcc: y@z.example")
            #expect(injected.header("List-Unsubscribe") == nil && injected.header("Bcc") == nil)
        }

        @Test("a line that starts with a dot is doubled in DATA, and every line ends in CRLF")
        func dotStuffing() {
            #expect(SMTPDialogue.dotStuffed("a\n.\n..b\nc") == "a\r\n..\r\n...b\r\nc\r\n")
            #expect(SMTPDialogue.dotStuffed("a\r\n.b\r\n") == "a\r\n..b\r\n")
        }

        @Test("addresses: a display name is kept; anything that could inject a header or a command is refused")
        func addresses() throws {
            let named = try MailAddress(parsing: "Олена Петренко <olena@example.org>")
            #expect(named.name == "Олена Петренко" && named.address == "olena@example.org")
            #expect(try MailAddress(parsing: " olena@example.org ").address == "olena@example.org")
            for bad in ["", "olena", "olena@", "@example.org", "olena@example.org\r\nBcc: x@y.z", "a b@example.org", "a@b@c", "олена@приклад.укр", "Olena <olena@example.org>\r\n"] {
                #expect(throws: MailError.self, "\(bad.debugDescription)") { try MailAddress(parsing: bad) }
            }
        }

        @Test("SMTP_URL: smtp:// and smtps://, default ports, percent-encoded credentials; a malformed one stops the start")
        func smtpURL() throws {
            let plain = try SMTPSettings(url: "smtp://mail.example.org")
            #expect(plain.security == .startTLSWhenOffered && plain.port == 587 && plain.username == nil && plain.password == nil)
            let secure = try SMTPSettings(url: "smtps://user%40example.org:p%40ss%3Aword@mail.example.org:2465")
            #expect(secure.security == .implicitTLS && secure.port == 2465 && secure.host == "mail.example.org")
            #expect(secure.username == "user@example.org" && secure.password == "p@ss:word")
            #expect(try SMTPSettings(url: "smtps://mail.example.org").port == 465)
            for bad in ["http://mail.example.org", "smtp://", "mail.example.org:25", "smtp://user@mail.example.org"] {
                #expect(throws: ConfigurationError.self, "\(bad)") { try SMTPSettings(url: bad) }
            }
            let error = #expect(throws: ConfigurationError.self) {
                try HromadaConfiguration.fromEnvironment(["SMTP_URL": "smtpx://user:secret@mail.example.org"])
            }
            #expect(error?.description.contains("SMTP_URL") == true)
            #expect(error?.description.contains("secret") == false, "the password is not printed")
            #expect(throws: ConfigurationError.self) { try HromadaConfiguration.fromEnvironment(["MAIL_FROM": "not an address"]) }
            let configured = try HromadaConfiguration.fromEnvironment(["SMTP_URL": "smtp://mail.example.org:25", "MAIL_FROM": "Громада <hello@hromada.example>"])
            #expect(configured.smtpURL == "smtp://mail.example.org:25" && configured.mailFrom == "Громада <hello@hromada.example>")
            #expect(try HromadaConfiguration.fromEnvironment([:]).smtpURL == nil)
        }

        @Test("back-off doubles from 30 seconds and stops growing at an hour")
        func backOff() {
            let policy = MailWorker.RetryPolicy()
            #expect((1...9).map { policy.delay(afterAttempt: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
        }
    }
}

extension KernelTests {
    @Suite("Mail: outbox and worker")
    struct MailOutboxTests {
        @Test("the outbox row is written in the caller's transaction and rolled back with it")
        func rolledBack() async throws {
            struct ChangeFailed: Error {}
            try await withDemo { app in
                await #expect(throws: ChangeFailed.self) {
                    try await app.db.transaction { db in
                        try await app.mailer.enqueue(ukrainianMail(), on: db)
                        throw ChangeFailed()
                    }
                }
                #expect(try await outbox(app).isEmpty)
                let mail = ukrainianMail()
                try await app.db.transaction { db in try await app.mailer.enqueue(mail, on: db) }
                let rows = try await outbox(app)
                #expect(rows.count == 1 && rows.first?.recipient == mail.to && rows.first?.status == .pending)
            }
        }

        @Test("a recipient that is not an address is refused when queued")
        func invalidRecipient() async throws {
            try await withDemo { app in
                let mail = OutgoingMail(to: "olena@example.org\r\nBcc: everyone@example.org", subject: "Привіт", text: "…", html: "<p>…</p>")
                await #expect(throws: MailError.self) { try await app.mailer.enqueue(mail, on: app.db) }
                let rows = try await outbox(app)
                #expect(rows.isEmpty)
            }
        }

        @Test("without SMTP_URL the mail is written to the log at info level and counted as sent")
        func consoleBackEnd() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                let mail = ukrainianMail()
                try await app.services.mail.enqueue(mail, on: app.db)
                let (logger, lines) = CapturingLogHandler.logger()
                let worker = MailWorker(database: app.db, transport: ConsoleMailTransport(logger: logger), clock: clock, from: sender, logger: logger)
                #expect(try await worker.deliverDue() == 1)
                let logged = try #require(lines.all.first { $0.message.contains(mail.to) })
                #expect(logged.level == .info)
                #expect(logged.message.contains(mail.subject) && logged.message.contains("https://hromada.example/reset?t=abc"))
                let row = try #require(try await outbox(app).first)
                #expect(row.status == .sent && row.sentAt == clock.now && row.attempts == 1 && row.claimedUntil == nil)
                #expect(try await worker.deliverDue() == 0, "sent once")
            }
        }

        @Test("a failed attempt waits its back-off, then the mail goes; after the last attempt it stays failed with the error")
        func retries() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                try await app.mailer.enqueue(ukrainianMail(), on: app.db)
                let transport = ScriptedTransport(failures: [.init(isPermanent: false)])
                var retry = MailWorker.RetryPolicy()
                retry.maxAttempts = 3
                let worker = MailWorker(database: app.db, transport: transport, clock: clock, from: sender, logger: app.logger, retry: retry)
                #expect(try await worker.deliverDue() == 0)
                var row = try #require(try await outbox(app).first)
                #expect(row.status == .pending && row.attempts == 1 && row.lastError == "temporarily unavailable")
                #expect(row.nextAttemptAt == clock.now.addingTimeInterval(30) && row.claimedUntil == nil)
                clock.advance(by: 29)
                #expect(try await worker.deliverDue() == 0, "not due yet")
                clock.advance(by: 1)
                #expect(try await worker.deliverDue() == 1)
                row = try #require(try await outbox(app).first)
                #expect(row.status == .sent && row.attempts == 2 && row.lastError == nil && transport.sent.count == 1)

                // Another mail that never gets through: three attempts, 30 s and 60 s apart.
                try await app.mailer.enqueue(ukrainianMail(), on: app.db)
                transport.failNext(Array(repeating: .init(isPermanent: false), count: 3))
                #expect(try await worker.deliverDue() == 0)
                clock.advance(by: 30)
                #expect(try await worker.deliverDue() == 0)
                clock.advance(by: 60)
                #expect(try await worker.deliverDue() == 0)
                clock.advance(by: 3600)
                #expect(try await worker.deliverDue() == 0, "given up: not tried again")
                let failed = try #require(try await outbox(app).first { $0.status != .sent })
                #expect(failed.status == .failed && failed.attempts == 3 && failed.lastError == "temporarily unavailable")
            }
        }

        @Test("a permanent refusal fails the mail at once")
        func permanentFailure() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                try await app.mailer.enqueue(ukrainianMail(), on: app.db)
                let worker = MailWorker(database: app.db, transport: ScriptedTransport(failures: [.init(isPermanent: true)]), clock: clock, from: sender, logger: app.logger)
                #expect(try await worker.deliverDue() == 0)
                let row = try #require(try await outbox(app).first)
                #expect(row.status == .failed && row.attempts == 1 && row.lastError == "refused for good")
            }
        }

        @Test("a claim held by a worker that died lapses, and another worker sends the mail")
        func lapsedClaim() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                try await app.mailer.enqueue(ukrainianMail(), on: app.db)
                let crashed = MailWorker(database: app.db, transport: ScriptedTransport(), clock: clock, from: sender, logger: app.logger)
                #expect(try await crashed.claimNext(on: app.db) != nil)  // claimed, then never settled
                let transport = ScriptedTransport()
                let other = MailWorker(database: app.db, transport: transport, clock: clock, from: sender, logger: app.logger)
                #expect(try await other.deliverDue() == 0, "still claimed")
                clock.advance(by: MailWorker.lease + 1)
                #expect(try await other.deliverDue() == 1)
                #expect(transport.sent.count == 1)
            }
        }

        @Test("the worker's doorbell: a ring ends a wait, or is kept for the next one; otherwise the wait times out")
        func doorbell() async throws {
            let bell = Doorbell()
            #expect(await bell.wait(upTo: .milliseconds(50)) == false)
            bell.ring()
            #expect(await bell.wait(upTo: .seconds(10)) == true)
            async let woken = bell.wait(upTo: .seconds(10))
            try await Task.sleep(for: .milliseconds(50))
            bell.ring()
            #expect(await woken == true)
            let cancelled = Task { await bell.wait(upTo: .seconds(10)) }
            cancelled.cancel()
            #expect(await cancelled.value == false)
        }

        @Test("the server's own worker sends a queued mail by itself (nudged after enqueue, not found by its poll)")
        func backgroundWorker() async throws {
            // The worker polls every ten minutes here: a mail sent within the test's time was
            // sent because enqueueing nudged it. (With the usual 5 s poll, a slow, loaded
            // machine could not tell the two apart in time.)
            try await withDemo(adjust: { $0.outboxPollInterval = .seconds(600) }) { app in
                try await app.asyncBoot()
                let mail = ukrainianMail()
                try await app.db.transaction { db in try await app.mailer.enqueue(mail, on: db) }
                let deadline = ContinuousClock.now + .seconds(20)
                while try await outbox(app).first?.status != .sent, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(try await outbox(app).first?.status == .sent, "sent by the nudge, long before the ten-minute poll")
            }
        }

        @Test("a nudge from a transaction that commits a second later: the worker looks again and sends the mail")
        func nudgeBeforeALateCommit() async throws {
            // On PostgreSQL the worker's first look, 250 ms after the nudge, cannot see the
            // uncommitted mail; the looks after it must. (On SQLite the look waits for the
            // writer, so this holds there either way.)
            try await withDemo(adjust: { $0.outboxPollInterval = .seconds(600) }) { app in
                try await app.asyncBoot()
                try await app.db.transaction { db in
                    try await app.mailer.enqueue(ukrainianMail(), on: db)
                    try await Task.sleep(for: .seconds(1))
                }
                let deadline = ContinuousClock.now + .seconds(20)
                while try await outbox(app).first?.status != .sent, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(try await outbox(app).first?.status == .sent, "sent after the commit, long before the ten-minute poll")
            }
        }
    }
}

extension KernelTests {
    @Suite("Mail: the SMTP client against a scripted server")
    struct SMTPClientTests {
        private func prepared(_ mail: OutgoingMail) throws -> PreparedMail {
            PreparedMail(mail: mail, from: sender, to: try MailAddress(parsing: mail.to), messageID: "\(UUID().uuidString)@hromada.example", date: Date())
        }

        @Test("without STARTTLS and without credentials the mail goes in plain text; the server gets it byte for byte")
        func plainDelivery() async throws {
            let server = try await ScriptedSMTPServer()
            let mail = try prepared(ukrainianMail())
            do {
                try await SMTPMailTransport(settings: SMTPSettings(url: "smtp://127.0.0.1:\(server.port)")).send(mail)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            #expect(server.commands == ["EHLO localhost", "MAIL FROM:<\(sender.address)>", "RCPT TO:<\(mail.to.address)>", "DATA", "QUIT"])
            #expect(server.data == [mail.message])
        }

        @Test("credentials are never sent to a server that offers no STARTTLS")
        func noPasswordInClear() async throws {
            let server = try await ScriptedSMTPServer()
            let mail = try prepared(ukrainianMail())
            let transport = try SMTPMailTransport(settings: SMTPSettings(url: "smtp://hromada:secret@127.0.0.1:\(server.port)"))
            let error = await #expect(throws: SMTPError.self) { try await transport.send(mail) }
            await server.stop()
            #expect(error?.isPermanent == false)
            if case .wouldSendPasswordInClear = error {} else { Issue.record("expected wouldSendPasswordInClear, got \(String(describing: error))") }
            #expect(server.commands == ["EHLO localhost"], "no AUTH, no mail")
        }

        @Test("a 4xx to RCPT TO is passing (retried); a 5xx is permanent")
        func replyCodes() async throws {
            for (reply, permanent) in [("451 4.3.0 try later", false), ("550 5.1.1 no such user", true)] {
                let server = try await ScriptedSMTPServer(rcptReply: reply)
                let transport = try SMTPMailTransport(settings: SMTPSettings(url: "smtp://127.0.0.1:\(server.port)"))
                let error = await #expect(throws: SMTPError.self) { try await transport.send(try prepared(ukrainianMail())) }
                await server.stop()
                #expect(error?.isPermanent == permanent, "\(reply)")
                #expect(server.data.isEmpty)
            }
        }
    }
}

extension KernelTests {
    @Suite("Mail: over SMTP to a real server", .enabled(if: SMTPSink.isAvailableOrRequired, SMTPSink.missingMessage))
    struct MailSMTPTests {
        private func sink() throws -> SMTPSink {
            try #require(SMTPSink.fromEnvironment, SMTPSink.missingMessage)
        }

        /// The sink's smtps:// port offers only AUTH LOGIN, its smtp:// port PLAIN too (which the client prefers).
        @Test("delivered with STARTTLS and AUTH PLAIN, and with implicit TLS and AUTH LOGIN: the server gets the recipient, the subject and both parts",
              arguments: [false, true])
        func delivery(implicitTLS: Bool) async throws {
            let sink = try sink()
            let url = if implicitTLS { try #require(sink.implicitTLSURL, "TEST_SMTPS_URL is not set") } else { sink.url }
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                let mail = ukrainianMail()
                try await app.mailer.enqueue(mail, on: app.db)
                let worker = MailWorker(database: app.db, transport: try SMTPMailTransport(settings: sink.settings(url: url)),
                                        clock: clock, from: sender, logger: app.logger)
                #expect(try await worker.deliverDue() == 1)
                let received = try sink.messages(to: mail.to)
                try #require(received.count == 1)
                let message = received[0]
                #expect(message.header("X-Sink-TLS") == "yes" && message.header("X-Sink-Auth-User") == "hromada")
                #expect(message.header("X-Sink-Mail-From") == sender.address)
                #expect(message.header("To") == mail.to)
                #expect(message.subject == mail.subject)
                #expect(message.parts["text/plain"] == mail.text.replacingOccurrences(of: "\n", with: "\r\n"), "the lone dot line survives dot-stuffing")
                #expect(message.parts["text/html"] == mail.html.replacingOccurrences(of: "\n", with: "\r\n"))
                let row = try #require(try await outbox(app).first)
                #expect(message.header("Message-ID") == "<\(row.messageID)>" && row.status == .sent)
            }
        }

        @Test("a certificate the client does not trust stops the mail (and it is retried later)")
        func untrustedCertificate() async throws {
            let sink = try sink()
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                let mail = ukrainianMail()
                try await app.mailer.enqueue(mail, on: app.db)
                var settings = try sink.settings()
                settings.trustRootsPEMFile = nil  // the system's roots: the sink's self-signed certificate is not among them
                let worker = MailWorker(database: app.db, transport: try SMTPMailTransport(settings: settings), clock: clock, from: sender, logger: app.logger)
                #expect(try await worker.deliverDue() == 0)
                #expect(try sink.messages(to: mail.to).isEmpty)
                let row = try #require(try await outbox(app).first)
                #expect(row.status == .pending && row.attempts == 1 && row.lastError != nil)
            }
        }

        @Test("a recipient the server refuses (550) fails at once, without retries")
        func refusedRecipient() async throws {
            let sink = try sink()
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                let mail = ukrainianMail(to: "rejected.example")
                try await app.mailer.enqueue(mail, on: app.db)
                let worker = MailWorker(database: app.db, transport: try SMTPMailTransport(settings: sink.settings()), clock: clock, from: sender, logger: app.logger)
                #expect(try await worker.deliverDue() == 0)
                let row = try #require(try await outbox(app).first)
                #expect(row.status == .failed && row.attempts == 1)
                #expect(row.lastError?.contains("550") == true && row.lastError?.contains("RCPT TO") == true)
            }
        }

        @Test("while the mail server is down the mail waits; once it is back the mail arrives exactly once")
        func serverDownThenUp() async throws {
            let sink = try sink()
            let real = try sink.settings()
            let forwarder = try await PausableForwarder(to: (real.host, real.port))
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                let mail = ukrainianMail()
                try await app.mailer.enqueue(mail, on: app.db)
                let worker = MailWorker(database: app.db, transport: try SMTPMailTransport(settings: sink.settings(port: forwarder.port)),
                                        clock: clock, from: sender, logger: app.logger)
                // Down: nothing listens on the port.
                #expect(try await worker.deliverDue() == 0)
                var row = try #require(try await outbox(app).first)
                #expect(row.status == .pending && row.attempts == 1 && row.lastError != nil)
                #expect(try sink.messages(to: mail.to).isEmpty)

                // Up again on the same port.
                try await forwarder.up()
                let sent: (first: Int, second: Int, beforeBackOff: Int)
                do {
                    let beforeBackOff = try await worker.deliverDue()
                    clock.advance(by: 30)
                    let first = try await worker.deliverDue()
                    clock.advance(by: 3600)
                    sent = (first, try await worker.deliverDue(), beforeBackOff)
                } catch {
                    await forwarder.down()
                    throw error
                }
                await forwarder.down()
                #expect(sent.beforeBackOff == 0, "waits for its back-off even though the server is back")
                #expect(sent.first == 1 && sent.second == 0)
                row = try #require(try await outbox(app).first)
                #expect(row.status == .sent && row.attempts == 2 && row.lastError == nil)
                #expect(try sink.messages(to: mail.to).count == 1)
            }
        }

        @Test("two workers on one database send 50 mails at the same time: each exactly once",
              .enabled(if: TestHarness.isPostgres, "needs PostgreSQL (FOR UPDATE SKIP LOCKED): the test command runs the suite again with TEST_DATABASE_URL"))
        func twoWorkers() async throws {
            let sink = try sink()
            let clock = ManualClock()
            try await TestHarness.withDatabase { database, channel in
                try await TestHarness.withApplication(on: database, channel: channel, apps: [DemoApp()], clock: clock) { first in
                    try await TestHarness.withApplication(on: database, channel: channel, apps: [DemoApp()], clock: clock) { second in
                        let mails = (0..<50).map { ukrainianMail(number: $0) }
                        for mail in mails { try await first.mailer.enqueue(mail, on: first.db) }
                        let workers = try [first, second].map { app in
                            MailWorker(database: app.db, transport: try SMTPMailTransport(settings: sink.settings()), clock: clock, from: sender, logger: app.logger)
                        }
                        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                            for worker in workers { group.addTask { try await worker.deliverDue() } }
                            return try await group.reduce(into: [Int]()) { $0.append($1) }
                        }
                        #expect(counts.reduce(0, +) == 50)
                        #expect(counts.allSatisfy { $0 > 0 }, "both workers took part: \(counts)")
                        for mail in mails {
                            #expect(try sink.messages(to: mail.to).count == 1, "\(mail.to)")
                        }
                        let rows = try await MailOutboxRecord.query(on: first.db).all()
                        #expect(rows.count == 50 && rows.allSatisfy { $0.status == .sent && $0.attempts == 1 })
                        #expect(rows.allSatisfy { $0.claimedUntil == nil })
                    }
                }
            }
        }
    }
}
