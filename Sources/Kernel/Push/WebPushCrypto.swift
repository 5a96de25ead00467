import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291): the `aes128gcm` content coding of
/// RFC 8188 in a single record, keyed by ECDH between a one-off sender key and the
/// browser's subscription key, mixed with the subscription's auth secret.
///
/// The push service relays the body but cannot read it: only the browser that holds
/// the subscription's private key and auth secret can derive the content key.
public enum WebPushCrypto {
    /// Why a push message could not be encrypted or decrypted.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The payload does not fit one record (`bytes` long, at most `limit` allowed).
        case payloadTooLarge(bytes: Int, limit: Int)
        /// A key that is not usable: the subscription's `p256dh` is not a 65-byte
        /// uncompressed P-256 point, or a stored key does not decode.
        case invalidKey
        /// The subscription's `auth` secret is not 16 bytes.
        case invalidAuthSecret(bytes: Int)
        /// A salt that is not 16 bytes.
        case invalidSalt(bytes: Int)
        /// The body is not one well-formed `aes128gcm` record with a P-256 key id.
        case malformedBody
        /// The record did not authenticate: wrong keys, or the body was altered.
        case decryptionFailed
        /// The decrypted record does not end in the last-record delimiter (0x02).
        case missingDelimiter
        /// The crypto library refused a key or nonce derived here; not expected to happen.
        case internalFailure

