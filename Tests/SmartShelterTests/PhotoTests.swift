import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Animals' photos: real images only, size-limited, with a thumbnail, served from the
    /// database.
    @Suite("Photos")
    struct PhotoTests {
        /// A multipart/form-data body of named files.
        func multipart(_ parts: [(name: String, type: String, bytes: [UInt8])]) -> (body: ByteBuffer, contentType: String) {
            let boundary = "hromada-\(UUID().uuidString)"
            var body = ByteBuffer()
            for part in parts {
                body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"; filename=\"\(part.name).bin\"\r\nContent-Type: \(part.type)\r\n\r\n")
                body.writeBytes(part.bytes)
                body.writeString("\r\n")
            }
            body.writeString("--\(boundary)--\r\n")
            return (body, "multipart/form-data; boundary=\(boundary)")
        }

        func upload(_ app: Application, _ animal: UUID, as person: Person, _ parts: [(name: String, type: String, bytes: [UInt8])]) async throws -> TestingHTTPResponse {
            let (body, type) = multipart(parts)
            var headers = person.auth
            headers.replaceOrAdd(name: .contentType, value: type)
            return try await app.testing().sendRequest(.PUT, "\(api)/animals/\(animal)/photo", headers: headers, body: body)
        }

        /// The smallest whole baseline JPEG header walk: SOI, a frame of `width`×`height`, a scan, EOI.
        func jpeg(width: Int, height: Int) -> [UInt8] {
            let frame: [UInt8] = [0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
            let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34]
            return [0xFF, 0xD8] + frame + scan + [0xFF, 0xD9]
        }

        @Test("a small PNG is its own thumbnail; a large one needs one; both are served with their type and revalidated by digest")
        func uploadAndServe() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let animal = try await read(WithID.self, app, .POST, "/animals", as: doctor,
                                            ["name": "Рекс", "species": "dog", "intakeOn": LocalDay(Date(), in: TimeZone(identifier: "Europe/Kyiv")!).description]).id
                #expect(try await send(app, .GET, "/animals/\(animal)/photo", as: doctor).status == .notFound)

                let small = PNGDrawing.portrait(side: 64, ground: (200, 220, 255), face: (120, 60, 20))
                let stored = try await upload(app, animal, as: doctor, [("photo", "image/png", small)])
                #expect(stored.status == .ok, "\(stored.body.string)")
                let photo = try await send(app, .GET, "/animals/\(animal)/photo", as: storekeeper)
                #expect(photo.status == .ok && photo.headers.contentType == .png && Array(photo.body.readableBytesView) == small)
                let etag = try #require(photo.headers.first(name: .eTag))
                var headers = storekeeper.auth
                headers.replaceOrAdd(name: .ifNoneMatch, value: etag)
                #expect(try await app.testing().sendRequest(.GET, "\(api)/animals/\(animal)/photo", headers: headers).status == .notModified)
                #expect(Array(try await send(app, .GET, "/animals/\(animal)/photo/thumbnail", as: doctor).body.readableBytesView) == small)

                let large = PNGDrawing.png(width: 900, height: 600) { x, y in (UInt8(x % 256), UInt8(y % 256), 128) }
                let missing = try await upload(app, animal, as: doctor, [("photo", "image/png", large)])
                #expect(missing.status == .unprocessableEntity && fieldsOf(missing) == ["thumbnail"])
                let thumb = jpeg(width: 300, height: 200)
                let replaced = try await upload(app, animal, as: doctor, [("photo", "image/png", large), ("thumbnail", "image/jpeg", thumb)])
                #expect(replaced.status == .ok, "\(replaced.body.string)")
                let dto = try decode(SSModels.PhotoDTO.self, replaced)
                #expect(dto.width == 900 && dto.height == 600 && dto.contentType == "image/png")
                let served = try await send(app, .GET, "/animals/\(animal)/photo/thumbnail", as: doctor)
                #expect(served.headers.contentType == .jpeg && Array(served.body.readableBytesView) == thumb)
                #expect(codeOf(try await upload(app, animal, as: storekeeper, [("photo", "image/png", small)])) == "forbidden")
                let trail = try await AuditEntry.query(on: app.db).filter(\.$entityID == animal.uuidString.lowercased()).all().map(\.action)
                #expect(trail.contains("animal.photo") && trail.contains("animal.photo_replace"))
            }
        }

        @Test("what is not a whole image is refused, and nothing is stored")
        func refusals() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let animal = try await read(WithID.self, app, .POST, "/animals", as: doctor,
                                            ["name": "Мурка", "species": "cat", "intakeOn": LocalDay(Date(), in: TimeZone(identifier: "Europe/Kyiv")!).description]).id
                let png = PNGDrawing.portrait(side: 32, ground: (0, 0, 0), face: (255, 255, 255))
                var corrupt = png
                corrupt[60] ^= 0x55
                let cases: [(String, [UInt8])] = [
                    ("a text file named .png", Array("not an image at all".utf8)),
                    ("a PNG cut short", Array(png.prefix(png.count - 20))),
                    ("a PNG with a damaged chunk", corrupt),
                    ("a JPEG without its end", Array(jpeg(width: 10, height: 10).dropLast(2))),
                ]
                for (what, bytes) in cases {
                    let response = try await upload(app, animal, as: doctor, [("photo", "image/png", bytes)])
                    #expect(response.status == .unprocessableEntity && fieldsOf(response) == ["photo"], "\(what): \(response.body.string)")
                }
                let huge = jpeg(width: 9000, height: 100)
                #expect(fieldsOf(try await upload(app, animal, as: doctor, [("photo", "image/jpeg", huge), ("thumbnail", "image/png", png)])) == ["photo"])
                let bigThumbnail = try await upload(app, animal, as: doctor, [("photo", "image/png", png), ("thumbnail", "image/jpeg", jpeg(width: 800, height: 800))])
                #expect(fieldsOf(bigThumbnail) == ["thumbnail"])
                var empty = doctor.auth
                empty.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=b")
                let noParts = try await app.testing().sendRequest(.PUT, "\(api)/animals/\(animal)/photo", headers: empty, body: ByteBuffer(string: "--b--\r\n"))
                #expect(noParts.status == .badRequest && codeOf(noParts) == "bad_multipart", "found by the fuzzer: \(noParts.body.string)")
                let json = try await send(app, .PUT, "/animals/\(animal)/photo", as: doctor, ["photo": "x"])
                #expect(json.status == .unsupportedMediaType)
                #expect(try await AnimalPhoto.query(on: app.db).count() == 0)
            }
        }

        @Test("the images PNGDrawing makes and the JPEG walk are read as what they are")
        func imageInfo() {
            #expect(ImageInfo(PNGDrawing.png(width: 3, height: 2) { _, _ in (1, 2, 3) }) == ImageInfo(PNGDrawing.png(width: 3, height: 2) { _, _ in (9, 9, 9) }))
            let png = ImageInfo(PNGDrawing.portrait(side: 70000 / 1000, ground: (0, 0, 0), face: (1, 1, 1)))
            #expect(png?.contentType == "image/png" && png?.width == 70 && png?.height == 70)
            let jpeg = ImageInfo(jpeg(width: 640, height: 480))
            #expect(jpeg?.contentType == "image/jpeg" && jpeg?.width == 640 && jpeg?.height == 480)
            #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082, "the CRC of an empty IEND chunk, as every PNG ends")
        }
    }
}
