import Crypto
import Foundation

/// Random secrets handed to clients (API tokens, session ids, feed URLs).
/// Only the SHA-256 of a secret is stored, so a copy of the database lets
/// nobody act as a user.
public enum SecretToken {
    /// 32 random bytes, base64url without padding (43 characters).
    public static func generate() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Base64URL.encode($0) }
    }

    /// The SHA-256 of `token` in lower-case hex, as stored. (Every signed-in request
    /// hashes its token or session id; `String(format:)` per byte showed up in profiles.)
    public static func hash(_ token: String) -> String {
        hex(SHA256.hash(data: Data(token.utf8)))
    }

    /// Bytes in lower-case hex.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Compares two strings in time that does not depend on where they differ.
    public static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