        public var description: String {
            switch self {
            case .payloadTooLarge(let bytes, let limit): "a push payload of \(bytes) bytes does not fit one record (at most \(limit))"
            case .invalidKey: "the key is not a valid P-256 key (a subscription key must be 65 uncompressed bytes)"
            case .invalidAuthSecret(let bytes): "the subscription auth secret has \(bytes) bytes instead of 16"
            case .invalidSalt(let bytes): "the salt has \(bytes) bytes instead of 16"
            case .malformedBody: "the push message is not a single aes128gcm record"
            case .decryptionFailed: "the push message did not decrypt"
            case .missingDelimiter: "the push message record has no last-record delimiter"
            case .internalFailure: "the crypto library refused a derived key or nonce"
            }
        }
    }

    /// The record size written into the header; the body is always a single record.
    public static let recordSize = 4096
    /// The longest payload one record holds: the record minus the delimiter and the GCM tag.
    /// (RFC 8291 §4 only obliges push services to take 4096 body bytes, header included,
    /// which leaves 3993 payload bytes; callers that must reach every service stay below that.)
    public static let maxPayloadSize = recordSize - 1 - tagSize

    static let tagSize = 16
    static let saltSize = 16
    static let authSecretSize = 16
    static let publicKeySize = 65
    /// salt(16) ‖ rs(4) ‖ idlen(1) ‖ keyid(65).
    static let headerSize = saltSize + 4 + 1 + publicKeySize
    /// Ends the last (here: only) record, RFC 8188 §2.
    static let lastRecordDelimiter: UInt8 = 0x02

    // MARK: Encryption (the application server's side)

    /// Encrypts `plaintext` for one subscription and returns the whole request body.
    ///
    /// `senderPrivateKey` and `salt` are fresh for every message; pass them only to
    /// reproduce a known vector — reusing either across messages would reuse the key.
    public static func encrypt(
        _ plaintext: [UInt8],
        userAgentPublicKey: [UInt8],
        authSecret: [UInt8],
        senderPrivateKey: P256.KeyAgreement.PrivateKey = .init(),
        salt: [UInt8] = WebPushCrypto.randomSalt()
    ) throws -> [UInt8] {
        try checkAuthSecret(authSecret)
        guard salt.count == saltSize else { throw Failure.invalidSalt(bytes: salt.count) }
        guard plaintext.count <= maxPayloadSize else {
            throw Failure.payloadTooLarge(bytes: plaintext.count, limit: maxPayloadSize)
        }
        let userAgentKey = try parseUserAgentKey(userAgentPublicKey)
        let senderPublic = Array(senderPrivateKey.publicKey.x963Representation)
        let keys = try contentKeys(
            ecdhSecret: agree(senderPrivateKey, with: userAgentKey), authSecret: authSecret,
            userAgentPublic: userAgentPublicKey, senderPublic: senderPublic, salt: salt)
        let sealed: AES.GCM.SealedBox
        do {
            sealed = try AES.GCM.seal(plaintext + [lastRecordDelimiter], using: keys.key, nonce: keys.nonce)
        } catch {
            throw Failure.internalFailure
        }
        return header(salt: salt, keyID: senderPublic) + Array(sealed.ciphertext) + Array(sealed.tag)
    }

    /// 16 random bytes: the per-message salt.
    public static func randomSalt() -> [UInt8] {
        SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }
    }

    // MARK: Decryption (the user agent's side)

    /// Decrypts a body made by `encrypt` as the browser would: the user agent's side,
    /// for tests and a loopback push endpoint.
    public static func decrypt(_ body: [UInt8], userAgentPrivateKey: P256.KeyAgreement.PrivateKey, authSecret: [UInt8]) throws -> [UInt8] {
        try checkAuthSecret(authSecret)
        let parsed = try parseBody(body)
        let senderKey: P256.KeyAgreement.PublicKey
        do {
            senderKey = try P256.KeyAgreement.PublicKey(x963Representation: parsed.keyID)
        } catch {
            throw Failure.malformedBody
        }
        let keys = try contentKeys(
            ecdhSecret: agree(userAgentPrivateKey, with: senderKey), authSecret: authSecret,
            userAgentPublic: Array(userAgentPrivateKey.publicKey.x963Representation), senderPublic: parsed.keyID,
            salt: parsed.salt)
        let record: [UInt8]
        do {
            let box = try AES.GCM.SealedBox(nonce: keys.nonce, ciphertext: parsed.ciphertext, tag: parsed.tag)
            record = try Array(AES.GCM.open(box, using: keys.key))
        } catch {
            throw Failure.decryptionFailed
        }
        return try removingPadding(record)
    }

    /// The parts of an `aes128gcm` body (RFC 8188 §2.1).
    struct Body {
        let salt: [UInt8]
        let keyID: [UInt8]
        let ciphertext: [UInt8]
        let tag: [UInt8]
    }

    /// Splits a body into header fields and its one record; refuses anything that is
    /// not a single record keyed by a P-256 public key.
    static func parseBody(_ body: [UInt8]) throws -> Body {
        guard body.count >= headerSize + tagSize + 1 else { throw Failure.malformedBody }
        let declaredSize = body[16..<20].reduce(0) { ($0 << 8) | Int($1) }
        // RFC 8188 §2: rs is at least 18; a longer body would be more than one record.
        guard Int(body[20]) == publicKeySize, declaredSize > tagSize + 1 else { throw Failure.malformedBody }
        let record = Array(body[headerSize...])
        guard record.count <= declaredSize else { throw Failure.malformedBody }
        return Body(
            salt: Array(body[0..<saltSize]), keyID: Array(body[21..<headerSize]),
            ciphertext: Array(record.dropLast(tagSize)), tag: Array(record.suffix(tagSize)))
    }

    /// Strips RFC 8188 padding: the record is data ‖ delimiter ‖ zero or more 0x00.
    static func removingPadding(_ record: [UInt8]) throws -> [UInt8] {
        guard let last = record.lastIndex(where: { $0 != 0 }), record[last] == lastRecordDelimiter else {
            throw Failure.missingDelimiter
        }
        return Array(record[..<last])
    }

    // MARK: Key derivation (RFC 8291 §3.3–3.4)

    /// The content-encryption key and nonce for one message.
    struct ContentKeys {
        let key: SymmetricKey
        let nonce: AES.GCM.Nonce
    }

    /// Derives CEK and NONCE exactly as RFC 8291 §3.3–3.4: the auth secret and both
    /// public keys go into the IKM, then the salt into the RFC 8188 key schedule.
    static func contentKeys(
        ecdhSecret: SharedSecret, authSecret: [UInt8], userAgentPublic: [UInt8], senderPublic: [UInt8], salt: [UInt8]
    ) throws -> ContentKeys {
        let keyInfo = label("WebPush: info") + userAgentPublic + senderPublic
        let prkKey = HKDF<SHA256>.extract(inputKeyMaterial: SymmetricKey(data: ecdhSecret), salt: authSecret)
        let ikm = HKDF<SHA256>.expand(pseudoRandomKey: prkKey, info: keyInfo, outputByteCount: 32)
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
        let cek = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: label("Content-Encoding: aes128gcm"), outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: label("Content-Encoding: nonce"), outputByteCount: 12)
        let nonce: AES.GCM.Nonce
        do {
            nonce = try AES.GCM.Nonce(data: nonceBytes.withUnsafeBytes { Array($0) })
        } catch {
            throw Failure.internalFailure
        }
        return ContentKeys(key: cek, nonce: nonce)
    }

    /// ECDH; a failure here means the peer's point was unusable.
    static func agree(_ privateKey: P256.KeyAgreement.PrivateKey, with publicKey: P256.KeyAgreement.PublicKey) throws -> SharedSecret {
        do {
            return try privateKey.sharedSecretFromKeyAgreement(with: publicKey)
        } catch {
            throw Failure.invalidKey
        }
    }

    /// An info string of RFC 8291: ASCII text followed by one zero byte.
    static func label(_ text: String) -> [UInt8] {
        Array(text.utf8) + [0]
    }

    /// salt ‖ rs (big-endian UInt32) ‖ idlen ‖ keyid.
    static func header(salt: [UInt8], keyID: [UInt8]) -> [UInt8] {
        let size = UInt32(recordSize)
        let recordSizeBytes: [UInt8] = [UInt8(size >> 24), UInt8((size >> 16) & 0xff), UInt8((size >> 8) & 0xff), UInt8(size & 0xff)]
        return salt + recordSizeBytes + [UInt8(keyID.count)] + keyID
    }

    static func checkAuthSecret(_ authSecret: [UInt8]) throws {
        guard authSecret.count == authSecretSize else { throw Failure.invalidAuthSecret(bytes: authSecret.count) }
    }

    /// The subscription's `p256dh` key as a curve point; only the uncompressed form
    /// is accepted because it also goes verbatim into the key derivation.
    static func parseUserAgentKey(_ bytes: [UInt8]) throws -> P256.KeyAgreement.PublicKey {
        guard bytes.count == publicKeySize, bytes.first == 0x04 else { throw Failure.invalidKey }
        do {
            return try P256.KeyAgreement.PublicKey(x963Representation: bytes)
        } catch {
            throw Failure.invalidKey
        }
    }

    // MARK: base64url (RFC 4648 §5), the encoding of subscription keys and VAPID tokens

    /// base64url without padding.
    public static func base64URL<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Base64URL.encode(Array(bytes))
    }

    /// Decodes base64url with or without padding; nil for anything else (including the
    /// standard alphabet's `+` and `/`, which a browser never sends here).
    public static func bytes<Text: StringProtocol>(base64URL text: Text) -> [UInt8]? {
        var body = String(text)
        if body.hasSuffix("==") { body.removeLast(2) } else if body.hasSuffix("=") { body.removeLast() }
        guard !body.contains("+"), !body.contains("/"), !body.contains("="), body.utf8.count % 4 != 1 else { return nil }
        body = body.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        body += String(repeating: "=", count: (4 - body.utf8.count % 4) % 4)
        return Data(base64Encoded: body).map { Array($0) }
    }
}
