import Foundation
import Kernel
import Vapor

/// The backup as a file to save: `shelter-backup-<UTC time>.tar`, never cached.
enum BackupDownload {
    static func response(_ bytes: [UInt8], at now: Date) -> Response {
        let stamp = now.ISO8601Format(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeSeparator(.omitted).dateSeparator(.omitted))
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "application", subType: "x-tar")
        headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"shelter-backup-\(stamp).tar\"")
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(buffer: ByteBuffer(bytes: bytes)))
    }
}

/// `/shelter/backup`: the director's download from Settings (the password first, when the
/// window has closed).
enum BackupPage {
    static let path = "\(ShelterWeb.prefix)/backup"

    static func register(on web: any RoutesBuilder) {
        web.get("backup", use: download)
    }

    static func download(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        return try await ShelterWeb.change(req, back: path) {
            BackupDownload.response(try await req.shelter.backup.export(by: person), at: req.kernel.clock.now)
        }
    }
}
