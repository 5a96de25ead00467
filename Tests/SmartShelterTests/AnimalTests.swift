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
    /// Animals and their care: records, movements in and out, moves between enclosures,
    /// weights, diseases, treatments whose supplies leave the warehouse in the same
    /// transaction, vaccinations and regimens with the doses due, and feeding.
    @Suite("Animals and care")
    struct AnimalTests {
        func context(_ app: Application) -> ShelterContext { ShelterContext(app.services) }

        /// An item with `stock` units, received through an approved order.
        func stocked(_ app: Application, _ stock: Int, director: Person, storekeeper: Person, name: String, kind: String = "other") async throws -> UUID {
            let item = try await read(WithID.self, app, .POST, "/items", as: storekeeper, ["name": name, "kind": kind, "unit": "шт", "lowThreshold": 1])
            let order = try await read(WithID.self, app, .POST, "/orders", as: storekeeper, ["itemId": item.id.uuidString, "amount": stock])
            #expect(try await send(app, .PUT, "/orders/\(order.id)/decision", as: director, ["approve": true]).status == .ok)
            #expect(try await send(app, .POST, "/orders/\(order.id)/receipts", as: storekeeper, ["amount": stock]).status == .ok)
            return item.id
        }

        func stock(_ app: Application, _ item: UUID) async throws -> Int64 {
            try #require(try await StockItem.find(item, on: app.db)).stockMilli
        }

        func today(_ app: Application) -> String {
            LocalDay(app.kernel.clock.now, in: TimeZone(identifier: "Europe/Kyiv")!).description
        }

        func takeIn(_ app: Application, by doctor: Person, name: String = "Рекс", enclosure: UUID? = nil, weight: Any? = nil) async throws -> SSModels.AnimalDTO {
            var body: [String: Any] = ["name": name, "species": "dog", "breed": "дворняга", "sex": "male", "intakeOn": today(app),
                                       "intakeReason": "Знайшли на вулиці"]
            if let enclosure { body["enclosureId"] = enclosure.uuidString }
            if let weight { body["weight"] = weight }
            let response = try await send(app, .POST, "/animals", as: doctor, body)
            #expect(response.status == .created, "\(response.body.string)")
            return try decode(SSModels.AnimalDTO.self, response)
        }

        @Test("sixteen moves of one animal into the same enclosure at once over HTTP: one move in its history, the rest no-ops or 409s")
        func movesAtOnce() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let first = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Собаки"]).id
                let second = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Карантин"]).id
                let rex = try await takeIn(app, by: doctor, enclosure: first)
                let body = json(["enclosureId": second.uuidString])
                let statuses = try await TestHarness.sameRequestAtOnce(app, times: 16, .PUT, "\(api)/animals/\(rex.id)/enclosure", headers: doctor.auth, body: body)
                // A move that read the animal before the winner wrote is refused; one that read
                // it after finds it there already.
                #expect(statuses.allSatisfy { $0 == .ok || $0 == .conflict } && statuses.contains(.ok), "\(statuses)")
                let record = try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex.id)", as: doctor)
                #expect(record.animal.enclosureId == second)
                #expect(record.enclosureMoves.map(\.to) == [second, first], "newest first: one move, after the intake")
                #expect(record.enclosureMoves.first?.from == first)
            }
        }

        @Test("an animal's way: taken in, moved, adopted, back, died — each step once, in its history and the trail")
        func lifecycle() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let first = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Собаки"]).id
                let second = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Карантин"]).id
                let rex = try await takeIn(app, by: doctor, enclosure: first, weight: "12,5")
                #expect(rex.status == "in_shelter" && rex.enclosureId == first && rex.weight == 12.5)

                let moved = try await send(app, .PUT, "/animals/\(rex.id)/enclosure", as: doctor, ["enclosureId": second.uuidString])
                #expect(moved.status == .ok)
                #expect(try decode(SSModels.AnimalDTO.self, moved).enclosureId == second)
                #expect(try await send(app, .POST, "/animals/\(rex.id)/movements", as: doctor, ["kind": "adoption", "onDay": today(app)]).status == .created)
                let again = try await send(app, .POST, "/animals/\(rex.id)/movements", as: doctor, ["kind": "transfer", "onDay": today(app)])
                #expect(again.status == .conflict && codeOf(again) == "movement_not_possible")
                var record = try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex.id)", as: doctor)
                #expect(record.animal.status == "adopted" && record.animal.enclosureId == nil)
                #expect(record.enclosureMoves.map(\.to) == [nil, second, first], "newest first: out of Карантин, into it, into Собаки")

                #expect(try await send(app, .POST, "/animals/\(rex.id)/movements", as: doctor, ["kind": "intake", "onDay": today(app), "note": "Повернули"]).status == .created)
                #expect(try await send(app, .POST, "/animals/\(rex.id)/movements", as: doctor, ["kind": "death", "onDay": today(app)]).status == .created)
                let afterDeath = try await send(app, .POST, "/animals/\(rex.id)/movements", as: doctor, ["kind": "intake", "onDay": today(app)])
                #expect(afterDeath.status == .conflict)
                record = try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex.id)", as: doctor)
                #expect(Set(record.movements.map(\.kind)) == ["intake", "adoption", "death"] && record.movements.count == 4)
                #expect(try await read([SSModels.AnimalDTO].self, app, .GET, "/animals", as: doctor).isEmpty)
                #expect(try await read([SSModels.AnimalDTO].self, app, .GET, "/animals?all=true", as: doctor).map(\.id) == [rex.id])
                let trail = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(rex.id.uuidString.lowercased())", as: director)
                #expect(Set(trail.map(\.action)).isSuperset(of: ["animal.create", "animal.move", "animal.status", "animal.weight"]))
            }
        }

        @Test("refused input names each field in the person's language; a future day or a made-up enclosure is not taken")
        func validation() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let tomorrow = LocalDay(today(app))!.adding(days: 1).description
                let bad = try await send(app, .POST, "/animals", as: doctor, ["name": "", "species": "dragon", "intakeOn": tomorrow, "weight": -3])
                #expect(bad.status == .unprocessableEntity)
                #expect(Set(fieldsOf(bad)) == ["name", "species", "intakeOn", "weight"], "\(bad.body.string)")
                let unknown = try await send(app, .POST, "/animals", as: doctor,
                                             ["name": "Мурка", "species": "cat", "intakeOn": today(app), "enclosureId": UUID().uuidString])
                #expect(unknown.status == .notFound && codeOf(unknown) == "enclosure_not_found")
                #expect(try await Animal.query(on: app.db).count() == 0)
                let rex = try await takeIn(app, by: doctor)
                let weight = try await send(app, .POST, "/animals/\(rex.id)/weights", as: doctor, ["weight": "2000", "onDay": today(app)])
                #expect(weight.status == .unprocessableEntity && fieldsOf(weight) == ["weight"])
            }
        }

        @Test("who may: doctors change animals and medicine, the storekeeper feeds and reads, pending people nothing")
        func rights() async throws {
            try await withShelter { app in
                let director = try await staff(app, .director)
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let pending = try await staff(app, .pending)
                let enclosure = try await read(WithID.self, app, .POST, "/enclosures", as: try await confirmedDirector(app), ["name": "Вольєр"]).id
                let rex = try await takeIn(app, by: doctor, enclosure: enclosure)
                let body: [String: Any] = ["name": "Мурка", "species": "cat", "intakeOn": today(app)]
                #expect(codeOf(try await send(app, .POST, "/animals", as: storekeeper, body)) == "forbidden")
                #expect(codeOf(try await send(app, .POST, "/animals", as: pending, body)) == "role_pending")
                #expect(codeOf(try await send(app, .POST, "/animals", as: director, body)) == "password_confirmation_required")
                #expect(codeOf(try await send(app, .GET, "/animals", as: pending)) == "role_pending")
                let seen = try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex.id)", as: storekeeper)
                #expect(seen.medical == nil, "medical records are the doctors'")
                #expect(try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex.id)", as: doctor).medical != nil)
                #expect(codeOf(try await send(app, .POST, "/animals/\(rex.id)/diseases", as: storekeeper, ["name": "Кашель", "startedOn": today(app)])) == "forbidden")
                #expect(codeOf(try await send(app, .GET, "/doses/due", as: storekeeper)) == "forbidden")
                #expect(codeOf(try await send(app, .POST, "/enclosures/\(enclosure)/refills", as: doctor, ["kind": "water", "amount": 5])) == "forbidden")
                #expect(try await send(app, .POST, "/enclosures/\(enclosure)/refills", as: storekeeper, ["kind": "water", "amount": 5]).status == .created)
                #expect(try await send(app, .GET, "/animals/\(UUID())", as: doctor).status == .notFound)
                #expect(try await send(app, .GET, "/animals/not-an-id", as: doctor).status == .notFound)
            }
        }

        @Test("a treatment takes all its supplies in its transaction, or — one short — nothing at all")
        func treatmentSupplies() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let syringes = try await stocked(app, 10, director: director, storekeeper: storekeeper, name: "Шприци")
                let vaccine = try await stocked(app, 1, director: director, storekeeper: storekeeper, name: "Вакцина")
                let rex = try await takeIn(app, by: doctor)
                let disease = try await read(WithID.self, app, .POST, "/animals/\(rex.id)/diseases", as: doctor,
                                             ["name": "Кліщ", "symptoms": "млявість", "startedOn": today(app)]).id
                let short = try await send(app, .POST, "/animals/\(rex.id)/treatments", as: doctor, [
                    "kind": "medication", "diseaseId": disease.uuidString,
                    "supplies": [["itemId": syringes.uuidString, "amount": 2], ["itemId": vaccine.uuidString, "amount": 3]]])
                #expect(short.status == .conflict && codeOf(short) == "not_enough_stock", "\(short.body.string)")
                #expect(try await stock(app, syringes) == 10_000)
                #expect(try await stock(app, vaccine) == 1_000)
                #expect(try await Treatment.query(on: app.db).count() == 0)
                #expect(try await TreatmentSupply.query(on: app.db).count() == 0)

                let given = try await send(app, .POST, "/animals/\(rex.id)/treatments", as: doctor, [
                    "kind": "medication", "diseaseId": disease.uuidString, "notes": "Обробка",
                    "supplies": [["itemId": syringes.uuidString, "amount": "1,5"], ["itemId": vaccine.uuidString, "amount": 1]]])
                #expect(given.status == .created, "\(given.body.string)")
                let treatment = try decode(SSModels.TreatmentDTO.self, given)
                #expect(treatment.supplies.map(\.amount).sorted() == [1, 1.5])
                #expect(try await stock(app, syringes) == 8_500)
                #expect(try await stock(app, vaccine) == 0)
                let ledger = try await StockMovement.query(on: app.db).filter(\.$kind == "treatment").all()
                #expect(Set(ledger.compactMap(\.id)) == Set(treatment.supplies.map(\.movementId)))
                // The warehouse's ledger says whom the supplies went to.
                #expect(ledger.map(\.note) == ["Рекс: Обробка", "Рекс: Обробка"])

                let foreign = try await takeIn(app, by: doctor, name: "Бім")
                let wrongDisease = try await send(app, .POST, "/animals/\(foreign.id)/treatments", as: doctor,
                                                  ["kind": "examination", "diseaseId": disease.uuidString])
                #expect(wrongDisease.status == .notFound && codeOf(wrongDisease) == "disease_not_found", "another animal's disease")
                let ended = try await send(app, .PUT, "/diseases/\(disease)/end", as: doctor, ["endedOn": today(app)])
                #expect(ended.status == .ok)
                #expect(try decode(SSModels.DiseaseDTO.self, ended).endedOn == today(app))
                #expect(codeOf(try await send(app, .PUT, "/diseases/\(disease)/end", as: doctor, ["endedOn": today(app)])) == "disease_ended")
            }
        }

        @Test("twenty treatments at once over HTTP for the last five ampoules: five are given, and stock ends at zero")
        func treatmentRace() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let ampoules = try await stocked(app, 5, director: director, storekeeper: storekeeper, name: "Ампули")
                let rex = try await takeIn(app, by: doctor)
                let body = json(["kind": "medication", "supplies": [["itemId": ampoules.uuidString, "amount": 1]]])
                let statuses = try await TestHarness.sameRequestAtOnce(app, times: 20, .POST, "\(api)/animals/\(rex.id)/treatments", headers: doctor.auth, body: body)
                #expect(statuses.filter { $0 == .created }.count == 5 && statuses.filter { $0 == .conflict }.count == 15, "\(statuses)")
                #expect(try await stock(app, ampoules) == 0)
                #expect(try await Treatment.query(on: app.db).count() == 5)
                #expect(try await TreatmentSupply.query(on: app.db).count() == 5)
            }
        }

        @Test("ten adoptions of one animal at once over HTTP: one is recorded")
        func movementRace() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await takeIn(app, by: doctor)
                let body = json(["kind": "adoption", "onDay": today(app)])
                let statuses = try await TestHarness.sameRequestAtOnce(app, times: 10, .POST, "\(api)/animals/\(rex.id)/movements", headers: doctor.auth, body: body)
                #expect(statuses.filter { $0 == .created }.count == 1 && statuses.filter { $0 == .conflict }.count == 9, "\(statuses)")
                #expect(try await AnimalMovement.query(on: app.db).filter(\.$kind == "adoption").count() == 1)
            }
        }

        @Test("the same due dose given ten times at once over HTTP: one dose, one treatment, the next due day moved once")
        func doseRace() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await takeIn(app, by: doctor)
                let regimen = try await read(SSModels.RegimenDTO.self, app, .POST, "/animals/\(rex.id)/regimens", as: doctor,
                                             ["kind": "regimen", "name": "Від глистів", "dueOn": today(app), "everyDays": 90])
                let statuses = try await TestHarness.sameRequestAtOnce(app, times: 10, .POST, "\(api)/regimens/\(regimen.id)/doses",
                                                                       headers: doctor.auth, body: json([:]))
                #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
                #expect(statuses.filter { $0 == .conflict }.count == 9, "\(statuses)")
                #expect(try await Treatment.query(on: app.db).filter(\.$regimenID == regimen.id).count() == 1)
                let stored = try #require(try await Regimen.find(regimen.id, on: app.db))
                #expect(stored.dueOn == LocalDay(today(app))!.adding(days: 90).description)
            }
        }

        @Test("vaccinations and regimens: due today and overdue listed, a dose moves the next one, a single dose ends, twice is refused")
        func regimens() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await takeIn(app, by: doctor)
                let day = LocalDay(today(app))!
                let rabies = try await read(SSModels.RegimenDTO.self, app, .POST, "/animals/\(rex.id)/regimens", as: doctor,
                                            ["kind": "vaccination", "name": "Сказ", "dueOn": day.adding(days: -3).description])
                let worms = try await read(SSModels.RegimenDTO.self, app, .POST, "/animals/\(rex.id)/regimens", as: doctor,
                                           ["kind": "regimen", "name": "Від глистів", "dueOn": day.description, "everyDays": 90])
                _ = try await read(SSModels.RegimenDTO.self, app, .POST, "/animals/\(rex.id)/regimens", as: doctor,
                                   ["kind": "regimen", "name": "Пізніше", "dueOn": day.adding(days: 1).description, "everyDays": 7])
                let due = try await read([SSModels.DueDoseDTO].self, app, .GET, "/doses/due", as: doctor)
                #expect(due.map(\.regimen.name) == ["Сказ", "Від глистів"] && due.map(\.overdue) == [true, false])

                #expect(try await send(app, .POST, "/regimens/\(worms.id)/doses", as: doctor, [:]).status == .created)
                #expect(try await send(app, .POST, "/regimens/\(rabies.id)/doses", as: doctor, ["notes": "Nobivac"]).status == .created)
                #expect(codeOf(try await send(app, .POST, "/regimens/\(rabies.id)/doses", as: doctor, [:])) == "regimen_done")
                #expect(try await read([SSModels.DueDoseDTO].self, app, .GET, "/doses/due", as: doctor).isEmpty)
                let record = try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex.id)", as: doctor)
                let regimens = try #require(record.medical?.regimens)
                #expect(regimens.first { $0.name == "Від глистів" }?.dueOn == day.adding(days: 90).description)
                #expect(regimens.first { $0.name == "Сказ" }.map { $0.dueOn == nil && $0.lastGivenOn == day.description } == true)
                #expect(record.medical?.treatments.map(\.kind).sorted() == ["medication", "vaccination"])
                clock.advance(by: 24 * 3600)
                #expect(try await read([SSModels.DueDoseDTO].self, app, .GET, "/doses/due", as: doctor).map(\.regimen.name) == ["Пізніше"])
            }
        }

        @Test("feeding: the rounds add up the plans per enclosure, food leaves the warehouse, water does not")
        func feeding() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let food = try await stocked(app, 3, director: director, storekeeper: storekeeper, name: "Корм", kind: "food")
                let enclosure = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Собаки"]).id
                let rex = try await takeIn(app, by: doctor, name: "Рекс", enclosure: enclosure)
                let bim = try await takeIn(app, by: doctor, name: "Бім", enclosure: enclosure)
                for animal in [rex, bim] {
                    let meal = try await send(app, .POST, "/animals/\(animal.id)/meals", as: doctor, ["time": "08:30", "itemId": food.uuidString, "amount": "0,75"])
                    #expect(meal.status == .created, "\(meal.body.string)")
                }
                let badTime = try await send(app, .POST, "/animals/\(rex.id)/meals", as: doctor, ["time": "25:00", "itemId": food.uuidString, "amount": 1])
                #expect(fieldsOf(badTime) == ["time"])
                let rounds = try await read([SSModels.FeedingRoundDTO].self, app, .GET, "/feeding", as: storekeeper)
                #expect(rounds.count == 1 && rounds.first?.time == "08:30" && rounds.first?.portions.map(\.amount) == [1.5])

                let fed = try await send(app, .POST, "/enclosures/\(enclosure)/refills", as: storekeeper, ["kind": "food", "itemId": food.uuidString, "amount": 1.5])
                #expect(fed.status == .created)
                #expect(try decode(SSModels.RefillDTO.self, fed).movementId != nil)
                #expect(try await stock(app, food) == 1_500)
                let tooMuch = try await send(app, .POST, "/enclosures/\(enclosure)/refills", as: storekeeper, ["kind": "food", "itemId": food.uuidString, "amount": 2])
                #expect(codeOf(tooMuch) == "not_enough_stock")
                #expect(try await Refill.query(on: app.db).count() == 1)
                #expect(try await send(app, .POST, "/enclosures/\(enclosure)/refills", as: storekeeper, ["kind": "water", "amount": 10]).status == .created)
                #expect(try await stock(app, food) == 1_500)
                let noItem = try await send(app, .POST, "/enclosures/\(enclosure)/refills", as: storekeeper, ["kind": "food", "amount": 1])
                #expect(fieldsOf(noItem) == ["itemId"])
            }
        }

        @Test("the feeding rules: a meal nobody filled the feeder for, and a feeder still full at the next meal, each raise one alarm")
        func feedingAlarms() async throws {
            // 2026-09-21 06:00 in Kyiv (UTC+3): meals at 08:00 and 18:00.
            let start = Date(timeIntervalSince1970: 1_789_959_600)
            let clock = ManualClock(start)
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let food = try await stocked(app, 100, director: director, storekeeper: storekeeper, name: "Корм", kind: "food")
                let s = try await enclosureWithSensor(app, by: director)
                let rex = try await takeIn(app, by: doctor, enclosure: s.enclosure)
                for time in ["08:00", "18:00"] {
                    #expect(try await send(app, .POST, "/animals/\(rex.id)/meals", as: doctor, ["time": time, "itemId": food.uuidString, "amount": 1]).status == .created)
                }
                let feeding = context(app).feeding
                func kinds() async throws -> [String] { try await Alarm.query(on: app.db).sort(\.$openedAt).all().map(\.kind) }

                // 07:30: the feeder is filled for 08:00; at 08:31 nothing is wrong.
                clock.advance(by: 5400)
                #expect(try await send(app, .POST, "/enclosures/\(s.enclosure)/refills", as: storekeeper, ["kind": "food", "itemId": food.uuidString, "amount": 1]).status == .created)
                clock.advance(by: 3660)
                try await feeding.checkMeals()
                #expect(try await kinds().isEmpty)

                // 17:30 the feeder still reports 80 % full; nobody fills it for 18:00.
                clock.advance(by: 9 * 3600 - 60)
                let level: [String: Any] = ["at": clock.now.ISO8601Format(), "temperature": 20, "humidity": 50, "foodLevel": 80]
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, level).status == .ok)
                clock.advance(by: 1800 + 1801)
                try await feeding.checkMeals()
                #expect(Set(try await kinds()) == ["not_refilled", "food_not_eaten"])
                let open = try await Alarm.query(on: app.db).all()
                #expect(open.first { $0.kind == "food_not_eaten" }?.value == 80)

                // Resolved, the same meal does not raise them again.
                for alarm in open { #expect(try await send(app, .POST, "/alarms/\(alarm.id!)/resolution", as: doctor).status == .ok) }
                clock.advance(by: 60)
                try await feeding.checkMeals()
                #expect(try await Alarm.query(on: app.db).count() == 2)
                let board = try await read([SSModels.AlarmDTO].self, app, .GET, "/alarms", as: doctor)
                #expect(board.allSatisfy { $0.animals.isEmpty }, "a resolved alarm lists nobody")
            }
        }

        @Test("an open alarm names the animals in its enclosure and their open diseases")
        func alarmResidents() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let s = try await enclosureWithSensor(app, by: director)
                let rex = try await takeIn(app, by: doctor, name: "Рекс", enclosure: s.enclosure)
                _ = try await takeIn(app, by: doctor, name: "Бім", enclosure: s.enclosure)
                _ = try await takeIn(app, by: doctor, name: "Далеко")
                #expect(try await send(app, .POST, "/animals/\(rex.id)/diseases", as: doctor, ["name": "Бронхіт", "startedOn": today(app)]).status == .created)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: Date(), temperature: 35, humidity: 60))
                let alarms = try await read([SSModels.AlarmDTO].self, app, .GET, "/alarms", as: doctor)
                let heat = try #require(alarms.first { $0.kind == "too_hot" })
                #expect(heat.animals.map(\.name) == ["Бім", "Рекс"])
                #expect(heat.animals.first { $0.name == "Рекс" }?.openDiseases == ["Бронхіт"])
            }
        }

        @Test("an enclosure on one screen: its animals with their diseases, today's meals, its alarm whose buttons come back to it; an animal's moves")
        func enclosureScreen() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor, name: "Ольга")
                let storekeeper = try await staff(app, .storekeeper)
                let food = try await stocked(app, 3, director: director, storekeeper: storekeeper, name: "Корм", kind: "food")
                let here = try await enclosureWithSensor(app, by: director, name: "Собаки")
                let there = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Карантин"]).id
                let rex = try await takeIn(app, by: doctor, name: "Рекс", enclosure: there)
                _ = try await takeIn(app, by: doctor, name: "Далеко", enclosure: there)
                #expect(try await send(app, .PUT, "/animals/\(rex.id)/enclosure", as: doctor, ["enclosureId": here.enclosure.uuidString]).status == .ok)
                #expect(try await send(app, .POST, "/animals/\(rex.id)/diseases", as: doctor, ["name": "Бронхіт", "startedOn": today(app)]).status == .created)
                #expect(try await send(app, .POST, "/animals/\(rex.id)/meals", as: doctor, ["time": "08:30", "itemId": food.uuidString, "amount": 1]).status == .created)
                _ = try await postReadings(app, sensor: here.sensor, key: here.key, reading(at: Date(), temperature: 35, humidity: 60))

                let browser = TestBrowser(app)
                #expect(try await browser.post("/shelter/login", form: ["email": doctor.login, "password": password]).status == .seeOther)
                let path = ShelterWeb.enclosurePath(here.enclosure)
                let page = try await browser.get(path).body.string
                let animals = try #require(page.firstMatch(of: /<section class="card" aria-labelledby="animals">.*?<\/section>/)).output
                #expect(animals.contains(">Рекс</a>") && animals.contains("хворіє: Бронхіт") && !animals.contains("Далеко"))
                #expect(page.contains("<strong>08:30</strong> 1 шт Корм — <span class=\"due\">Ще не нагодовано</span>"))
                let alarm = try #require(try await Alarm.query(on: app.db).filter(\.$enclosureID == here.enclosure).first())
                #expect(page.contains("id=\"alarm-\(alarm.id!.uuidString.lowercased())\""))

                // Taken from the enclosure's page: back to it; from the dashboard: back there.
                let taken = try await browser.post("/shelter/alarms/\(alarm.id!)/acknowledgement", form: ["return": "enclosure"])
                #expect(taken.status == .seeOther && taken.headers.first(name: .location) == path)
                let resolved = try await browser.post("/shelter/alarms/\(alarm.id!)/resolution", form: [:])
                #expect(resolved.status == .seeOther && resolved.headers.first(name: .location) == "/shelter/dashboard")
                #expect(try await Alarm.find(alarm.id, on: app.db)?.resolvedBy == doctor.id)

                let record = try await browser.get(AnimalPage.path(rex.id)).body.string
                let moves = try #require(record.firstMatch(of: /<section class="card" aria-labelledby="moves">.*?<\/section>/)).output
                #expect(moves.contains("— Карантин → Собаки · Ольга</li>") && moves.contains("— поселено: Карантин · Ольга</li>"))
            }
        }
    }
}
