import Crypto
import Foundation
@testable import Kernel
import Testing

extension KernelTests {
    /// Push messages are encrypted exactly as RFC 8291 says, or no browser could read them:
    /// the RFC's own example must come out byte for byte.
    @Suite("Web Push encryption")
    struct WebPushCryptoTests {
        /// RFC 8291 Appendix A, base64url as printed there.
        enum Example {
            static let plaintext = "When I grow up, I want to be a watermelon"
            static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
            static let senderPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
            static let userAgentPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
            static let userAgentPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
            static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
            static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
            static let body = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        }

        static func decoded(_ text: String) throws -> [UInt8] {
            try #require(WebPushCrypto.bytes(base64URL: text), "not base64url: \(text)")
        }

        /// A browser's subscription: its key pair and auth secret.
        struct Subscriber {
            let privateKey = P256.KeyAgreement.PrivateKey()
            let authSecret = WebPushCrypto.randomSalt()
            var publicKey: [UInt8] { Array(privateKey.publicKey.x963Representation) }
        }

        @Test("RFC 8291 Appendix A: the fixed sender key and salt give the published body byte for byte")
        func rfcExampleEncrypts() throws {
            let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.decoded(Example.senderPrivate))
            #expect(WebPushCrypto.base64URL(sender.publicKey.x963Representation) == Example.senderPublic)
            let body = try WebPushCrypto.encrypt(
                Array(Example.plaintext.utf8),
                userAgentPublicKey: Self.decoded(Example.userAgentPublic),
                authSecret: Self.decoded(Example.authSecret),
                senderPrivateKey: sender,
                salt: Self.decoded(Example.salt))
            #expect(WebPushCrypto.base64URL(body) == Example.body)
        }

