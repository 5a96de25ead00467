import Fluent
import Foundation
import HromadaTesting
import Kernel
import SQLKit
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Adoption: the public listing staff decide on, the public pages anyone reads
    /// without signing in (and what they never show).
    @Suite("Adoption")
    struct AdoptionTests {
        static func today(_ app: Application) -> String {
            LocalDay(app.kernel.clock.now, in: TimeZone(identifier: "Europe/Kyiv")!).description
        }

        /// An animal taken in by `doctor`, with a staff description and an intake reason the
        /// public must never read.
        static func takeIn(_ app: Application, by doctor: Person, name: String, species: String = "dog") async throws -> UUID {
            let response = try await send(app, .POST, "/animals", as: doctor, [
                "name": name, "species": species, "breed": "дворняга", "sex": "female", "bornOn": "2024-01-15", "intakeOn": today(app),
                "intakeReason": "Знайшла Марія Коваль, вул. Садова 5", "description": "Кусає ветеринарів"])
            #expect(response.status == .created, "\(response.body.string)")
            return try decode(SSModels.AnimalDTO.self, response).id
        }

        static func list(_ app: Application, _ body: [String: Any], _ animal: UUID, as person: Person?) async throws -> TestingHTTPResponse {
            try await send(app, .PUT, "/animals/\(animal)/listing", as: person, body)
        }

        static func get(_ app: Application, _ path: String, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
            try await app.testing().sendRequest(.GET, path, headers: headers)
        }

        @Test("the public flag: off for a new animal; doctors and the director set it with a text; refusals; an illness takes it off")
        func listingRules() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let director = try await staff(app, .director, name: "Оксана")
                let rex = try await Self.takeIn(app, by: doctor, name: "Рекс")
                let fresh = try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex)", as: doctor).animal
                #expect(!fresh.public && fresh.publicDescription.isEmpty)

                #expect(try await Self.list(app, ["public": true], rex, as: storekeeper).status == .forbidden)
                #expect(codeOf(try await Self.list(app, ["public": true], rex, as: director)) == "password_confirmation_required")
                #expect(fieldsOf(try await Self.list(app, ["publicDescription": "Лагідна"], rex, as: doctor)) == ["public"])
                #expect(fieldsOf(try await Self.list(app, ["public": true, "publicDescription": String(repeating: "а", count: 601)], rex, as: doctor))
                        == ["publicDescription"])
                #expect(try await Self.list(app, ["public": true], UUID(), as: doctor).status == .notFound)
                #expect(try await Self.list(app, ["public": true], rex, as: nil).status == .unauthorized)
                #expect(try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex)", as: doctor).animal.public == false)

                let listing = try await Self.list(app, ["public": true, "publicDescription": "Лагідна, любить дітей"], rex, as: doctor)
                #expect(listing.status == .ok, "\(listing.body.string)")
                let listed = try decode(SSModels.AnimalDTO.self, listing)
                #expect(listed.public && listed.publicDescription == "Лагідна, любить дітей")
                let audit = try await AuditEntry.query(on: app.db).filter(\.$action == "animal.listing").count()
                #expect(audit == 1)

                // An illness hides it until someone shows it again.
                let ill = try await send(app, .POST, "/animals/\(rex)/diseases", as: doctor, ["name": "Кашель", "startedOn": Self.today(app)])
                #expect(ill.status == .created, "\(ill.body.string)")
                #expect(try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex)", as: doctor).animal.public == false)

                // An animal that left cannot be listed.
                #expect(try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "transfer", "onDay": Self.today(app)]).status == .created)
                #expect(codeOf(try await Self.list(app, ["public": true], rex, as: doctor)) == "animal_not_here")
            }
        }

        @Test("the public pages: listed animals here only, by species, no personal or staff data, cacheable, Open Graph, public photos")
        func publicPages() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await Self.takeIn(app, by: doctor, name: "Рекс")
                let murka = try await Self.takeIn(app, by: doctor, name: "Мурка", species: "cat")
                let hidden = try await Self.takeIn(app, by: doctor, name: "Тихон")
                for animal in [rex, murka] {
                    #expect(try await Self.list(app, ["public": true, "publicDescription": "Чекає на вас"], animal, as: doctor).status == .ok)
                }
                let png = PNGDrawing.portrait(side: 64, ground: (200, 220, 255), face: (120, 60, 20))
                for animal in [rex, hidden] {
                    _ = try await ShelterContext(app.services).photos.upload(to: animal, photo: png, thumbnail: nil,
                                                                              by: try await staffMember(app, doctor))
                }

                let page = try await Self.get(app, "/shelter/adopt")
                #expect(page.status == .ok)
                let html = page.body.string
                #expect(html.contains("Рекс") && html.contains("Мурка") && !html.contains("Тихон"))
                #expect(html.contains("Чекає на вас"))
                #expect(!html.contains("Марія") && !html.contains("Кусає") && !html.contains("Садова"))
                #expect(page.headers.first(name: .cacheControl) == "public, max-age=\(AdoptPage.maxAge)")
                let etag = try #require(page.headers.first(name: .eTag))
                #expect(page.headers.first(name: .vary)?.contains("Cookie") == true)
                #expect(html.contains("property=\"og:title\"") && html.contains("property=\"og:url\" content=\"\(app.kernel.configuration.publicURL)/shelter/adopt\""))
                #expect(try await Self.get(app, "/shelter/adopt", headers: ["If-None-Match": etag]).status == .notModified)

                let cats = try await Self.get(app, "/shelter/adopt?species=cat").body.string
                #expect(cats.contains("Мурка") && !cats.contains("Рекс"))

                let own = try await Self.get(app, "/shelter/adopt/\(rex)")
                #expect(own.status == .ok && own.headers.first(name: .cacheControl)?.hasPrefix("public") == true)
                let ownHTML = own.body.string
                #expect(ownHTML.contains("property=\"og:image\" content=\"\(app.kernel.configuration.publicURL)/shelter/adopt/\(rex.uuidString.lowercased())/photo\""))
                #expect(!ownHTML.contains("Кусає") && !ownHTML.contains("Марія"))
                #expect(try await Self.get(app, "/shelter/adopt/\(hidden)").status == .notFound)
                #expect(try await Self.get(app, "/shelter/adopt/not-an-id").status == .notFound)

                let thumbnail = try await Self.get(app, "/shelter/adopt/\(rex)/photo/thumbnail")
                #expect(thumbnail.status == .ok && Array(thumbnail.body.readableBytesView) == png)
                #expect(thumbnail.headers.first(name: .cacheControl)?.hasPrefix("public") == true)
                #expect(try await Self.get(app, "/shelter/adopt/\(hidden)/photo/thumbnail").status == .notFound)
                #expect(try await Self.get(app, "/shelter/adopt/\(hidden)/photo").status == .notFound)

                // Adopted: gone from the list, its page and its photo.
                #expect(try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "adoption", "onDay": Self.today(app)]).status == .created)
                let after = try await Self.get(app, "/shelter/adopt", headers: ["If-None-Match": etag])
                #expect(after.status == .ok && !after.body.string.contains("Рекс"))
                #expect(try await Self.get(app, "/shelter/adopt/\(rex)").status == .notFound)
                #expect(try await Self.get(app, "/shelter/adopt/\(rex)/photo/thumbnail").status == .notFound)
            }
        }

        @Test("a page of 24 at a time, longest-waiting first, the species kept from page to page; a page past the last is the last")
        func pages() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                var names: [String] = []
                for n in 1...26 {
                    let name = String(format: "Пес %02d", n)
                    names.append(name)
                    let id = try await Self.takeIn(app, by: doctor, name: name)
                    #expect(try await Self.list(app, ["public": true], id, as: doctor).status == .ok)
                }
                let cat = try await Self.takeIn(app, by: doctor, name: "Кицька", species: "cat")
                #expect(try await Self.list(app, ["public": true], cat, as: doctor).status == .ok)

                let first = try await Self.get(app, "/shelter/adopt").body.string
                // Same intake day: by name, so the dogs before the cat («К» < «П»)… all 27 ordered.
                #expect(first.contains("Тварини 1–24 з 27") && first.contains("Сторінка 1 з 2"))
                #expect(first.contains(#"href="/shelter/adopt?page=2" rel="next""#) && !first.contains(#"rel="prev""#))
                #expect(first.contains("Кицька") && first.contains("Пес 23") && !first.contains("Пес 24"))
                let second = try await Self.get(app, "/shelter/adopt?page=2").body.string
                #expect(second.contains("Тварини 25–27 з 27") && second.contains("Пес 24") && second.contains("Пес 26") && !second.contains("Пес 23"))
                #expect(second.contains(#"href="/shelter/adopt" rel="prev""#) && !second.contains(#"rel="next""#))
                #expect(try await Self.get(app, "/shelter/adopt?page=9").body.string.contains("Тварини 25–27 з 27"))
                #expect(try await Self.get(app, "/shelter/adopt?page=x").body.string.contains("Тварини 1–24 з 27"))
                let dogs = try await Self.get(app, "/shelter/adopt?species=dog").body.string
                #expect(dogs.contains(#"href="/shelter/adopt?species=dog&amp;page=2" rel="next""#) && !dogs.contains("Кицька"))
                // One species on one page: no pager.
                let cats = try await Self.get(app, "/shelter/adopt?species=cat").body.string
                #expect(cats.contains("Кицька") && !cats.contains("adopt-pager") && !cats.contains("adopt-shown"))
            }
        }

        @Test("a kept public page: each visitor gets their own form token in it, and the next day's ages and waits")
        func keptPages() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await Self.takeIn(app, by: doctor, name: "Рекс")
                #expect(try await Self.list(app, ["public": true], rex, as: doctor).status == .ok)
                func token(_ html: String) -> String? {
                    html.firstMatch(of: /name="_csrf" value="([^"]+)"/).map { String($0.output.1) }
                }
                let first = try await Self.get(app, "/shelter/adopt/\(rex)"), second = try await Self.get(app, "/shelter/adopt/\(rex)")
                let mine = try #require(token(first.body.string)), theirs = try #require(token(second.body.string))
                #expect(mine != theirs, "two first-time visitors, two tokens")
                #expect(first.headers.setCookie?["hromada_csrf"]?.string == mine)
                #expect(first.body.string.contains("<dt>Чекає на дім</dt><dd>0 днів</dd>"), "said once, not «Чекає на дім: чекає 0 днів»")
                let tag = try #require(first.headers.first(name: .eTag))
                clock.advance(by: 86_400)
                let tomorrow = try await Self.get(app, "/shelter/adopt/\(rex)", headers: ["If-None-Match": tag])
                #expect(tomorrow.status == .ok && tomorrow.body.string.contains("<dd>1 день</dd>"))
                #expect(try await Self.get(app, "/shelter/adopt").body.string.contains("чекає 1 день"))
            }
        }

        @Test("a change written by another server (straight into the database) reaches the public pages at once")
        func anotherServersChange() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await Self.takeIn(app, by: doctor, name: "Рекс")
                #expect(try await Self.list(app, ["public": true], rex, as: doctor).status == .ok)
                #expect(try await Self.get(app, "/shelter/adopt").body.string.contains("Рекс"))
                #expect(try await Self.get(app, "/shelter/adopt/\(rex)").status == .ok)
                let own = try await Self.get(app, "/shelter/adopt/\(rex)")
                let listTag = try #require(try await Self.get(app, "/shelter/adopt").headers.first(name: .eTag))
                try await app.db.sql.update(Animal.schema).set("name", to: SQLBind("Рекс Великий")).where("id", .equal, SQLBind(rex)).run()
                #expect(try await Self.get(app, "/shelter/adopt").body.string.contains("Рекс Великий"))
                // The animal's page, drawn once and kept, is drawn again; both validators moved.
                let renamed = try await Self.get(app, "/shelter/adopt/\(rex)", headers: ["If-None-Match": try #require(own.headers.first(name: .eTag))])
                #expect(renamed.status == .ok && renamed.body.string.contains("<h1>Рекс Великий</h1>"))
                #expect(try await Self.get(app, "/shelter/adopt", headers: ["If-None-Match": listTag]).status == .ok)
                try await app.db.sql.update(Animal.schema).set("listed", to: SQLBind(false)).where("id", .equal, SQLBind(rex)).run()
                #expect(!(try await Self.get(app, "/shelter/adopt").body.string.contains("Рекс")))
                #expect(try await Self.get(app, "/shelter/adopt/\(rex)").status == .notFound)
            }
        }
    }
}

/// The staff member behind a test person, as services take them.
func staffMember(_ app: Application, _ person: Person) async throws -> StaffMember {
    let account = try #require(try await Account.find(person.id, on: app.db))
    let profile = try #require(try await ShelterProfile.find(person.id, on: app.db))
    return StaffMember(account: account, profile: profile)
}
