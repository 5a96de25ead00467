#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, as its 4 or 16 bytes. An IPv4-mapped IPv6 address
/// (`::ffff:10.0.0.1`) is its IPv4 address, so a server listening on `::` sees the same
/// addresses as one listening on `0.0.0.0`.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// Parses the usual text forms (`inet_pton`); nil for anything else.
    public init?(_ text: some StringProtocol) {
        let text = String(text)
        if let bytes = Self.parse(text, family: AF_INET, size: 4) {
            self.bytes = bytes
        } else if let bytes = Self.parse(text, family: AF_INET6, size: 16) {
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]
            self.bytes = bytes.starts(with: mappedPrefix) ? Array(bytes[12...]) : bytes
        } else {
            return nil
        }
    }

    /// An entry of `X-Forwarded-For`: an address, also with a port (`10.0.0.1:4711`,
    /// `[2001:db8::1]:443`) as some proxies write it.
    init?(forwardedHop text: some StringProtocol) {
        var hop = Substring(text)
        if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") {
            hop = hop[hop.index(after: hop.startIndex)..<close]
        } else if hop.filter({ $0 == ":" }).count == 1, let colon = hop.firstIndex(of: ":") {
            hop = hop[..<colon]
        }
        self.init(hop)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isIPv4: Bool { bytes.count == 4 }

    /// The canonical text (`inet_ntop`): lower-case, IPv6 zeros compressed, so one client
    /// is one throttling key however a proxy spelled its address.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            buffer.withUnsafeMutableBufferPointer { inet_ntop(family, raw.baseAddress, $0.baseAddress, socklen_t($0.count)) }
        }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parse(_ text: String, family: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(family, text, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }
}

/// A range of addresses in CIDR notation: `10.0.0.0/8`, `fd00::/8`; a bare address is
/// a range of one.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    /// The first address of the range (host bits cleared).
    public let address: IPAddress
    public let prefixLength: Int

    public init?(cidr text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(parts[0]) else { return nil }
        var prefixLength = address.bytes.count * 8
        if parts.count == 2 {
            guard parts[1].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isNumber), let length = Int(parts[1]) else { return nil }
            // An IPv4-mapped range (`::ffff:10.0.0.0/104`) is its IPv4 range.
            let mappedBits = address.isIPv4 && parts[0].contains(":") ? 96 : 0
            guard (mappedBits...(prefixLength + mappedBits)).contains(length) else { return nil }
            prefixLength = length - mappedBits
        }
        self.address = Self.masked(address, prefixLength)
        self.prefixLength = prefixLength
    }

    public func contains(_ candidate: IPAddress) -> Bool {
        candidate.bytes.count == address.bytes.count && Self.masked(candidate, prefixLength) == address
    }

    public var description: String { "\(address)/\(prefixLength)" }

    private static func masked(_ address: IPAddress, _ prefixLength: Int) -> IPAddress {
        IPAddress(bytes: address.bytes.enumerated().map { index, byte in
            let bitsKept = min(8, max(0, prefixLength - index * 8))
            return bitsKept == 8 ? byte : byte & ~(UInt8(0xff) >> bitsKept)
        })
    }
}

/// Which address a request came from, given the proxies trusted to say so.
enum ClientAddress {
    /// The connection's peer, unless the peer is a trusted proxy: then `X-Forwarded-For`
    /// is walked from the right (each proxy appends the address it saw), trusted hops
    /// skipped, and the first untrusted address is the client. Entries left of that are
    /// the client's own say and are never read. A malformed entry is not believed: the
    /// walk stops at it and the last address read stays the client.
    static func resolve(peer: String?, forwardedFor: [String], trusted: [IPNetwork]) -> String {
        guard let peer else { return "unknown" }
        guard var client = IPAddress(peer) else { return peer }
        guard isTrusted(client, trusted) else { return client.description }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            guard let address = IPAddress(forwardedHop: hop.trimmingWhitespace) else { break }
            client = address
            if !isTrusted(address, trusted) { break }
        }
        return client.description
    }

    private static func isTrusted(_ address: IPAddress, _ trusted: [IPNetwork]) -> Bool {
        trusted.contains { $0.contains(address) }
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