        @Test("RFC 8291 Appendix A: the user agent's key opens the published body")
        func rfcExampleDecrypts() throws {
            let userAgent = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.decoded(Example.userAgentPrivate))
            #expect(WebPushCrypto.base64URL(userAgent.publicKey.x963Representation) == Example.userAgentPublic)
            let payload = try WebPushCrypto.decrypt(
                Self.decoded(Example.body), userAgentPrivateKey: userAgent, authSecret: Self.decoded(Example.authSecret))
            #expect(String(decoding: payload, as: UTF8.self) == Example.plaintext)
        }

        @Test("a message round-trips with random keys, and no two encryptions of it are alike")
        func roundTrip() throws {
            let subscriber = Subscriber()
            let payload = Array(#"{"title":"Нагадування","body":"Зустріч о 10:00"}"#.utf8)
            let first = try WebPushCrypto.encrypt(payload, userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret)
            let second = try WebPushCrypto.encrypt(payload, userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret)
            #expect(first.count == WebPushCrypto.headerSize + payload.count + 1 + 16)
            #expect(first != second)
            #expect(try WebPushCrypto.decrypt(first, userAgentPrivateKey: subscriber.privateKey, authSecret: subscriber.authSecret) == payload)
            #expect(try WebPushCrypto.decrypt(second, userAgentPrivateKey: subscriber.privateKey, authSecret: subscriber.authSecret) == payload)
        }

        @Test("the header carries the salt, a 4096-byte record size and the sender's public key")
        func header() throws {
            let subscriber = Subscriber()
            let sender = P256.KeyAgreement.PrivateKey()
            let salt = WebPushCrypto.randomSalt()
            let body = try WebPushCrypto.encrypt(
                [1, 2, 3], userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret,
                senderPrivateKey: sender, salt: salt)
            #expect(Array(body[0..<16]) == salt)
            #expect(Array(body[16..<21]) == [0x00, 0x00, 0x10, 0x00, 65])
            #expect(Array(body[21..<86]) == Array(sender.publicKey.x963Representation))
        }

        @Test("the largest payload fills exactly one record; one byte more is refused")
        func payloadLimit() throws {
            let subscriber = Subscriber()
            let largest = [UInt8](repeating: 0x61, count: WebPushCrypto.maxPayloadSize)
            let body = try WebPushCrypto.encrypt(largest, userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret)
            #expect(body.count == WebPushCrypto.headerSize + WebPushCrypto.recordSize)
            #expect(try WebPushCrypto.decrypt(body, userAgentPrivateKey: subscriber.privateKey, authSecret: subscriber.authSecret) == largest)
            #expect(throws: WebPushCrypto.Failure.payloadTooLarge(bytes: largest.count + 1, limit: WebPushCrypto.maxPayloadSize)) {
                try WebPushCrypto.encrypt(largest + [0x61], userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret)
            }
        }

        @Test("a 4 KB payload, a bad subscription key, a 15-byte auth secret and a short salt are refused")
        func refusals() {
            let subscriber = Subscriber()
            let fourKB = [UInt8](repeating: 0x61, count: 4096)
            #expect(throws: WebPushCrypto.Failure.payloadTooLarge(bytes: 4096, limit: WebPushCrypto.maxPayloadSize)) {
                try WebPushCrypto.encrypt(fourKB, userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret)
            }
            #expect(throws: WebPushCrypto.Failure.invalidKey) {
                try WebPushCrypto.encrypt([1], userAgentPublicKey: Array(subscriber.publicKey.dropLast()), authSecret: subscriber.authSecret)
            }
            // 65 bytes with the right prefix, but not a point on the curve.
            let offCurve: [UInt8] = [0x04] + [UInt8](repeating: 0x01, count: 64)
            #expect(throws: WebPushCrypto.Failure.invalidKey) {
                try WebPushCrypto.encrypt([1], userAgentPublicKey: offCurve, authSecret: subscriber.authSecret)
            }
            #expect(throws: WebPushCrypto.Failure.invalidAuthSecret(bytes: 15)) {
                try WebPushCrypto.encrypt([1], userAgentPublicKey: subscriber.publicKey, authSecret: Array(subscriber.authSecret.dropLast()))
            }
            #expect(throws: WebPushCrypto.Failure.invalidSalt(bytes: 15)) {
                try WebPushCrypto.encrypt([1], userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret, salt: [UInt8](repeating: 7, count: 15))
            }
        }

        @Test("a tampered body, the wrong auth secret or a truncated body does not decrypt")
        func tampering() throws {
            let subscriber = Subscriber()
            let body = try WebPushCrypto.encrypt(Array("hello".utf8), userAgentPublicKey: subscriber.publicKey, authSecret: subscriber.authSecret)
            var tampered = body
            tampered[WebPushCrypto.headerSize + 2] ^= 0x01
            #expect(throws: WebPushCrypto.Failure.decryptionFailed) {
                try WebPushCrypto.decrypt(tampered, userAgentPrivateKey: subscriber.privateKey, authSecret: subscriber.authSecret)
            }
            #expect(throws: WebPushCrypto.Failure.decryptionFailed) {
                try WebPushCrypto.decrypt(body, userAgentPrivateKey: subscriber.privateKey, authSecret: WebPushCrypto.randomSalt())
            }
            #expect(throws: WebPushCrypto.Failure.decryptionFailed) {
                try WebPushCrypto.decrypt(body, userAgentPrivateKey: P256.KeyAgreement.PrivateKey(), authSecret: subscriber.authSecret)
            }
            #expect(throws: WebPushCrypto.Failure.malformedBody) {
                try WebPushCrypto.decrypt(Array(body.prefix(WebPushCrypto.headerSize + 10)), userAgentPrivateKey: subscriber.privateKey, authSecret: subscriber.authSecret)
            }
        }

        @Test("padding after the delimiter is stripped; a record without the last-record delimiter is refused")
        func padding() throws {
            #expect(try WebPushCrypto.removingPadding([0x61, 0x62, 0x02, 0x00, 0x00]) == [0x61, 0x62])
            #expect(try WebPushCrypto.removingPadding([0x02]) == [])
            #expect(throws: WebPushCrypto.Failure.missingDelimiter) { try WebPushCrypto.removingPadding([0x61, 0x01]) }
            #expect(throws: WebPushCrypto.Failure.missingDelimiter) { try WebPushCrypto.removingPadding([0x00, 0x00]) }
        }

        @Test("base64url: no padding out, padding optional in, the standard alphabet refused")
        func base64URL() {
            let bytes: [UInt8] = [0xfb, 0xff]
            #expect(WebPushCrypto.base64URL(bytes) == "-_8")
            #expect(WebPushCrypto.bytes(base64URL: "-_8") == [0xfb, 0xff])
            #expect(WebPushCrypto.bytes(base64URL: "-_8=") == [0xfb, 0xff])
            #expect(WebPushCrypto.bytes(base64URL: "+/8") == nil)
            #expect(WebPushCrypto.bytes(base64URL: "abcde") == nil)
            let random = WebPushCrypto.randomSalt() + WebPushCrypto.randomSalt() + [7]
            #expect(WebPushCrypto.bytes(base64URL: WebPushCrypto.base64URL(random)) == random)
        }
    }

    /// VAPID tokens (RFC 8292): push services accept only those signed by the key the
    /// browser subscribed with, for their own origin, and not for too long.
    @Suite("VAPID")
    struct VAPIDTests {
        static let now = Date(timeIntervalSince1970: 1_800_000_000)
        static let pushOrigin = "https://push.example.net"

        /// The same header value with one bit of the signature flipped.
        static func flippingSignatureBit(_ authorization: String) throws -> String {
            let parsed = try #require(VAPIDKey.parse(authorization: authorization))
            var parts = parsed.token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            try #require(parts.count == 3)
            var signature = try #require(WebPushCrypto.bytes(base64URL: parts[2]))
            signature[17] ^= 0x01
            parts[2] = WebPushCrypto.base64URL(signature)
            return "vapid t=\(parts.joined(separator: ".")), k=\(parsed.key)"
        }

        @Test("a token verifies for its audience only, only until it expires, and not with a flipped signature bit")
        func verification() throws {
            let key = VAPIDKey()
            let header = try key.authorization(audience: Self.pushOrigin, subject: "mailto:ops@example.org", expires: Self.now.addingTimeInterval(12 * 3600))
            #expect(header.hasPrefix("vapid t="))
            #expect(VAPIDKey.verify(authorization: header, audience: Self.pushOrigin, now: Self.now))
            #expect(!VAPIDKey.verify(authorization: header, audience: "https://other.example.net", now: Self.now))
            #expect(!VAPIDKey.verify(authorization: header, audience: Self.pushOrigin, now: Self.now.addingTimeInterval(12 * 3600)))
            #expect(!VAPIDKey.verify(authorization: header, audience: Self.pushOrigin, now: Self.now.addingTimeInterval(13 * 3600)))
            let flipped = try Self.flippingSignatureBit(header)
            #expect(!VAPIDKey.verify(authorization: flipped, audience: Self.pushOrigin, now: Self.now))
        }

        @Test("a token that expires more than 24 hours ahead is refused")
        func tooLong() throws {
            let header = try VAPIDKey().authorization(audience: Self.pushOrigin, subject: "mailto:ops@example.org", expires: Self.now.addingTimeInterval(25 * 3600))
            #expect(!VAPIDKey.verify(authorization: header, audience: Self.pushOrigin, now: Self.now))
        }

        @Test("a token signed by another key does not verify with this key's k")
        func otherKey() throws {
            let header = try VAPIDKey().authorization(audience: Self.pushOrigin, subject: "mailto:ops@example.org", expires: Self.now.addingTimeInterval(3600))
            let parsed = try #require(VAPIDKey.parse(authorization: header))
            let swapped = "vapid t=\(parsed.token), k=\(WebPushCrypto.base64URL(VAPIDKey().publicKey))"
            #expect(!VAPIDKey.verify(authorization: swapped, audience: Self.pushOrigin, now: Self.now))
        }

        @Test("the JWT has the ES256 header and integer aud/exp/sub claims")
        func tokenContents() throws {
            let expires = Self.now.addingTimeInterval(3600)
            let header = try VAPIDKey().authorization(audience: Self.pushOrigin, subject: "https://example.org/contact", expires: expires)
            let parsed = try #require(VAPIDKey.parse(authorization: header))
            let parts = parsed.token.split(separator: ".", omittingEmptySubsequences: false)
            try #require(parts.count == 3)
            let jwtHeader = try #require(WebPushCrypto.bytes(base64URL: parts[0]))
            #expect(String(decoding: jwtHeader, as: UTF8.self) == #"{"typ":"JWT","alg":"ES256"}"#)
            let claims = try #require(WebPushCrypto.bytes(base64URL: parts[1]))
            #expect(String(decoding: claims, as: UTF8.self) == #"{"aud":"https://push.example.net","exp":1800003600,"sub":"https://example.org/contact"}"#)
            #expect(WebPushCrypto.bytes(base64URL: parts[2])?.count == 64)
        }

        @Test("the audience is the push endpoint's origin")
        func origin() throws {
            let endpoint = try #require(URL(string: "https://push.example.net:8443/send/abc"))
            #expect(VAPIDKey.audience(of: endpoint) == "https://push.example.net:8443")
            let fcm = try #require(URL(string: "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b"))
            #expect(VAPIDKey.audience(of: fcm) == "https://fcm.googleapis.com")
            let defaultPort = try #require(URL(string: "https://Updates.Push.Services.Mozilla.com:443/wpush/v2/x"))
            #expect(VAPIDKey.audience(of: defaultPort) == "https://updates.push.services.mozilla.com")
            let loopback = try #require(URL(string: "http://127.0.0.1:8123/push/1"))
            #expect(VAPIDKey.audience(of: loopback) == "http://127.0.0.1:8123")
            let mail = try #require(URL(string: "mailto:ops@example.org"))
            #expect(VAPIDKey.audience(of: mail) == nil)
        }

        @Test("the public key is 65 uncompressed bytes and the private key round-trips through its raw bytes")
        func keys() throws {
            let key = VAPIDKey()
            #expect(key.publicKey.count == 65)
            #expect(key.publicKey.first == 0x04)
            #expect(key.rawPrivateKey.count == 32)
            let restored = try VAPIDKey(rawPrivateKey: key.rawPrivateKey)
            #expect(restored.publicKey == key.publicKey)
            #expect(restored.rawPrivateKey == key.rawPrivateKey)
            #expect(throws: VAPIDKey.Failure.invalidPrivateKey) { try VAPIDKey(rawPrivateKey: Array(key.rawPrivateKey.dropLast())) }
            #expect(throws: VAPIDKey.Failure.invalidPrivateKey) { try VAPIDKey(rawPrivateKey: [UInt8](repeating: 0, count: 32)) }
        }
    }
}
