import Crypto
import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("Web Push")
    struct WebPushTests {
        func subscribe(_ app: Application, token: String, _ body: [String: Any]) async throws -> TestingHTTPResponse {
            try await sendJSON(app, .POST, "/demo-app/api/v1/push-subscriptions", token: token, body: body)
        }

        @Test("a notification reaches the push service as RFC 8030 asks: VAPID token verified, payload decrypted by the device's key")
        func delivered() async throws {
            let service = try await LoopbackPushService.start()
            do {
                try await withDemo { app in
                    let account = try await makeAccount(app)
                    let bearer = try await token(app)
                    let device = TestDevice()
                    #expect(try await subscribe(app, token: bearer, device.subscription("\(service.baseURL)/push/phone")).status == .created)

                    let notification = PushNotification(title: "Нове завдання", body: "Купити ліки", url: "/demo-app/tasks/1", tag: "task-1")
                    let queued = try await app.pusher.send(app: DemoApp.descriptor.id, to: [try account.requireID()], urgency: .high, on: app.db) { _ in notification }
                    #expect(queued == 1)

                    let received = try #require(try await service.requests(atLeast: 1).first)
                    #expect(received.name == "phone")
                    #expect(received.headers.first(name: "Content-Encoding") == "aes128gcm")
                    #expect(received.headers.first(name: "Urgency") == "high")
                    #expect(received.headers.first(name: "TTL") == String(Pusher.defaultTimeToLive))
                    let authorization = try #require(received.headers.first(name: .authorization))
                    #expect(VAPIDKey.verify(authorization: authorization, audience: service.baseURL, now: Date()))
                    #expect(!VAPIDKey.verify(authorization: authorization, audience: "https://push.example.net", now: Date()))
                    // Signed with the app's key, the one browsers are given.
                    let published = try await app.testing().sendRequest(.GET, "/demo-app/push-key")
                    let key = try published.content.decode(PushRoutes.PublicKey.self).publicKey
                    #expect(authorization.hasSuffix("k=\(key)"))

                    let plaintext = try WebPushCrypto.decrypt(received.body, userAgentPrivateKey: device.key, authSecret: device.auth)
                    #expect(try JSONDecoder().decode(PushNotification.self, from: Data(plaintext)) == notification)
                    #expect(!String(decoding: received.body, as: UTF8.self).contains("Купити"), "the push service sees no plaintext")

                    // Sent, once. (The worker records it after the service has answered: on a
                    // loaded machine that may take a while.)
                    let deadline = ContinuousClock.now + .seconds(10)
                    while try await PushOutboxRecord.query(on: app.db).filter(\.$status == .sent).count() == 0, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(50))
                    }
                    #expect(try await PushOutboxRecord.query(on: app.db).filter(\.$status == .sent).count() == 1)
                    try await Task.sleep(for: .milliseconds(300))
                    #expect(try await service.requests(atLeast: 1).count == 1)
                }
            } catch {
                try? await service.stop()
                throw error
            }
            try await service.stop()
        }

        @Test("a device the push service has forgotten (410) is removed with what was queued for it; a failing service (500) is tried again later")
        func goneAndRetried() async throws {
            let service = try await LoopbackPushService.start(statuses: ["gone": .gone, "busy": .internalServerError])
            do {
                try await withDemo { app in
                    let account = try await makeAccount(app)
                    let bearer = try await token(app)
                    #expect(try await subscribe(app, token: bearer, TestDevice().subscription("\(service.baseURL)/push/gone")).status == .created)
                    #expect(try await subscribe(app, token: bearer, TestDevice().subscription("\(service.baseURL)/push/busy")).status == .created)
                    let id = try account.requireID()
                    #expect(try await app.pusher.send(app: DemoApp.descriptor.id, to: [id], on: app.db) { _ in
                        PushNotification(title: "Привіт", body: "", url: "/demo-app/")
                    } == 2)
                    #expect(try await service.requests(atLeast: 2).count == 2)

                    var subscriptions: [PushSubscriptionRecord] = []
                    var retried: PushOutboxRecord?
                    for _ in 0..<100 {
                        subscriptions = try await PushSubscriptionRecord.query(on: app.db).all()
                        retried = try await PushOutboxRecord.query(on: app.db).first()
                        if subscriptions.count == 1, retried?.attempts == 1 { break }
                        try await Task.sleep(for: .milliseconds(50))
                    }
                    #expect(subscriptions.map(\.endpoint) == ["\(service.baseURL)/push/busy"], "the forgotten device is gone")
                    let row = try #require(retried)
                    #expect(try await PushOutboxRecord.query(on: app.db).count() == 1, "nothing left queued for the gone device")
                    #expect(row.status == .pending && row.attempts == 1 && row.nextAttemptAt > Date().addingTimeInterval(20))
                    #expect(row.lastError?.contains("500") == true)
                }
            } catch {
                try? await service.stop()
                throw error
            }
            try await service.stop()
        }

        @Test("subscribing: every bad part named (422), an http endpoint elsewhere refused, one device one subscription, only one's own unsubscribed, 401 without a sign-in")
        func subscriptions() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let taras = try await makeAccount(app, login: "taras@example.org", name: "Тарас")
                let olenaToken = try await token(app)
                let tarasToken = try await token(app, login: "taras@example.org")

                let anonymous = try await sendJSON(app, .POST, "/demo-app/api/v1/push-subscriptions", body: TestDevice().subscription("https://push.example.net/a"))
                #expect(anonymous.status == .unauthorized)

                let bad = try await subscribe(app, token: olenaToken, ["endpoint": "ftp://push.example.net/a",
                                                                        "keys": ["p256dh": WebPushCrypto.base64URL([UInt8](repeating: 4, count: 65)),
                                                                                 "auth": WebPushCrypto.base64URL([UInt8](repeating: 1, count: 15))]])
                #expect(bad.status == .unprocessableEntity)
                #expect(Set(try problem(bad).fields) == ["endpoint", "keys.p256dh", "keys.auth"])
                let elsewhere = try await subscribe(app, token: olenaToken, TestDevice().subscription("http://push.example.net/a"))
                #expect(try problem(elsewhere).fields == ["endpoint"])
                #expect(try await subscribe(app, token: olenaToken, [:]).status == .unprocessableEntity)
                #expect(try await PushSubscriptionRecord.query(on: app.db).count() == 0)

                // One device, one subscription: subscribed again, by someone else, it is theirs now.
                let device = TestDevice().subscription("https://push.example.net/device-1")
                #expect(try await subscribe(app, token: olenaToken, device).status == .created)
                #expect(try await subscribe(app, token: tarasToken, device).status == .created)
                let stored = try await PushSubscriptionRecord.query(on: app.db).all()
                #expect(stored.count == 1 && stored.first?.accountID == taras.id)

                let unsubscribe = ["endpoint": "https://push.example.net/device-1"]
                #expect(try await sendJSON(app, .DELETE, "/demo-app/api/v1/push-subscriptions", token: olenaToken, body: unsubscribe).status == .noContent)
                #expect(try await PushSubscriptionRecord.query(on: app.db).count() == 1, "not Олена's to forget")
                #expect(try await sendJSON(app, .DELETE, "/demo-app/api/v1/push-subscriptions", token: tarasToken, body: unsubscribe).status == .noContent)
                #expect(try await PushSubscriptionRecord.query(on: app.db).count() == 0)
            }
        }

        @Test("the browser's way: a signed-in page subscribes with its CSRF token (refused without); the service worker is the app's, scoped to it")
        func browser() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                let body = json(TestDevice().subscription("https://push.example.net/browser"))
                var headers = HTTPHeaders()
                headers.contentType = .json
                #expect(try await browser.send(.POST, "/demo-app/push-subscriptions", headers: headers, body: body).status == .forbidden)
                headers.add(name: "X-CSRF-Token", value: try #require(browser.cookies["hromada_csrf"]))
                #expect(try await browser.send(.POST, "/demo-app/push-subscriptions", headers: headers, body: body).status == .created)
                #expect(try await PushSubscriptionRecord.query(on: app.db).first()?.app == DemoApp.descriptor.id)

                let worker = try await app.testing().sendRequest(.GET, "/demo-app/service-worker.js")
                #expect(worker.status == .ok && worker.headers.contentType?.subType == "javascript")
                #expect(worker.body.string.contains("const SCOPE = \"/demo-app/\"") && worker.body.string.contains("showNotification"))
                // The key is the same every time, and across restarts (it is stored).
                let first = try await app.testing().sendRequest(.GET, "/demo-app/push-key").content.decode(PushRoutes.PublicKey.self)
                let second = try await app.testing().sendRequest(.GET, "/demo-app/api/v1/push-key").content.decode(PushRoutes.PublicKey.self)
                #expect(first.publicKey == second.publicKey && WebPushCrypto.bytes(base64URL: first.publicKey)?.count == 65)
            }
        }
    }
}
