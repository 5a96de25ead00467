import Foundation
import Vapor

/// A stored image served to the people allowed to see it: private (no shared cache keeps
/// it), revalidated by its ETag (`If-None-Match` answers 304), never sniffed as another type.
public enum PrivateImage {
    public static func response(contentType: String, bytes: Data, etag: String, for req: Request) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .eTag, value: etag)
        headers.replaceOrAdd(name: .cacheControl, value: "private, no-cache")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        if req.headers.first(name: .ifNoneMatch) == etag { return Response(status: .notModified, headers: headers) }
        headers.replaceOrAdd(name: .contentType, value: contentType)
        return Response(status: .ok, headers: headers, body: .init(data: bytes))
    }
}
