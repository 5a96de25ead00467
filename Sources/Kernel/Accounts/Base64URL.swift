/// base64url without padding (RFC 4648 §5): the encoding of our secrets (session ids, API
/// tokens, CSRF tokens) and of Web Push keys. Written out by hand: Foundation's base64
/// followed by three `replacingOccurrences` was 3.5 % of a public page's CPU, spent on the
/// CSRF token of each first-time visitor.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next(), third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            text.append(alphabet[Int(group >> 18 & 63)])
            text.append(alphabet[Int(group >> 12 & 63)])
            if second != nil { text.append(alphabet[Int(group >> 6 & 63)]) }
            if third != nil { text.append(alphabet[Int(group & 63)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
