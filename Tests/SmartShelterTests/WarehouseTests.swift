import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// The warehouse: stock is the sum of its ledger, never below zero, also when raced;
    /// orders go requested → approved → received; a stock-take corrects by a ledger row.
    @Suite("Warehouse")
    struct WarehouseTests {
        /// An item with `stock` units in it, received through an approved order.
        func stocked(_ app: Application, _ stock: Int, director: Person, storekeeper: Person, name: String = "Корм сухий") async throws -> UUID {
            let item = try await read(WithID.self, app, .POST, "/items", as: storekeeper, ["name": name, "unit": "кг", "lowThreshold": 2])
            let order = try await read(WithID.self, app, .POST, "/orders", as: storekeeper, ["itemId": item.id.uuidString, "amount": stock])
            #expect(try await send(app, .PUT, "/orders/\(order.id)/decision", as: director, ["approve": true]).status == .ok)
            #expect(try await send(app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": stock]).status == .ok)
            return item.id
        }

        /// The item's balance and the sum of its ledger.
        func balances(_ app: Application, _ item: UUID) async throws -> (stock: Int64, ledger: Int64) {
            let stock = try #require(try await StockItem.find(item, on: app.db)).stockMilli
            let ledger = try await StockMovement.query(on: app.db).filter(\.$itemID == item).all().map(\.deltaMilli).reduce(0, +)
            return (stock, ledger)
        }

        @Test("twenty uses of the last five units at once over HTTP: five succeed, the rest are told what is left")
        func lastUnitsRace() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let item = try await stocked(app, 5, director: director, storekeeper: storekeeper)
                let body = json(["amount": 1, "kind": "feeding"])
                let statuses = try await TestHarness.sameRequestAtOnce(app, times: 20, .POST, "\(api)/items/\(item)/uses", headers: storekeeper.auth, body: body)
                #expect(statuses.filter { $0 == .created }.count == 5, "\(statuses)")
                #expect(statuses.filter { $0 == .conflict }.count == 15, "\(statuses)")
                let (stock, ledger) = try await balances(app, item)
                #expect(stock == 0 && ledger == 0)
                #expect(try await StockMovement.query(on: app.db).filter(\.$itemID == item).filter(\.$kind == "feeding").count() == 5)
            }
        }

        @Test("a feeding sent ten times at once with one Idempotency-Key takes its food from stock once")
        func retriedFeedingTakesOnce() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let item = try await stocked(app, 5, director: director, storekeeper: storekeeper)
                var headers = storekeeper.auth
                headers.add(name: "Idempotency-Key", value: "feeding-07:30-enclosure-3")
                let body = json(["amount": 1, "kind": "feeding"])
                let statuses = try await TestHarness.sameRequestAtOnce(app, times: 10, .POST, "\(api)/items/\(item)/uses", headers: headers, body: body)
                #expect(statuses == Array(repeating: .created, count: 10), "every retry hears the first answer: \(statuses)")
                let (stock, ledger) = try await balances(app, item)
                #expect(stock == 4_000 && ledger == 4_000, "one unit taken, not ten")
                #expect(try await StockMovement.query(on: app.db).filter(\.$itemID == item).filter(\.$kind == "feeding").count() == 1)
            }
        }

        @Test("not enough stock is a 409 naming what is left, and nothing is written")
        func notEnough() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let item = try await stocked(app, 3, director: director, storekeeper: storekeeper)
                let used = try await read(SSModels.MovementDTO.self, app, .POST, "/items/\(item)/uses", as: storekeeper,
                                          ["amount": "2,5", "kind": "write_off", "note": "Зіпсувався"])
                #expect(used.change == -2.5 && used.balance == 0.5)
                let refused = try await send(app, .POST, "/items/\(item)/uses", as: storekeeper, ["amount": 1, "kind": "feeding"])
                #expect(refused.status == .conflict && codeOf(refused) == "not_enough_stock")
                #expect(try problem(refused).detail?.contains("0.5") == true)
                for body: [String: Any] in [["amount": -1, "kind": "feeding"], ["amount": "1.0001", "kind": "feeding"], ["amount": 1, "kind": "received"],
                                            ["amount": "багато", "kind": "feeding"], ["kind": "feeding"]] {
                    let bad = try await send(app, .POST, "/items/\(item)/uses", as: storekeeper, body)
                    #expect(bad.status == .unprocessableEntity, "\(body)")
                }
                let (stock, ledger) = try await balances(app, item)
                #expect(stock == 500 && ledger == 500)
            }
        }

        @Test("orders: the director approves once, deliveries come in parts, never more than ordered")
        func orders() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let item = try await read(WithID.self, app, .POST, "/items", as: storekeeper, ["name": "Бинти", "unit": "шт.", "lowThreshold": 10])
                let order = try await read(SSModels.OrderDTO.self, app, .POST, "/orders", as: storekeeper, ["itemId": item.id.uuidString, "amount": 100])
                #expect(order.status == "requested")
                // Not received before approval; the storekeeper cannot approve.
                #expect(try await send(app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": 10]).status == .conflict)
                #expect(try await send(app, .PUT, "/orders/\(order.id)/decision", as: storekeeper, ["approve": true]).status == .forbidden)
                let approved = try await read(SSModels.OrderDTO.self, app, .PUT, "/orders/\(order.id)/decision", as: director, ["approve": true])
                #expect(approved.status == "approved" && approved.decidedBy == director.id)
                #expect(try await send(app, .PUT, "/orders/\(order.id)/decision", as: director, ["approve": false]).status == .conflict)
                let part = try await read(SSModels.OrderDTO.self, app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": 60])
                #expect(part.status == "partly_received" && part.received == 60)
                let over = try await send(app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": 41])
                #expect(over.status == .conflict && codeOf(over) == "more_than_ordered")
                let rest = try await read(SSModels.OrderDTO.self, app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": 40])
                #expect(rest.status == "received" && rest.received == 100)
                #expect(try await send(app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": 1]).status == .conflict)
                let found = try await read(SSModels.ItemWithLedger.self, app, .GET, "/items/\(item.id)", as: storekeeper)
                #expect(found.item.stock == 100 && found.ledger.map(\.kind) == ["received", "received"])
                #expect(found.ledger.allSatisfy { $0.orderId == order.id })
                #expect(try await send(app, .POST, "/orders/\(UUID())/receipts", as: storekeeper, ["amount": 1]).status == .notFound)
            }
        }

        @Test("a use that takes an item down to its threshold mails the storekeepers and the director, once per crossing")
        func lowStockAlert() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let doctor = try await staff(app, .doctor)
                let item = try await stocked(app, 5, director: director, storekeeper: storekeeper)
                func lowMail() async throws -> [MailOutboxRecord] {
                    try await MailOutboxRecord.query(on: app.db).all().filter { $0.subject.contains("Закінчується") }
                }
                #expect(try await send(app, .POST, "/items/\(item)/uses", as: storekeeper, ["amount": 2, "kind": "feeding"]).status == .created)
                #expect(try await lowMail().isEmpty, "3 left, above the threshold of 2")
                #expect(try await send(app, .POST, "/items/\(item)/uses", as: storekeeper, ["amount": 1, "kind": "feeding"]).status == .created)
                let mail = try await lowMail()
                #expect(Set(mail.map(\.recipient)) == [director.login, storekeeper.login])
                #expect(!mail.map(\.recipient).contains(doctor.login))
                #expect(mail.allSatisfy { $0.textBody.contains("2 кг") && $0.textBody.contains("Корм сухий") })
                #expect(try await send(app, .POST, "/items/\(item)/uses", as: storekeeper, ["amount": 1, "kind": "feeding"]).status == .created)
                #expect(try await lowMail().count == 2, "still low: not told again")
            }
        }

        @Test("a stock-take corrects the balance by a ledger row; low items come first")
        func stockTakeAndLow() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let food = try await stocked(app, 10, director: director, storekeeper: storekeeper, name: "Консерви")
                _ = try await stocked(app, 10, director: director, storekeeper: storekeeper, name: "Атракціон")
                let counted = try await read(SSModels.ItemDTO.self, app, .POST, "/items/\(food)/stock-take", as: storekeeper, ["counted": "1,5", "note": "Рахували"])
                #expect(counted.stock == 1.5 && counted.low)
                let (stock, ledger) = try await balances(app, food)
                #expect(stock == 1500 && ledger == 1500)
                let items = try await read([SSModels.ItemDTO].self, app, .GET, "/items", as: storekeeper)
                #expect(items.map(\.name) == ["Консерви", "Атракціон"])
                // The same count again changes nothing and writes no row.
                _ = try await send(app, .POST, "/items/\(food)/stock-take", as: storekeeper, ["counted": 1.5])
                #expect(try await StockMovement.query(on: app.db).filter(\.$itemID == food).filter(\.$kind == "stock_take").count() == 1)
            }
        }

        @Test("who may: a doctor takes supplies for treatment only; the storekeeper runs the rest; pending nothing")
        func rights() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let doctor = try await staff(app, .doctor)
                let pending = try await staff(app, .pending)
                let item = try await stocked(app, 10, director: director, storekeeper: storekeeper)
                #expect(try await send(app, .POST, "/items/\(item)/uses", as: doctor, ["amount": 1, "kind": "treatment"]).status == .created)
                #expect(try await send(app, .POST, "/items/\(item)/uses", as: doctor, ["amount": 1, "kind": "feeding"]).status == .forbidden)
                #expect(try await send(app, .POST, "/items/\(item)/stock-take", as: doctor, ["counted": 1]).status == .forbidden)
                #expect(try await send(app, .GET, "/orders", as: doctor).status == .forbidden)
                #expect(try await send(app, .POST, "/items", as: doctor, ["name": "X", "unit": "кг"]).status == .forbidden)
                #expect(try await send(app, .GET, "/items", as: doctor).status == .ok)
                #expect(try await send(app, .GET, "/items", as: pending).status == .forbidden)
                #expect(try await send(app, .GET, "/items", as: nil).status == .unauthorized)
                let (stock, ledger) = try await balances(app, item)
                #expect(stock == 9000 && ledger == 9000)
            }
        }
    }
}
