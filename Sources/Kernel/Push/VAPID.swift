import Crypto
import Foundation

/// The application server's identity toward push services (VAPID, RFC 8292).
///
/// Browsers bind a subscription to the public key given as `applicationServerKey`;
/// a push service then accepts messages for it only with a token signed by the
/// matching private key, so nobody who merely learns an endpoint can push to it.
public struct VAPIDKey: Sendable {
    /// Why a VAPID key could not be loaded or a token not be made.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The private key is not a 32-byte P-256 scalar.
        case invalidPrivateKey
        /// The claims could not be serialised or signed.
        case signingFailed

        public var description: String {
            switch self {
            case .invalidPrivateKey: "the VAPID private key is not a 32-byte P-256 key"
            case .signingFailed: "the VAPID token could not be signed"
            }
        }
    }

    /// RFC 8292 §2: a push service may refuse a token that expires more than 24 hours ahead.
    public static let longestValidity: TimeInterval = 24 * 60 * 60

    public let signingKey: P256.Signing.PrivateKey

    /// A fresh random key (generate once, then keep it: changing it orphans every subscription).
    public init() {
        signingKey = P256.Signing.PrivateKey()
    }

    /// Loads a stored key from its 32-byte private scalar.
    public init(rawPrivateKey: [UInt8]) throws {
        guard rawPrivateKey.count == 32 else { throw Failure.invalidPrivateKey }
        do {
            signingKey = try P256.Signing.PrivateKey(rawRepresentation: rawPrivateKey)
        } catch {
            throw Failure.invalidPrivateKey
        }
    }

    /// The 32-byte private scalar, for storing the key.
    public var rawPrivateKey: [UInt8] {
        Array(signingKey.rawRepresentation)
    }

    /// The 65-byte uncompressed public key: what the browser's `applicationServerKey` takes.
    public var publicKey: [UInt8] {
        Array(signingKey.publicKey.x963Representation)
    }

    /// The `Authorization` header value for a push to `audience` (the push service's
    /// origin, see `audience(of:)`): `vapid t=<JWT>, k=<public key>`.
    ///
    /// `subject` is a `mailto:` or `https:` contact for the push service's operator;
    /// `expires` should be at most 24 hours ahead or the service may refuse the token.
    public func authorization(audience: String, subject: String, expires: Date) throws -> String {
        let claims = Claims(aud: audience, exp: Int(expires.timeIntervalSince1970.rounded(.down)), sub: subject)
        let signingInput = try Self.encodedHeader + "." + WebPushCrypto.base64URL(Self.json(claims))
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try signingKey.signature(for: Array(signingInput.utf8))
        } catch {
            throw Failure.signingFailed
        }
        let token = signingInput + "." + WebPushCrypto.base64URL(signature.rawRepresentation)
        return "vapid t=\(token), k=\(WebPushCrypto.base64URL(publicKey))"
    }

    /// The origin of a push endpoint, `scheme://host[:port]`: the audience a token
    /// must name. Nil for a URL that is not http(s) or has no host.
    public static func audience(of endpoint: URL) -> String? {
        guard let components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = components.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        // An IPv6 literal needs its brackets back in an origin.
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let isDefaultPort = components.port == (scheme == "https" ? 443 : 80)
        let portPart = components.port.map { isDefaultPort ? "" : ":\($0)" } ?? ""
        return "\(scheme)://\(hostPart)\(portPart)"
    }

    /// Checks a header value as a push service would (RFC 8292 §2–3): the signature
    /// against the key `k`, `aud` equal to `audience`, and `exp` in the future but at
    /// most 24 hours ahead of `now`. For tests and the loopback push endpoint.
    public static func verify(authorization: String, audience: String, now: Date) -> Bool {
        guard let parsed = parse(authorization: authorization),
              let keyBytes = WebPushCrypto.bytes(base64URL: parsed.key),
              let key = try? P256.Signing.PublicKey(x963Representation: keyBytes) else {
            return false
        }
        let parts = parsed.token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerBytes = WebPushCrypto.bytes(base64URL: parts[0]),
              let claimsBytes = WebPushCrypto.bytes(base64URL: parts[1]),
              let signatureBytes = WebPushCrypto.bytes(base64URL: parts[2]),
              let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
              key.isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8)),
              let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)), header.alg == "ES256",
              let claims = try? JSONDecoder().decode(Claims.self, from: Data(claimsBytes)) else {
            return false
        }
        let expires = TimeInterval(claims.exp), moment = now.timeIntervalSince1970
        return claims.aud == audience && expires > moment && expires <= moment + longestValidity
    }

    // MARK: Token parts

    /// The JWT header; always the same, so encoded once.
    struct Header: Codable {
        let typ: String?
        let alg: String
    }

    /// The JWT claims of RFC 8292 §2.
    struct Claims: Codable {
        let aud: String
        let exp: Int
        let sub: String?
    }

    static let encodedHeader = WebPushCrypto.base64URL(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))

    /// Compact JSON with sorted keys, so a token's bytes do not depend on dictionary order.
    static func json(_ claims: Claims) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try Array(encoder.encode(claims))
        } catch {
            throw Failure.signingFailed
        }
    }

    /// Splits `vapid t=…, k=…` into token and key; nil for any other shape.
    static func parse(authorization: String) -> (token: String, key: String)? {
        let scheme = "vapid "
        guard authorization.lowercased().hasPrefix(scheme) else { return nil }
        var fields: [String: String] = [:]
        for field in authorization.dropFirst(scheme.count).split(separator: ",") {
            let pair = field.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            fields[pair[..<equals].lowercased()] = String(pair[pair.index(after: equals)...])
        }
        guard let token = fields["t"], let key = fields["k"], !token.isEmpty, !key.isEmpty else { return nil }
        return (token, key)
    }
}
