import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// A meal of the plan is fed once a day: a second press, or a second phone at the same
    /// moment, takes nothing more from stock and says who fed it; a meal plan takes food only.
    @Suite("Feeding done once")
    struct FeedingOnceTests {
        struct Setup {
            let storekeeper: Person
            let doctor: Person
            let enclosure: UUID
            let food: UUID
        }

        /// An enclosure with a dog whose plan has 0,5 of food at 08:00, 10 of it in stock.
        func setUp(_ app: Application) async throws -> Setup {
            let director = try await confirmedDirector(app)
            let doctor = try await staff(app, .doctor)
            let storekeeper = try await staff(app, .storekeeper, name: "Ольга")
            let item = try await read(WithID.self, app, .POST, "/items", as: storekeeper, ["name": "Корм", "kind": "food", "unit": "кг", "lowThreshold": 1])
            let order = try await read(WithID.self, app, .POST, "/orders", as: storekeeper, ["itemId": item.id.uuidString, "amount": 10])
            #expect(try await send(app, .PUT, "/orders/\(order.id)/decision", as: director, ["approve": true]).status == .ok)
            #expect(try await send(app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": 10]).status == .ok)
            let enclosure = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Собаки"]).id
            let today = LocalDay(Date(), in: TimeZone(identifier: "Europe/Kyiv")!).description
            let rex = try await read(WithID.self, app, .POST, "/animals", as: doctor,
                                     ["name": "Рекс", "species": "dog", "intakeOn": today, "enclosureId": enclosure.uuidString]).id
            #expect(try await send(app, .POST, "/animals/\(rex)/meals", as: doctor, ["time": "08:00", "itemId": item.id.uuidString, "amount": "0,5"]).status == .created)
            return Setup(storekeeper: storekeeper, doctor: doctor, enclosure: enclosure, food: item.id)
        }

        func stock(_ app: Application, _ item: UUID) async throws -> Int64 {
            try #require(try await StockItem.find(item, on: app.db)).stockMilli
        }

        func feed(_ s: Setup) -> [String: Any] {
            ["kind": "food", "itemId": s.food.uuidString, "amount": "0,5", "meal": "08:00"]
        }

        @Test("fed once: the second press is a 409 naming when and who, and stock is taken once; the round shows it done")
        func secondPress() async throws {
            try await withShelter { app in
                let s = try await setUp(app)
                let first = try await send(app, .POST, "/enclosures/\(s.enclosure)/refills", as: s.storekeeper, feed(s))
                #expect(first.status == .created, "\(first.body.string)")
                let refill = try decode(SSModels.RefillDTO.self, first)
                #expect(refill.meal == "08:00" && refill.mealDay != nil)
                #expect(try await stock(app, s.food) == 9_500)

                let second = try await send(app, .POST, "/enclosures/\(s.enclosure)/refills", as: s.storekeeper, feed(s))
                #expect(second.status == .conflict && codeOf(second) == "already_fed")
                #expect(second.body.string.contains("Уже нагодовано о") && second.body.string.contains("Ольга"))
                #expect(try await stock(app, s.food) == 9_500)
                #expect(try await Refill.query(on: app.db).count() == 1)

                let rounds = try await read([SSModels.FeedingRoundDTO].self, app, .GET, "/feeding", as: s.storekeeper)
                let portion = try #require(rounds.first?.portions.first)
                #expect(portion.fedBy == "Ольга" && portion.fedAt != nil)
                // Food outside the plan (no meal named) is still taken as before.
                #expect(try await send(app, .POST, "/enclosures/\(s.enclosure)/refills", as: s.storekeeper,
                                       ["kind": "food", "itemId": s.food.uuidString, "amount": 1]).status == .created)
                #expect(try await stock(app, s.food) == 8_500)
            }
        }

        @Test("a meal that is not in the enclosure's plan, or water as a meal, is refused and nothing is taken")
        func unknownMeal() async throws {
            try await withShelter { app in
                let s = try await setUp(app)
                var other = feed(s)
                other["meal"] = "09:00"
                let unknown = try await send(app, .POST, "/enclosures/\(s.enclosure)/refills", as: s.storekeeper, other)
                #expect(unknown.status == .unprocessableEntity && fieldsOf(unknown) == ["meal"])
                other["meal"] = "25:99"
                #expect(fieldsOf(try await send(app, .POST, "/enclosures/\(s.enclosure)/refills", as: s.storekeeper, other)) == ["meal"])
                let water = try await send(app, .POST, "/enclosures/\(s.enclosure)/refills", as: s.storekeeper, ["kind": "water", "amount": 3, "meal": "08:00"])
                #expect(water.status == .unprocessableEntity && fieldsOf(water) == ["meal"])
                #expect(try await stock(app, s.food) == 10_000)
            }
        }

        @Test("a meal plan takes food only: bandages are refused by name")
        func foodOnly() async throws {
            try await withShelter { app in
                let s = try await setUp(app)
                let bandages = try await read(SSModels.ItemDTO.self, app, .POST, "/items", as: s.storekeeper,
                                              ["name": "Бинти", "kind": "supplies", "unit": "шт.", "lowThreshold": 1])
                #expect(bandages.kind == "supplies")
                let animal = try #require(try await Animal.query(on: app.db).first()).id!
                let refused = try await send(app, .POST, "/animals/\(animal)/meals", as: s.doctor, ["time": "18:00", "itemId": bandages.id.uuidString, "amount": 1])
                #expect(refused.status == .unprocessableEntity && fieldsOf(refused) == ["itemId"])
                #expect(refused.body.string.contains("«Бинти» — не корм"))
                let unknownKind = try await send(app, .POST, "/items", as: s.storekeeper, ["name": "Щось", "kind": "toys", "unit": "шт."])
                #expect(unknownKind.status == .unprocessableEntity && fieldsOf(unknownKind) == ["kind"])
                // Without a kind, an item is «other» (and so not food).
                let plain = try await read(SSModels.ItemDTO.self, app, .POST, "/items", as: s.storekeeper, ["name": "Миска", "unit": "шт."])
                #expect(plain.kind == "other")
            }
        }

        @Test("the same meal fed from two phones at once: one feeding, food taken once")
        func twoPhones() async throws {
            try await withShelter { app in
                let s = try await setUp(app)
                let body = json(feed(s))
                let statuses = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for _ in 0..<6 {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)\(api)/enclosures/\(s.enclosure)/refills"),
                                                          headers: bearerHeaders(s.storekeeper.token)) { $0.body = body }.status
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
                #expect(statuses.filter { $0 == .conflict }.count == 5, "\(statuses)")
                #expect(try await stock(app, s.food) == 9_500)
                #expect(try await StockMovement.query(on: app.db).filter(\.$itemID == s.food).filter(\.$kind == "feeding").count() == 1)
            }
        }
    }
}
