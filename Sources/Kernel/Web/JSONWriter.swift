import Foundation
import Vapor

/// Writes JSON straight into a buffer, for the few API answers sent thousands of times a
/// second (Foundation's `JSONEncoder` builds a tree of boxed values first, a large cost
/// for them: see docs/decisions/json-answers-written-by-hand.md). It writes what the `Codable` types of those answers
/// encode to — a nil optional is left out, a UUID is upper-case, a date is RFC 3339 in
/// UTC, whole seconds — so the types stay the documented schema; each answer written this
/// way has a test that holds its output to `JSONEncoder`'s.
public struct JSONWriter {
    public private(set) var buffer: ByteBuffer
    /// Whether the container being written has a member yet (a comma goes before the next).
    private var hasMember = false

    public init(capacity: Int = 512) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    // MARK: Containers

    /// `{…}`, its members written by `members`.
    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        buffer.writeInteger(UInt8(ascii: "{"))
        let outer = hasMember
        hasMember = false
        members(&self)
        hasMember = outer
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    /// `[…]`, an element per item written by `element`.
    public mutating func array<Items: Sequence>(_ items: Items, _ element: (inout JSONWriter, Items.Element) -> Void) {
        buffer.writeInteger(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { buffer.writeInteger(UInt8(ascii: ",")) }
            first = false
            element(&self, item)
        }
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    /// A member's name, inside `object`; its value is written next. Names are ours, plain ASCII.
    public mutating func key(_ name: StaticString) {
        if hasMember { buffer.writeInteger(UInt8(ascii: ",")) }
        hasMember = true
        buffer.writeInteger(UInt8(ascii: "\""))
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
    }

    // MARK: Members (a nil value leaves the member out, as `encodeIfPresent` does)

    public mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func member(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    /// A number as Swift prints it, the shortest that reads back the same (`4.5`, `4.0`).
    /// Not for infinities or NaN, which JSON cannot hold: the callers' numbers are finite.
    public mutating func member(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        precondition(value.isFinite, "JSON has no \(value)")
        key(name)
        buffer.writeString(value.description)
    }

    public mutating func member(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        buffer.writeStaticString(value ? "true" : "false")
    }

    public mutating func member(_ name: StaticString, _ value: UUID?) {
        guard let value else { return }
        key(name)
        uuid(value)
    }

    public mutating func member(_ name: StaticString, _ value: Date?) {
        guard let value else { return }
        key(name)
        date(value)
    }

    // MARK: Values

    /// An integer: an array's element, or a member's value after `key`. Its digits are
    /// written straight into the buffer, with no `String` made for them.
    public mutating func integer(_ value: Int) {
        if value < 0 { buffer.writeInteger(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            buffer.writeInteger(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// A UUID as `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`, as `uuidString` spells it, written
    /// by hand: Foundation formats it with `snprintf`, a cost thirty times per question page.
    public mutating func uuid(_ value: UUID) {
        // 38 bytes in one write: a capacity check per byte was most of this (perf).
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 38) { out in
            withUnsafeBytes(of: value.uuid) { bytes in
                out[0] = UInt8(ascii: "\"")
                var at = 1
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    out[at] = Self.upperHexDigits[Int(byte >> 4)]
                    out[at + 1] = Self.upperHexDigits[Int(byte & 0x0F)]
                    at += 2
                }
                out[at] = UInt8(ascii: "\"")
                return at + 1
            }
        }
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    /// A value written before (by a `JSONWriter`, so it is valid JSON): an array's element,
    /// or a member's value after `key`. For parts of an answer that never change, kept
    /// written rather than written again on every request.
    public mutating func fragment(_ written: ByteBuffer) {
        var written = written
        buffer.writeBuffer(&written)
    }

    /// An array's element that is nil (`JSONEncoder` writes `null` for those; a nil member is left out).
    public mutating func null() {
        buffer.writeStaticString("null")
    }

    /// A string, escaped as JSON requires: quotes, backslashes and control characters.
    public mutating func string(_ text: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var plainFrom = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[plainFrom..<index]))
                switch byte {
                case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
                case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                case 0x0A: buffer.writeStaticString("\\n")
                case 0x0D: buffer.writeStaticString("\\r")
                case 0x09: buffer.writeStaticString("\\t")
                default:
                    buffer.writeStaticString("\\u00")
                    buffer.writeInteger(Self.hexDigits[Int(byte >> 4)])
                    buffer.writeInteger(Self.hexDigits[Int(byte & 0x0F)])
                }
                plainFrom = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[plainFrom...]))
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A moment as `"2026-11-25T17:30:00Z"`: RFC 3339 in UTC, the second it falls in.
    public mutating func date(_ moment: Date) {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400, secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = LocalDateTime.civil(fromDays: days)
        buffer.writeInteger(UInt8(ascii: "\""))
        writeDigits(year, 4)
        buffer.writeInteger(UInt8(ascii: "-"))
        writeDigits(month, 2)
        buffer.writeInteger(UInt8(ascii: "-"))
        writeDigits(day, 2)
        buffer.writeInteger(UInt8(ascii: "T"))
        writeDigits(secondOfDay / 3600, 2)
        buffer.writeInteger(UInt8(ascii: ":"))
        writeDigits(secondOfDay / 60 % 60, 2)
        buffer.writeInteger(UInt8(ascii: ":"))
        writeDigits(secondOfDay % 60, 2)
        buffer.writeStaticString("Z\"")
    }

    private mutating func writeDigits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            buffer.writeInteger(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

/// An answer written by `JSONWriter` instead of `JSONEncoder`.
public protocol JSONWritable {
    func write(to json: inout JSONWriter)
}

extension Response {
    /// An answer of `value`, written by `JSONWriter`.
    public convenience init(status: HTTPResponseStatus, json value: some JSONWritable, headers: HTTPHeaders = [:]) {
        var json = JSONWriter()
        value.write(to: &json)
        var headers = headers
        headers.replaceOrAdd(name: .contentType, value: "application/json; charset=utf-8")
        self.init(status: status, headers: headers, body: .init(buffer: json.buffer))
    }
}
