import Foundation
import NIOCore
import Vapor

/// Reads `multipart/form-data` safely. MultipartKit looks each byte of a part's header
/// name up in a 128-entry table and traps on one ≥ 0x80 (`MultipartParser`,
/// `isAllowedHeaderFieldNameCharacter`): one such byte from any client stopped the whole
/// server under the API fuzzer — on any route that reads a body, since Vapor decodes by the
/// content type the client names. Header names are ASCII tokens (RFC 7578, RFC 9110), so a
/// body with any other byte there is refused as malformed (400 `bad_multipart`) before the
/// parser sees it, and whatever else the parser rejects is a 400 too, never a 500.
public enum MultipartUpload {
    /// The body decoded as `T`, or a 400 `bad_multipart` with `key`'s message (what the
    /// upload's API says it expects) for a body that is not well-formed multipart.
    public static func decode<T: Decodable>(_ type: T.Type, from req: Request, key: String) throws -> T {
        guard req.headers.contentType?.type == "multipart" else { throw AppError.badRequest(code: "bad_multipart", key: key) }
        do {
            return try req.content.decode(T.self)
        } catch let error as AppError where error.code != "bad_multipart" {
            throw error
        } catch {
            throw AppError.badRequest(code: "bad_multipart", key: key)
        }
    }

    /// The answer to `photo-upload.js`: where to go next, instead of the redirect a plain
    /// form gets. A fetch that followed the redirect would show (and so use up) the flash
    /// message the page it then opens should show. Other callers get `redirect` as it is.
    public static func answer(_ redirect: Response, to req: Request) throws -> Response {
        guard req.headers.first(name: "X-Requested-With") == "fetch", let location = redirect.headers.first(name: .location) else { return redirect }
        redirect.status = .ok
        redirect.headers.remove(name: .location)
        try redirect.content.encode(["location": location], as: .json)
        return redirect
    }

    static let malformed = AppError.badRequest(code: "bad_multipart", key: "error.bad_multipart")

    /// Vapor's `multipart/form-data` decoder behind the header check, installed for every
    /// route (`NULCharacters.install`): any route that reads its body would otherwise parse
    /// multipart if the client says so, and trap on such a body.
    struct GuardedDecoder: ContentDecoder {
        let formData = FormDataDecoder()

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
            try decode(D.self, from: body, headers: headers, userInfo: [:])
        }

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
                                  userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
            guard let boundary = headers.contentType?.parameters["boundary"], !boundary.isEmpty,
                  MultipartUpload.headerNamesAreTokens(body.readableBytesView, boundary: boundary)
            else { throw MultipartUpload.malformed }
            do {
                return try formData.decode(D.self, from: body, headers: headers, userInfo: userInfo)
            } catch let error as AppError {
                throw error
            } catch {
                throw MultipartUpload.malformed
            }
        }
    }

    /// Whether every header line of every part names its header in ASCII: the bytes of
    /// each line after a delimiter, up to the blank line, before the line's first colon.
    static func headerNamesAreTokens(_ body: some Collection<UInt8>, boundary: String) -> Bool {
        let bytes = Array(body)
        let delimiter = Array("--\(boundary)".utf8)
        var index = 0
        while let found = firstIndex(of: delimiter, in: bytes, from: index) {
            var cursor = found + delimiter.count
            // Skip to the end of the delimiter's line (transport padding, or "--" at the end).
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            cursor += 1
            // Header lines until an empty one.
            var inName = true
            var lineStart = true
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\n") {
                    if lineStart { break }  // the blank line: the part's content follows
                    inName = true
                    lineStart = true
                } else if byte != UInt8(ascii: "\r") {
                    lineStart = false
                    if byte == UInt8(ascii: ":") { inName = false }
                    else if inName, byte >= 0x80 { return false }
                }
                cursor += 1
            }
            index = cursor
        }
        return true
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0], Array(haystack[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}
