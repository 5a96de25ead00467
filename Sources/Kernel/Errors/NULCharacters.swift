import Vapor

/// Input with a NUL character (U+0000) is refused where it is read, with a 400 naming the
/// field: PostgreSQL cannot store NUL in text and would fail the statement, a 500 for a
/// client's mistake (SQLite took it). No one types it; it comes from a broken client or a
/// fuzzer. JSON carries it as the escape `\u0000`; forms and addresses as `%00`.
/// Checked by the decoders of every body type we read (`install()`) and for every address
/// (`AddressGuard`), so no field can forget it.
enum NULCharacters {
    /// Installs the body decoders (the same for every application in the process): JSON
    /// with `APIDates`' times, and Vapor's form decoder.
    static func install() {
        var content = ContentConfiguration.global
        content.use(decoder: RefusingJSON(APIDates.decoder()), for: .json)
        content.use(decoder: RefusingJSON(APIDates.decoder()), for: .jsonAPI)
        content.use(decoder: RefusingForm(), for: .urlEncodedForm)
        // Not about NUL: multipart is read through a guard against a parser trap (`MultipartUpload`).
        content.use(decoder: MultipartUpload.GuardedDecoder(), for: .formData)
        ContentConfiguration.global = content
    }

    /// Refuses a request whose address holds a NUL, in its path or its query. (Routes read
    /// the query by subscript, which would quietly take a value it cannot decode as absent.)
    struct AddressGuard: AsyncMiddleware {
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            if holdsNUL(request.urlPath.utf8) { throw refusal(field: nil) }
            if let found = request.url.query.flatMap(inForm) { throw refusal(field: found.field) }
            return try await next.respond(to: request)
        }
    }

    /// The 400 for a NUL in `field` (nil when it is not known, or a key holds it).
    static func refusal(field: String?) -> AppError {
        AppError(.badRequest, code: "invalid_character", key: "error.nul_character",
                 fieldErrors: field.map { [FieldError(field: $0, key: "validation.nul_character")] } ?? [])
    }

    /// Whether form- or URL-encoded `bytes` hold a NUL: `%00` (a literal `%` is `%25`), or
    /// the byte itself.
    static func holdsNUL<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var previous: (UInt8, UInt8) = (1, 1)
        for byte in bytes {
            if byte == 0 || (previous == (UInt8(ascii: "%"), UInt8(ascii: "0")) && byte == UInt8(ascii: "0")) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// The first field of form- or URL-encoded `text` that holds `%00` in its value.
    static func inForm(_ text: String) -> Found? {
        guard holdsNUL(text.utf8) else { return nil }
        for pair in text.split(separator: "&") where holdsNUL(pair.utf8) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !holdsNUL(parts[0].utf8) else { return Found(field: nil) }
            return Found(field: String(parts[0]).removingPercentEncoding ?? String(parts[0]))
        }
        return Found(field: nil)
    }

    /// A NUL found in input: the field whose value holds it (nil when a key holds it, or
    /// a value outside any object).
    struct Found {
        let field: String?
    }

    /// The first string of JSON `body` with the escape `\u0000`. For a value in an array,
    /// the field is the array's. Reads only as much of the structure as it must: malformed
    /// JSON is the decoder's to refuse.
    static func inJSON(_ body: ByteBuffer) -> Found? {
        // Nearly every body has no such escape: look for it before reading the structure.
        guard body.withUnsafeReadableBytes(Self.holdsEscapedNUL) else { return nil }
        let bytes = Array(body.readableBytesView)
        var keys: [String?] = []   // per open container: the field being read in it
        var lastString = ""        // the string just read: a key if ':' follows
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let string = Self.string(in: bytes, from: index)
                if string.hasNUL {
                    let next = bytes[(string.end + 1)...].first { ![UInt8(ascii: " "), 9, 10, 13].contains($0) }
                    return Found(field: next == UInt8(ascii: ":") ? nil : keys.last ?? nil)
                }
                lastString = string.text
                index = string.end
            case UInt8(ascii: ":") where !keys.isEmpty:
                keys[keys.count - 1] = lastString
            case UInt8(ascii: "{"):
                keys.append(nil)
            case UInt8(ascii: "["):
                keys.append(keys.last ?? nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = keys.popLast()
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static let escape = Array(#"\u0000"#.utf8)

    /// Whether `bytes` hold `\u0000` anywhere (escaped or not: `inJSON` tells them apart).
    /// A plain loop over raw bytes: it runs on every JSON body.
    private static func holdsEscapedNUL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= escape.count else { return false }
        for start in 0...(bytes.count - escape.count) where bytes[start] == UInt8(ascii: "\\") {
            if (1..<escape.count).allSatisfy({ bytes[start + $0] == escape[$0] }) { return true }
        }
        return false
    }

    /// The JSON string whose opening quote is at `start`: the index of its closing quote
    /// (or the end), its text as written (escapes kept), and whether it holds `\u0000`.
    private static func string(in bytes: [UInt8], from start: Int) -> (end: Int, text: String, hasNUL: Bool) {
        var index = start + 1, hasNUL = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if bytes[(index + 1)...].starts(with: Array("u0000".utf8)) { hasNUL = true }
            index += 2
        }
        return (index, String(decoding: bytes[(start + 1)..<min(index, bytes.count)], as: UTF8.self), hasNUL)
    }

    /// The JSON decoder, refusing a NUL first.
    struct RefusingJSON: ContentDecoder {
        let json: JSONDecoder

        init(_ json: JSONDecoder) { self.json = json }

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
            try decode(D.self, from: body, headers: headers, userInfo: [:])
        }

        // `userInfo` carries the path of `content.get(_:at:)`: it must reach the decoder.
        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
                                  userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
            if let found = NULCharacters.inJSON(body) { throw NULCharacters.refusal(field: found.field) }
            return try json.decode(D.self, from: body, headers: headers, userInfo: userInfo)
        }
    }

    /// Vapor's form decoder, refusing a NUL first.
    struct RefusingForm: ContentDecoder {
        let form = URLEncodedFormDecoder()

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
            try decode(D.self, from: body, headers: headers, userInfo: [:])
        }

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
                                  userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
            if let found = NULCharacters.inForm(String(buffer: body)) { throw NULCharacters.refusal(field: found.field) }
            return try form.decode(D.self, from: body, headers: headers, userInfo: userInfo)
        }
    }
}
