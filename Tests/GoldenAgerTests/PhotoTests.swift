import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import NIOCore
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// The door check's photo: put up by the volunteer, checked by the kernel, seen by the
    /// volunteer, their organisation's coordinators and the pensioner's side of a visit
    /// they took on — nobody else.
    @Suite("Volunteers' photos")
    struct PhotoTests {
        static func upload(_ app: Application, as person: Person, _ bytes: [UInt8], type: String = "image/png") async throws -> TestingHTTPResponse {
            let boundary = "ga-photo-boundary"
            var body = ByteBuffer()
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.png\"\r\nContent-Type: \(type)\r\n\r\n")
            body.writeBytes(bytes)
            body.writeString("\r\n--\(boundary)--\r\n")
            var headers = person.auth
            headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
            return try await app.testing().sendRequest(.PUT, "/golden-ager/api/v1/me/photo", headers: headers, body: body)
        }

        @Test("only a whole image of at most 512 KB; then the volunteer, their coordinator and their pensioner's side see it, nobody else")
        func photo() async throws {
            try await withGoldenAger { app in
                let organisation = try await makeOrganisation(app, "Життєлюб")
                let volunteer = try await register(app, .volunteer, organisation: organisation)
                let coordinator = try await register(app, .coordinator, organisation: organisation)
                let stranger = try await register(app, .coordinator, organisation: try await makeOrganisation(app, "Інші"))
                let pensioner = try await register(app, .pensioner)
                let relative = try await register(app, .relative)
                try await link(app, relative, to: pensioner)
                let other = try await register(app, .pensioner)

                let fake = try await Self.upload(app, as: volunteer, Array("not a picture".utf8))
                #expect(fake.status == .unprocessableEntity && fake.body.string.contains("Це не цілий JPEG чи PNG"), "\(fake.body.string)")
                let huge = try await Self.upload(app, as: volunteer, PNGDrawing.png(width: 500, height: 400) { x, y in (UInt8(x % 256), UInt8(y % 256), 7) })
                #expect(huge.status == .unprocessableEntity && huge.body.string.contains("Файл завеликий"), "\(huge.body.string)")
                #expect(try await Self.upload(app, as: pensioner, PNGDrawing.portrait(side: 32, ground: (0, 0, 0), face: (9, 9, 9))).status == .forbidden)
                let face = PNGDrawing.portrait(side: 64, ground: (200, 220, 240), face: (214, 170, 140))
                let stored = try await Self.upload(app, as: volunteer, face)
                #expect(stored.status == .ok, "\(stored.body.string)")
                #expect(try decode(APIModels.ProfileDTO.self, stored).hasPhoto)

                let path = "/volunteers/\(volunteer.id)/photo"
                #expect(Array(try await send(app, .GET, path, as: volunteer).body.readableBytesView) == face)
                #expect(try await send(app, .GET, path, as: coordinator).status == .ok)
                for nobody in [stranger, pensioner, relative, other] {
                    #expect(try await send(app, .GET, path, as: nobody).status == .notFound, "before any visit")
                }
                try await goOnline(app, volunteer)
                let task = try await order(app, by: pensioner)
                #expect(try await send(app, .GET, path, as: pensioner).status == .notFound, "an order alone shows nobody")
                try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer)
                let seen = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(task)", as: pensioner))
                #expect(seen.volunteer?.photo == "/golden-ager/api/v1\(path)")
                #expect(try await send(app, .GET, path, as: pensioner).headers.contentType == .png)
                #expect(try await send(app, .GET, path, as: relative).status == .ok)
                #expect(try await send(app, .GET, path, as: other).status == .notFound)
                #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "volunteer.photo").count() == 1)
            }
        }
    }
}
