import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Intakes and outcomes, measured: counts per month, kind and species, the live-release
    /// rate, the median stay and today's census, on a small known set of movements.
    @Suite("Statistics")
    struct StatisticsTests {
        static let kyiv = TimeZone(identifier: "Europe/Kyiv")!

        /// Days before the clock's today, as `YYYY-MM-DD`.
        static func ago(_ app: Application, _ days: Int) -> String {
            LocalDay(app.kernel.clock.now, in: kyiv).adding(days: -days).description
        }

        static func takeIn(_ app: Application, by doctor: Person, _ name: String, _ species: String, daysAgo: Int,
                           enclosure: UUID? = nil) async throws -> UUID {
            var body: [String: Any] = ["name": name, "species": species, "sex": "unknown", "intakeOn": ago(app, daysAgo)]
            if let enclosure { body["enclosureId"] = enclosure.uuidString }
            return try await read(WithID.self, app, .POST, "/animals", as: doctor, body).id
        }

        static func move(_ app: Application, by doctor: Person, _ animal: UUID, _ kind: String, daysAgo: Int) async throws {
            let response = try await send(app, .POST, "/animals/\(animal)/movements", as: doctor, ["kind": kind, "onDay": ago(app, daysAgo)])
            #expect(response.status == .created, "\(response.body.string)")
        }

        /// Six animals: in the range of the last 100 days, five new intakes and one coming
        /// back, five outcomes (four live) with stays of 10, 20, 30, 5 and 105 days; two
        /// animals here today, one in the enclosure «Котяча», one in none.
        static func seed(_ app: Application) async throws -> (director: Person, doctor: Person, enclosure: UUID) {
            let director = try await confirmedDirector(app)
            let doctor = try await staff(app, .doctor)
            let enclosure = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Котяча"]).id
            let a = try await takeIn(app, by: doctor, "Алфа", "dog", daysAgo: 90)
            try await move(app, by: doctor, a, "adoption", daysAgo: 80)
            let b = try await takeIn(app, by: doctor, "Буся", "cat", daysAgo: 60)
            try await move(app, by: doctor, b, "death", daysAgo: 40)
            let c = try await takeIn(app, by: doctor, "Вітер", "dog", daysAgo: 50)
            try await move(app, by: doctor, c, "transfer", daysAgo: 20)
            let d = try await takeIn(app, by: doctor, "Гром", "dog", daysAgo: 30)
            try await move(app, by: doctor, d, "adoption", daysAgo: 25)
            try await move(app, by: doctor, d, "intake", daysAgo: 10)
            let moved = try await send(app, .PUT, "/animals/\(d)/enclosure", as: doctor, ["enclosureId": enclosure.uuidString])
            #expect(moved.status == .ok, "\(moved.body.string)")
            _ = try await takeIn(app, by: doctor, "Ельза", "rabbit", daysAgo: 5)
            // Came in long before the range; left in it, 105 days on.
            let f = try await takeIn(app, by: doctor, "Фіра", "cat", daysAgo: 200)
            try await move(app, by: doctor, f, "return_to_owner", daysAgo: 95)
            return (director, doctor, enclosure)
        }

        @Test("known movements: counts by month, kind and species, the live-release rate, the median stay, today's census")
        func knownNumbers() async throws {
            try await withShelter(clock: ManualClock(Date(timeIntervalSince1970: 1_790_000_000))) { app in
                let (director, doctor, enclosure) = try await Self.seed(app)
                let query = "/statistics?from=\(Self.ago(app, 100))&to=\(Self.ago(app, 0))"
                let stats = try await read(SSModels.StatisticsDTO.self, app, .GET, query, as: doctor)
                #expect(stats.from == Self.ago(app, 100) && stats.to == Self.ago(app, 0))
                let range = StatisticsRange(from: LocalDay(Self.ago(app, 100))!, to: LocalDay(Self.ago(app, 0))!)
                #expect(stats.months.map(\.month) == range.months && (4...5).contains(stats.months.count))
                #expect(stats.intakes == 6 && stats.outcomes == 5 && stats.liveOutcomes == 4)
                #expect(stats.liveReleaseRate == 0.8)
                #expect(stats.medianStayDays == 20)
                func sum(_ counts: [SSModels.StatisticsDTO.Count], _ kind: String, _ species: String? = nil) -> Int {
                    counts.filter { $0.kind == kind && (species == nil || $0.species == species) }.reduce(0) { $0 + $1.count }
                }
                let intakes = stats.months.flatMap(\.intakes), outcomes = stats.months.flatMap(\.outcomes)
                #expect(sum(intakes, "new") == 5 && sum(intakes, "returned") == 1 && sum(intakes, "returned", "dog") == 1)
                #expect(sum(intakes, "new", "dog") == 3 && sum(intakes, "new", "cat") == 1 && sum(intakes, "new", "rabbit") == 1)
                #expect(sum(outcomes, "adoption", "dog") == 2 && sum(outcomes, "transfer", "dog") == 1)
                #expect(sum(outcomes, "death", "cat") == 1 && sum(outcomes, "return_to_owner", "cat") == 1 && sum(outcomes, "adoption", "cat") == 0)
                // Each movement in the month of its day.
                let adoptionMonths = stats.months.filter { month in month.outcomes.contains { $0.kind == "adoption" } }.map(\.month)
                #expect(adoptionMonths == Array(Set([Self.ago(app, 80), Self.ago(app, 25)].map { String($0.prefix(7)) })).sorted())
                #expect(stats.census.total == 2)
                #expect(stats.census.bySpecies.map(\.species) == ["dog", "rabbit"] && stats.census.bySpecies.map(\.count) == [1, 1])
                #expect(stats.census.byEnclosure.map(\.enclosureId) == [enclosure, nil] && stats.census.byEnclosure.map(\.name) == ["Котяча", nil])

                // The page shows the same numbers, and says what the rate counts.
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": director.login, "password": password])
                let page = try await browser.get("/shelter/statistics?from=\(Self.ago(app, 100))&to=\(Self.ago(app, 0))")
                #expect(page.status == .ok)
                let html = page.body.string
                #expect(html.contains("80 % (4 з 5)") && html.contains("20 дн."))
                #expect(html.contains("Асіломарських угод") && html.contains("евтаназію на прохання власника"))
                #expect(html.contains(#"<svg class="chart""#) && html.contains(#"id="table-months""#) && html.contains(#"id="census-enclosures""#))
                #expect(html.contains("Котяча") && html.contains("Без вольєра"))
                // Without dates: the last twelve months, the first one whole.
                let defaults = try await read(SSModels.StatisticsDTO.self, app, .GET, "/statistics", as: doctor)
                #expect(defaults.months.count == 12 && defaults.from.hasSuffix("-01") && defaults.to == Self.ago(app, 0))
                // Фіра's intake, 200 days back, is in the twelve months too.
                #expect(defaults.outcomes == 5 && defaults.intakes == 7)
            }
        }

        @Test("foster care out and back is neither an intake nor an outcome: the figures stay as they were")
        func fosterCareIsNotCounted() async throws {
            try await withShelter(clock: ManualClock(Date(timeIntervalSince1970: 1_790_000_000))) { app in
                let (_, doctor, _) = try await Self.seed(app)
                let query = "/statistics?from=\(Self.ago(app, 100))&to=\(Self.ago(app, 0))"
                let before = try await read(SSModels.StatisticsDTO.self, app, .GET, query, as: doctor)
                let hanna = try await read(WithID.self, app, .POST, "/people", as: doctor, ["name": "Ганна", "kind": "fosterer", "phone": "0677654321"]).id
                let g = try await Self.takeIn(app, by: doctor, "Жук", "dog", daysAgo: 40)
                let fostered = try await send(app, .POST, "/animals/\(g)/movements", as: doctor,
                                              ["kind": "foster", "onDay": Self.ago(app, 30), "personId": hanna.uuidString])
                #expect(fostered.status == .created)
                // With the fosterer: the shelter's, but not in the census of those here.
                let away = try await read(SSModels.StatisticsDTO.self, app, .GET, query, as: doctor)
                #expect(away.census.inFoster == 1 && away.census.total == before.census.total && before.census.inFoster == 0)
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": doctor.login, "password": password])
                #expect(try await browser.get("/shelter/statistics").body.string.contains("У тимчасових сім’ях: 1 (їх немає в таблицях нижче)"))
                try await Self.move(app, by: doctor, g, "foster_return", daysAgo: 3)
                let after = try await read(SSModels.StatisticsDTO.self, app, .GET, query, as: doctor)
                #expect(after.census.inFoster == 0 && after.census.total == before.census.total + 1)
                #expect(after.intakes == before.intakes + 1 && after.outcomes == before.outcomes)
                #expect(after.liveReleaseRate == before.liveReleaseRate && after.medianStayDays == before.medianStayDays)
                #expect(after.months.flatMap(\.outcomes).allSatisfy { ["adoption", "return_to_owner", "transfer", "death"].contains($0.kind) })
            }
        }

        @Test("a change reaches figures already read: a movement dated before another, a species corrected")
        func changesReachFiguresAlreadyRead() async throws {
            try await withShelter(clock: ManualClock(Date(timeIntervalSince1970: 1_790_000_000))) { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let query = "/statistics?from=\(Self.ago(app, 60))&to=\(Self.ago(app, 0))"
                let luna = try await Self.takeIn(app, by: doctor, "Луна", "cat", daysAgo: 30)
                try await Self.move(app, by: doctor, luna, "adoption", daysAgo: 25)
                let first = try await read(SSModels.StatisticsDTO.self, app, .GET, query, as: doctor)
                #expect(first.medianStayDays == 5 && first.intakes == 1 && first.outcomes == 1)
                // The page's figures are drawn once per revision (`StatisticsView.FiguresCache`).
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": doctor.login, "password": password])
                let pagePath = "/shelter/statistics?from=\(Self.ago(app, 60))&to=\(Self.ago(app, 0))"
                #expect(try await browser.get(pagePath).body.string.contains("5 дн."))
                // She came back, the return typed in late with a day before the adoption's: the
                // adoption now follows that intake, two days on.
                try await Self.move(app, by: doctor, luna, "intake", daysAgo: 27)
                let second = try await read(SSModels.StatisticsDTO.self, app, .GET, query, as: doctor)
                #expect(second.medianStayDays == 2 && second.intakes == 2)
                let redrawn = try await browser.get(pagePath).body.string
                #expect(redrawn.contains("2 дн.") && !redrawn.contains("5 дн."))
                #expect(second.months.flatMap(\.intakes).filter { $0.kind == "returned" }.isEmpty)
                // A dog after all: every count of hers moves to the dogs.
                let corrected = try await send(app, .PUT, "/animals/\(luna)", as: director,
                                               ["name": "Луна", "species": "dog", "sex": "unknown"])
                #expect(corrected.status == .ok, "\(corrected.body.string)")
                let third = try await read(SSModels.StatisticsDTO.self, app, .GET, query, as: doctor)
                let counted = third.months.flatMap { $0.intakes + $0.outcomes }
                #expect(counted.allSatisfy { $0.species == "dog" } && counted.reduce(0) { $0 + $1.count } == 3)
            }
        }

        @Test("the census with nobody on site but animals in foster care says how many, and of no tables below")
        func censusOnlyFostered() {
            let range = StatisticsRange(from: LocalDay("2026-01-01")!, to: LocalDay("2026-01-31")!)
            let statistics = ShelterStatistics(range: range, revision: 0, months: [], stays: [:], censusBySpecies: [:], censusByEnclosure: [],
                                               censusInFoster: 2)
            let l = Localizer(language: .uk, timeZone: Self.kyiv, catalogs: [KernelStrings.catalog, ShelterStrings.catalog])
            let html = StatisticsFigures(statistics: statistics, l: l).census.rendered
            #expect(html.contains("Зараз у притулку немає тварин.") && html.contains("У тимчасових сім’ях: 2<"))
            #expect(!html.contains("таблицях") && !html.contains("census-species"))
        }

        @Test("a range without outcomes has no rate and no median, and still counts its intakes and today's census")
        func noOutcomes() async throws {
            try await withShelter(clock: ManualClock(Date(timeIntervalSince1970: 1_790_000_000))) { app in
                let (director, _, _) = try await Self.seed(app)
                let response = try await send(app, .GET, "/statistics?from=\(Self.ago(app, 7))&to=\(Self.ago(app, 0))", as: director)
                #expect(response.status == .ok)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(json.keys.contains("months") && !json.keys.contains("liveReleaseRate") && !json.keys.contains("medianStayDays"))
                let stats = try decode(SSModels.StatisticsDTO.self, response)
                #expect(stats.outcomes == 0 && stats.intakes == 1 && stats.census.total == 2)

                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": director.login, "password": password])
                let html = try await browser.get("/shelter/statistics?from=\(Self.ago(app, 7))&to=\(Self.ago(app, 0))").body.string
                #expect(html.contains("за цей проміжок виходів не було") && html.contains("немає виходів"))
            }
        }

        @Test("a range that is not one: 422 naming the field on the API, the message in the form on the page")
        func badRange() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let backwards = try await send(app, .GET, "/statistics?from=2026-03-01&to=2026-02-01", as: doctor)
                #expect(backwards.status == .unprocessableEntity && fieldsOf(backwards) == ["to"])
                let notADay = try await send(app, .GET, "/statistics?from=2026-02-30&to=2026-03-01", as: doctor)
                #expect(notADay.status == .unprocessableEntity && fieldsOf(notADay) == ["from"])
                let oneOnly = try await send(app, .GET, "/statistics?from=2026-02-01", as: doctor)
                #expect(oneOnly.status == .unprocessableEntity && fieldsOf(oneOnly) == ["to"])
                let tooLong = try await send(app, .GET, "/statistics?from=1990-01-01&to=2026-01-01", as: doctor)
                #expect(tooLong.status == .unprocessableEntity && fieldsOf(tooLong) == ["to"])

                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": doctor.login, "password": password])
                let page = try await browser.get("/shelter/statistics?from=2026-03-01&to=2026-02-01")
                #expect(page.status == .unprocessableEntity)
                let html = page.body.string
                #expect(html.contains("Дата «по» раніша за дату «з».") && html.contains(#"value="2026-03-01""#))
                #expect(!html.contains(#"id="table-months""#))
            }
        }

        @Test("the storekeeper, a pending person and a stranger are refused")
        func refused() async throws {
            try await withShelter { app in
                let storekeeper = try await staff(app, .storekeeper)
                let pending = try await staff(app, .pending)
                #expect(try await send(app, .GET, "/statistics", as: storekeeper).status == .forbidden)
                #expect(codeOf(try await send(app, .GET, "/statistics", as: pending)) == "role_pending")
                #expect(try await send(app, .GET, "/statistics", as: nil).status == .unauthorized)
                // A mistyped range does not tell the storekeeper more than a 403.
                #expect(try await send(app, .GET, "/statistics?from=x&to=y", as: storekeeper).status == .forbidden)
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": storekeeper.login, "password": password])
                #expect(try await browser.get("/shelter/statistics").status == .forbidden)
                #expect(try await browser.get("/shelter/statistics?from=x&to=y").status == .forbidden)
            }
        }
    }
}
