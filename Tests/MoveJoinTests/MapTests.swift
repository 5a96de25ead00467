import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    /// The map view: a bounding-box search (API and the page's markers), the map library
    /// served from where Debian installs it, and tiles let through the page's policy.
    @Suite("The events map")
    struct MapTests {
        func placed(_ title: String, latitude: Double?, longitude: Double?) -> MJEventInput {
            var input = eventInput(title: title, startsIn: 2 * 86_400)
            if let latitude, let longitude {
                input.latitude = latitude
                input.longitude = longitude
            }
            return input
        }

        @Test("bbox keeps the events with a place inside the box, in both encodings; a box that cannot be read is a 422")
        func boundingBox() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let centre = try await createEvent(app, by: host, placed("Центр", latitude: 50.4501, longitude: 30.5234))
                _ = try await createEvent(app, by: host, placed("Троєщина", latitude: 50.5200, longitude: 30.6000))
                _ = try await createEvent(app, by: host, placed("Без місця", latitude: nil, longitude: nil))
                let found = try await call(app, .GET, "/events?city=kyiv&bbox=30.50,50.44,30.55,50.46", token: host.token).message(MJEventPage.self)
                #expect(found.events.map(\.id) == [centre])
                let json = try await app.testing().sendRequest(.GET, "\(api)/events?city=kyiv&bbox=30.50,50.44,30.55,50.46",
                                                               headers: ["Authorization": "Bearer \(host.token)", "Accept": "application/json"])
                #expect(json.status == .ok && json.body.string.contains("\"title\":\"Центр\"") && !json.body.string.contains("Троєщина"))
                for bad in ["30.55,50.44,30.50,50.46", "30.5,50.4,30.6", "a,b,c,d", "30,91,31,92", "nan,50,31,51"] {
                    let refused = try await call(app, .GET, "/events?city=kyiv&bbox=\(bad)", token: host.token)
                    #expect(refused.status == .unprocessableEntity, "\(bad)")
                    #expect(try refused.message(MJError.self).violations.map(\.field) == ["bbox"], "\(bad)")
                }
            }
        }

        @Test("the page's markers: the box's events with where they are and a card's words; no box, 422; the page lets the tiles in")
        func markers() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let centre = try await createEvent(app, by: host, placed("Центр", latitude: 50.4501, longitude: 30.5234))
                let browser = TestBrowser(app)
                _ = try await browser.post("/movejoin/login", form: ["email": host.email, "password": password])
                let answer = try await browser.get("/movejoin/events/map/events.json?city=kyiv&bbox=30.4,50.4,30.6,50.5")
                #expect(answer.status == .ok)
                let markers = try JSONDecoder().decode(EventMapPage.Markers.self, from: Data(answer.body.string.utf8))
                #expect(markers.events.map(\.id) == [centre] && !markers.more)
                let marker = try #require(markers.events.first)
                #expect(marker.latitude == 50.4501 && marker.url == "/movejoin/events/\(centre)" && marker.mine && marker.places == "Лишилося 9 місць")
                #expect(try await browser.get("/movejoin/events/map/events.json?city=kyiv").status == .unprocessableEntity)

                let page = try await browser.get("/movejoin/events/map")
                #expect(page.status == .ok)
                let policy = page.headers.first(name: "Content-Security-Policy") ?? ""
                let list = try await browser.get("/movejoin/events")
                #expect(list.body.string.contains(#"href="/movejoin/events/map?city=kyiv""#), "the list offers the map")
                #expect(!(list.headers.first(name: "Content-Security-Policy") ?? "").contains("openstreetmap"), "only map pages let tiles in")
                if Leaflet.isInstalled {
                    #expect(policy.contains("img-src 'self' data: https://tile.openstreetmap.org;"), "\(policy)")
                    #expect(page.body.string.contains(#"data-event-map="/movejoin/events/map/events.json?city=kyiv""#))
                } else {
                    #expect(!policy.contains("openstreetmap") && page.body.string.contains("Мапа зараз недоступна"))
                }
            }
        }

        @Test("the map library is served from where Debian installs it, and only its own files", .enabled(if: Leaflet.isInstalled))
        func library() async throws {
            try await withMoveJoin { app in
                let script = try await app.testing().sendRequest(.GET, "/movejoin/leaflet/leaflet.js")
                #expect(script.status == .ok && script.headers.contentType?.subType == "javascript" && script.body.readableBytes > 100_000)
                #expect(try await app.testing().sendRequest(.GET, "/movejoin/leaflet/images/marker-icon.png").headers.contentType == .png)
                for path in ["/movejoin/leaflet/leaflet.esm.js", "/movejoin/leaflet/..%2F..%2F..%2Fetc%2Fpasswd", "/movejoin/leaflet/images/..%2Fleaflet.js"] {
                    #expect(try await app.testing().sendRequest(.GET, path).status == .notFound, "\(path)")
                }
            }
        }
    }
}
