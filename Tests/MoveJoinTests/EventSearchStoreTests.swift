import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import Testing
import Vapor

extension MoveJoinTests {
    /// The search's two stores (`EventSearchStore`) answer and refuse alike.
    @Suite("Event search stores")
    struct EventSearchStoreTests {
        typealias Store = (MoveJoinContext) -> any EventSearchStore

        /// The page `query` finds for `token`'s caller, through each store, as the API sends it.
        func search(_ app: Application, token: String?, _ query: String) async throws -> StoreComparison.Outcome<[String]> {
            func run(_ store: Store) async throws -> [String] {
                let req = StoreComparison.apiRequest(app, "/movejoin/api/v1/events?\(query)", token: token)
                let page = try await store(MoveJoinContext(req.services)).search(by: req.caller(in: MoveJoin.descriptor)) { city in
                    try SearchQuery.parse(query, defaultCity: city)
                }
                return try Self.wire(page)
            }
            return try await StoreComparison.expectSame(query, portable: { try await run(PortableEventSearchStore.init) },
                                                        postgres: { try await run(PostgresEventSearchStore.init) })
        }

        /// Each event as the API encodes it, then the next page's token.
        static func wire(_ page: EventPage) throws -> [String] {
            try page.events.map { try MJEvent($0, .uk).jsonString() } + [page.nextPageToken ?? "-"]
        }

        @Test("the same events, standings and waitlist places, pages and filters; the caller's city by default")
        func answers() async throws {
            try await withMoveJoin { app in
                let organiser = try await register(app), caller = try await register(app)
                let full = try await createEvent(app, by: organiser, eventInput(title: "Малий теніс", capacity: 2, startsIn: 3_600))
                #expect(try await join(app, full, try await register(app)).status == .ok)
                #expect(try await join(app, full, try await register(app)).status == .ok)
                #expect(try await join(app, full, caller).status == .ok, "the caller waits second: the creator and the first joiner have the places")
                let joined = try await createEvent(app, by: organiser, eventInput(title: "Вечірній біг", sport: "running", startsIn: 7_200))
                #expect(try await join(app, joined, caller).status == .ok)
                _ = try await createEvent(app, by: organiser, eventInput(title: "Футбол у Львові", city: "lviv"))
                for query in ["city=kyiv", "", "city=kyiv&pageSize=1", "city=kyiv&sport=running", "city=kyiv&q=%D0%B1%D1%96%D0%B3", "city=lviv"] {
                    let outcome = try await search(app, token: caller.token, query)
                    guard case .answer(let events) = outcome else { Issue.record("\(query): \(outcome)"); continue }
                    #expect(events.count > 1, "\(query) finds something")
                }
                guard case .answer(let all) = try await search(app, token: caller.token, "city=kyiv") else { return }
                #expect(all.count == 3 && all[0].contains("Малий теніс") && all[0].contains("\"myWaitlistPosition\":2"), "\(all[0])")
            }
        }

        @Test("near a point, both stores find the same events within the same radius")
        func nearby() async throws {
            try await withMoveJoin { app in
                let organiser = try await register(app), caller = try await register(app)
                // A ring of events 0.5–20 km around a point, some exactly at the radii asked below.
                for step in 0..<24 {
                    var input = eventInput(title: "Подія \(step)", startsIn: Double(3_600 * (step + 1)))
                    let km = 0.5 + Double(step) * 0.85, angle = Double(step) * 0.9
                    input.latitude = 50.4501 + km * cos(angle) / 111.2
                    input.longitude = 30.5234 + km * sin(angle) / (111.2 * cos(50.4501 * .pi / 180))
                    _ = try await createEvent(app, by: organiser, input)
                }
                for within in ["1", "3.05", "5", "10", "20"] {
                    let outcome = try await search(app, token: caller.token, "city=kyiv&near=50.4501,30.5234&within=\(within)&pageSize=100")
                    guard case .answer(let events) = outcome else { Issue.record("\(within): \(outcome)"); continue }
                    #expect(events.count > 1, "within \(within) km finds something")
                }
            }
        }

        @Test("refusals: a 401 for no token or a forged one, before a 422 for an unknown city or page token")
        func refusals() async throws {
            try await withMoveJoin { app in
                let caller = try await register(app)
                #expect(try await search(app, token: caller.token, "city=atlantis") == .refused(status: 422, code: "validation_failed"))
                #expect(try await search(app, token: caller.token, "city=kyiv&pageToken=nonsense") == .refused(status: 422, code: "validation_failed"))
                #expect(try await search(app, token: "forged", "city=atlantis") == .refused(status: 401, code: "unauthenticated"))
                #expect(try await search(app, token: nil, "city=kyiv") == .refused(status: 401, code: "unauthenticated"))
            }
        }
    }
}
