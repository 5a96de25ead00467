import Foundation
import HromadaTesting
import Kernel
@testable import SmartShelter
import Testing

extension ShelterTests {
    /// The views render from plain values and a `ViewContext`: no server, no database.
    @Suite("Views without a server")
    struct ViewTests {
        static let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21
        static let today = LocalDay(year: 2026, month: 9, day: 21)!
        static let quarantineID = UUID(uuidString: "e0c10000-0000-4000-8000-000000000001")!
        static let alarmID = UUID(uuidString: "a1a20000-0000-4000-8000-000000000001")!
        static let rexID = UUID(uuidString: "a0000000-0000-4000-8000-000000000001")!
        static let foodID = UUID(uuidString: "f0000000-0000-4000-8000-000000000001")!
        static let sensorID = UUID(uuidString: "5e000000-0000-4000-8000-000000000001")!
        static let moverID = UUID(uuidString: "0e000000-0000-4000-8000-000000000001")!

        static func context(_ language: Language, path: String = "/shelter/dashboard") -> ViewContext {
            .testing(SmartShelter(), language: language, path: path, csrfToken: "token-789")
        }

        static func person(_ role: ShelterRole, name: String = "Оксана", id: UUID = UUID(), unit: TemperatureUnit = .celsius,
                           onDuty: Bool = false) -> StaffMember {
            let account = Account(id: id, app: SmartShelter.id, login: "\(role.apiName)@example.com", passwordHash: "", role: role.rawValue,
                                  displayName: name, createdAt: now)
            let profile = ShelterProfile(accountID: id, at: now)
            profile.temperatureUnitCode = unit.rawValue
            profile.onDuty = onDuty
            return StaffMember(account: account, profile: profile)
        }

        static func quarantine() -> Enclosure {
            Enclosure(id: quarantineID, name: "Карантин", description: "Для новоприбулих",
                      conditions: EnclosureConditions(minTemperature: 18, maxTemperature: 26, minHumidity: 40, maxHumidity: 60, minWater: 20), at: now)
        }

        /// 30 °C at 50 %: a heat-stress index of 78.3, the alert band.
        static let hot = Reading(at: now.addingTimeInterval(-600), temperature: 30, humidity: 50, waterLevel: 80)

        static func sensor() -> Sensor {
            let sensor = Sensor(id: sensorID, enclosureID: quarantineID, name: "Датчик 1", keyHash: "", intervalSeconds: 60, at: now)
            sensor.lastReadingAt = hot.at
            return sensor
        }

        static func rex() -> Animal {
            let animal = Animal()
            animal.id = rexID
            animal.name = "Рекс"
            animal.species = Animal.Species.dog.rawValue
            animal.breed = "лабрадор"
            animal.sex = Animal.Sex.male.rawValue
            animal.birthEstimated = false
            animal.description = ""
            animal.intakeOn = "2026-09-01"
            animal.intakeReason = ""
            animal.status = Animal.Status.inShelter.rawValue
            animal.enclosureID = quarantineID
            animal.weightGrams = 24_500
            animal.createdAt = now
            animal.listed = false
            animal.publicDescription = ""
            return animal
        }

        static func parvovirus(open: Bool = true) -> Disease {
            let disease = Disease()
            disease.id = UUID(uuidString: "d0000000-0000-4000-8000-000000000001")!
            disease.animalID = rexID
            disease.name = "Парвовірус"
            disease.symptoms = ""
            disease.startedOn = "2026-09-10"
            disease.endedOn = open ? nil : "2026-09-15"
            disease.createdAt = now
            return disease
        }

        static func food(stock: Int64 = 12_500, low: Int64 = 5_000) -> StockItem {
            let item = StockItem(id: foodID, name: "Сухий корм", unit: "кг", low: Quantity(milli: low), at: now)
            item.stockMilli = stock
            return item
        }

        // MARK: Dashboard

        static func openAlarm() -> AlarmSummary {
            let alarm = Alarm()
            alarm.id = alarmID
            alarm.enclosureID = quarantineID
            alarm.kind = Alarm.Kind.tooHot.rawValue
            alarm.severity = Alarm.Severity.critical.rawValue
            alarm.value = 30
            alarm.openedAt = now.addingTimeInterval(-1200)
            alarm.lastSeenAt = now.addingTimeInterval(-600)
            alarm.repeats = 0
            alarm.notifiedAt = alarm.openedAt
            return AlarmSummary(alarm: alarm, enclosureName: "Карантин",
                                residents: [AlarmSummary.Resident(animal: rex(), openDiseases: [parvovirus()])])
        }

        static func board() -> DashboardView.Board {
            DashboardView.Board(alarms: [openAlarm()], enclosures: [EnclosureSummary(enclosure: quarantine(), sensors: [sensor()], latest: hot)])
        }

        @Test("the dashboard shows an open alarm with who lives there, the buttons to take it on, and each enclosure's reading, in English")
        func dashboardEnglish() throws {
            let page = DashboardView(person: Self.person(.doctor), board: Self.board(), tasksToDo: 2, c: Self.context(.en)).page
            #expect(page.title == "Enclosures")
            #expect(page.tabs.map(\.label) == ["Enclosures", "Animals", "Warehouse", "Settings"] && page.tabs.map(\.isCurrent) == [true, false, false, false])
            #expect(page.liveURL == "/shelter/live" && page.liveEvents == ["alarm"] && page.scripts == ["live-refresh.js"])
            let html = page.content.rendered
            #expect(html.contains(#"<a class="button" href="/shelter/tasks">Tasks for me: 2</a>"#))
            #expect(html.contains(#"data-refresh-url="/shelter/dashboard/content" data-refresh-on="alarm""#))
            // The alarms folded into one line above the enclosures, kept open across a live refresh by its id.
            #expect(html.contains(#"<details id="alarm-list" class="alarm-summary alarm-summary-critical"><summary><span>1 alarm · nobody on it yet: 1</span></summary>"#))
            #expect(html.range(of: "alarm-list")!.lowerBound < html.range(of: "enclosure-card")!.lowerBound)
            let alarm = try #require(html.firstMatch(of: /<li id="alarm-a1a20000-0000-4000-8000-000000000001" class="card alarm alarm-critical alarm-open">.*?<\/li><\/ul><\/details>/)).output
            #expect(alarm.contains("<h3>Alarm · Карантин: too hot</h3>"))
            #expect(alarm.contains("<p>Temperature 30 °C, above the enclosure&#39;s highest.</p>"))
            #expect(alarm.contains("<strong>Nobody on it yet</strong>"))
            #expect(alarm.contains(#"<a href="/shelter/animals/a0000000-0000-4000-8000-000000000001">Рекс</a> — <span class="sick">ill: Парвовірус</span>"#))
            #expect(alarm.contains(#"<form method="post" action="/shelter/alarms/a1a20000-0000-4000-8000-000000000001/acknowledgement"><input type="hidden" name="_csrf" value="token-789">"#))
            #expect(alarm.contains(#"<button type="submit" class="button button-primary">I&#39;m on it</button>"#))
            let card = try #require(html.firstMatch(of: /<li class="card enclosure-card".*?<\/li>/)).output
            #expect(card.contains(#"<a href="/shelter/enclosures/e0c10000-0000-4000-8000-000000000001">Карантин</a>"#))
            #expect(card.contains(#"<a class="badge alarm-badge alarm-badge-critical" href="/shelter/enclosures/e0c10000-0000-4000-8000-000000000001#alarms">1 alarm</a>"#))
            #expect(card.contains("<dd>30 °C</dd>") && card.contains("<dd>50 %</dd>"))
            #expect(card.contains(#"<dd class="heat heat-alert">78 · alert</dd>"#))
            #expect(!card.contains("Battery"))
            let flat = Self.sensor()
            flat.batteryPercent = 12
            let board = DashboardView.Board(alarms: [], enclosures: [EnclosureSummary(enclosure: Self.quarantine(), sensors: [flat], latest: Self.hot)])
            let warned = DashboardView(person: Self.person(.doctor), board: board, tasksToDo: 0, c: Self.context(.en)).content.rendered
            #expect(warned.contains(#"<p class="low-label">Battery running low: Датчик 1 (12 %)</p>"#))
            // Only the director adds enclosures.
            #expect(!html.contains(#"action="/shelter/enclosures""#))
        }

        @Test("the director's dashboard in Ukrainian: the alarm in words, in °F for one who chose it, and the new-enclosure form")
        func dashboardUkrainian() {
            let director = Self.person(.director, unit: .fahrenheit)
            let html = DashboardView(person: director, board: Self.board(), tasksToDo: 0, c: Self.context(.uk)).page.content.rendered
            #expect(html.contains("<summary><span>1 тривога · ще ніхто не взявся: 1</span></summary>"))
            #expect(html.contains("<h3>Тривога · Карантин: надто жарко</h3>"))
            #expect(html.contains("<p>Температура 86 °F — вище за найвищу, задану для вольєра.</p>"))
            #expect(html.contains("<dd>86 °F</dd>") && html.contains("78 · увага"))
            #expect(html.contains("Беруся") && html.contains("хворіє: Парвовірус"))
            #expect(html.contains(#"<form method="post" action="/shelter/enclosures"><input type="hidden" name="_csrf" value="token-789">"#))
        }

        @Test("a dashboard with nothing open says so, and a pending person sees only that they wait for a role")
        func quietDashboard() {
            let quiet = DashboardView.Board(alarms: [], enclosures: [])
            let html = DashboardView(person: Self.person(.storekeeper), board: quiet, tasksToDo: 0, c: Self.context(.en)).content.rendered
            #expect(html.contains(#"<p class="alarm-summary alarm-summary-none">No alarms: every enclosure is within its range.</p>"#))
            #expect(!html.contains("<details") && !html.contains("alarm-badge"))
            #expect(html.contains(#"<p class="empty">No enclosures yet.</p>"#) && !html.contains("card enclosure-card") && !html.contains("alarm-critical"))
            let pending = PendingView(person: Self.person(.pending), c: Self.context(.en)).page
            #expect(pending.tabs.map(\.label) == ["Enclosures", "Settings"])
            #expect(pending.title == "Waiting for a role" && pending.content.rendered.contains("<h1>Waiting for a role</h1>"))
        }

        // MARK: Enclosure

        static func overview(latest: Reading?, alarms: [AlarmSummary] = [], residents: [AlarmSummary.Resident] = [],
                             meals: [EnclosureMeal] = [], sensor: Sensor = sensor()) -> EnclosureOverview {
            EnclosureOverview(summary: EnclosureSummary(enclosure: quarantine(), sensors: [sensor], latest: latest),
                              residents: residents, meals: meals, alarms: alarms)
        }

        @Test("an enclosure for the storekeeper: its conditions in words, no forms to change them or the sensors, the last readings")
        func enclosureStorekeeper() throws {
            // A reading of a sensor moved away since is named all the same.
            let movedID = UUID(uuidString: "5e000000-0000-4000-8000-000000000002")!
            let page = EnclosureView(person: Self.person(.storekeeper), overview: Self.overview(latest: Self.hot),
                                     readings: [(Self.sensorID, Self.hot), (movedID, Self.hot)], enclosureNames: Self.enclosureNames,
                                     sensorNames: [Self.sensorID: "Датчик 1", movedID: "Датчик біля дверей"],
                                     c: Self.context(.uk, path: "/shelter/enclosures/x")).page
            #expect(page.title == "Карантин")
            let html = page.content.rendered
            #expect(html.contains("<p>Для новоприбулих</p>"))
            #expect(html.contains("<p>Температура 18 °C – 26 °C, вологість 40 % – 60 %, води не менше 20 %.</p>"))
            #expect(!html.contains(#"/conditions""#) && !html.contains("/key\"") && !html.contains("/sensors\""))
            #expect(html.contains("У вольєрі зараз немає тварин.") && html.contains("На сьогодні годувань тут не заплановано."))
            #expect(!html.contains(#"id="alarms""#))
            let recent = try #require(html.firstMatch(of: /<section class="card" aria-labelledby="recent">.*?<\/section>/)).output
            #expect(recent.contains("<td>Датчик 1</td><td>30 °C</td><td>50 %</td><td>увага</td>"))
            #expect(recent.contains("<td>Датчик біля дверей</td><td>30 °C</td>"))
            #expect(!html.contains("enclosureId"))
        }

        static let isolationID = UUID(uuidString: "e0c10000-0000-4000-8000-000000000002")!
        static let catsID = UUID(uuidString: "e0c10000-0000-4000-8000-000000000003")!
        static let enclosureNames = [quarantineID: "Карантин", isolationID: "Ізолятор", catsID: "Вольєр для котів"]

        @Test("an enclosure on one screen: its alarm (whose buttons come back here), the animals with their open diseases, today's meals done and due")
        func enclosureOneScreen() throws {
            let fed = MealFeeding(at: Self.now.addingTimeInterval(-3600), by: "Ольга")
            let water = StockItem(id: UUID(), name: "Консерви", unit: "шт.", low: Quantity(milli: 0), at: Self.now)
            let meal = EnclosureMeal(enclosure: Self.quarantine(), minuteOfDay: 8 * 60,
                                     portions: [(Self.food(), Quantity(milli: 250)), (water, Quantity(milli: 1000))], fed: [Self.foodID: fed])
            let flat = Self.sensor()
            flat.batteryPercent = 15
            flat.signalDBm = -71
            let overview = Self.overview(latest: Self.hot, alarms: [Self.openAlarm()],
                                         residents: [AlarmSummary.Resident(animal: Self.rex(), openDiseases: [Self.parvovirus()])], meals: [meal],
                                         sensor: flat)
            let html = EnclosureView(person: Self.person(.doctor), overview: overview, readings: [], enclosureNames: Self.enclosureNames, sensorNames: [:],
                                     c: Self.context(.uk)).page.content.rendered
            let order = ["id=\"latest\"", "id=\"alarms\"", "id=\"animals\"", "id=\"meals\"", "id=\"conditions\"", "id=\"sensors\""]
                .map { html.range(of: $0)?.lowerBound }
            #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
            let alarms = try #require(html.firstMatch(of: /<section aria-labelledby="alarms">.*?<\/section>/)).output
            #expect(alarms.contains("<h2 id=\"alarms\">1 тривога</h2>") && alarms.contains("Беруся"))
            #expect(alarms.contains(#"<input type="hidden" name="return" value="enclosure">"#))
            // The animals are listed once, above: the card does not name them again.
            #expect(!alarms.contains("alarm-animals"))
            let animals = try #require(html.firstMatch(of: /<section class="card" aria-labelledby="animals">.*?<\/section>/)).output
            #expect(animals.contains("<h2 id=\"animals\">Тварини (1)</h2>"))
            #expect(animals.contains(#"<a href="/shelter/animals/a0000000-0000-4000-8000-000000000001">Рекс</a> · Собака · лабрадор · самець"#))
            #expect(animals.contains(#"<span class="sick block">хворіє: Парвовірус</span>"#))
            let meals = try #require(html.firstMatch(of: /<section class="card" aria-labelledby="meals">.*?<\/section>/)).output
            #expect(meals.contains("<strong>08:00</strong> 0,25 кг Сухий корм — <span class=\"fed\">✓ Нагодовано о"))
            #expect(meals.contains("Ольга</span>"))
            #expect(meals.contains("<strong>08:00</strong> 1 шт. Консерви — <span class=\"due\">Ще не нагодовано</span>"))
            #expect(meals.contains(#"<a href="/shelter/feeding">Відкрити годування</a>"#))
            // The sensor's battery and signal, and the warning of a battery running low.
            #expect(html.contains("<small>Батарея 15 % · сигнал −71 дБм</small>"))
            #expect(html.contains(#"<strong class="low-label">Батарея сідає (15 %): замініть або зарядіть.</strong>"#))
        }

        @Test("an enclosure for the director: the conditions form filled in, the sensor's key rotation, its move and a new sensor")
        func enclosureDirector() throws {
            let html = EnclosureView(person: Self.person(.director), overview: Self.overview(latest: nil), readings: [], enclosureNames: Self.enclosureNames,
                                     sensorNames: [:], c: Self.context(.uk)).page.content.rendered
            let path = "/shelter/enclosures/e0c10000-0000-4000-8000-000000000001"
            #expect(html.contains(#"<form method="post" action="\#(path)/conditions">"#))
            #expect(html.contains(#"name="minTemperature""#) && html.contains(#"value="18""#) && html.contains(#"value="26""#))
            #expect(html.contains(#"action="/shelter/sensors/5e000000-0000-4000-8000-000000000001/key""#))
            #expect(html.contains(#"<form method="post" action="\#(path)/sensors">"#))
            // The sensor's enclosure: this one first and chosen, then the others by name.
            let select = try #require(html.firstMatch(of: /<select id="sensor-enclosure-5e000000-0000-4000-8000-000000000001" name="enclosureId".*?<\/select>/))
                .output
            let options = select.matches(of: /<option value="([^"]+)"( selected)?>([^<]+)<\/option>/).map { "\($0.output.3)\($0.output.2 ?? "")" }
            #expect(options == ["Карантин selected", "Вольєр для котів", "Ізолятор"])
            #expect(html.contains(#"<label for="sensor-enclosure-5e000000-0000-4000-8000-000000000001">Вольєр</label>"#))
            #expect(html.contains("За останню добу показників немає.") && !html.contains("<tbody>"))
            #expect(html.contains("Датчик ще не надсилав показників."))
        }

        // MARK: Animal

        static func record(open: Bool = true) -> AnimalRecord {
            let weights = [(String("2026-09-01"), 23_000), ("2026-09-15", 24_500)].map { day, grams in
                let w = Weighing()
                w.id = UUID()
                w.animalID = rexID
                w.onDay = day
                w.grams = grams
                w.createdAt = now
                return w
            }
            let meal = MealPlan()
            meal.id = UUID(uuidString: "3ea10000-0000-4000-8000-000000000001")!
            meal.animalID = rexID
            meal.minuteOfDay = 8 * 60
            meal.itemID = foodID
            meal.amountMilli = 250
            meal.createdAt = now
            let move = EnclosureMove()
            move.animalID = rexID
            move.fromEnclosureID = nil
            move.toEnclosureID = quarantineID
            move.actorID = moverID
            move.at = Date(timeIntervalSince1970: 1_788_264_000)  // 2026-09-01 12:00 UTC
            return AnimalRecord(animal: rex(), enclosureName: "Карантин", movements: [], moves: [move], moverNames: [moverID: "Ольга"], weights: weights,
                                medical: MedicalHistory(diseases: [parvovirus(open: open)], treatments: [], supplies: [:], regimens: []), meals: [meal], movementPeople: [:])
        }

        @Test("an animal's record for a doctor: who it is, where it lives, its weight chart, the open disease to end, the meal with its food, in English")
        func animalDoctor() throws {
            let page = AnimalView(person: Self.person(.doctor), record: Self.record(), hasPhoto: false,
                                  enclosures: [(Self.quarantineID.uuidString.lowercased(), "Карантин")], items: [Self.food()],
                                  today: Self.today, c: Self.context(.en)).page
            #expect(page.title == "Рекс" && page.tabs.map(\.isCurrent) == [false, true, false, false] && page.scripts == ["photo-upload.js"])
            let html = page.content.rendered
            #expect(html.contains("<dd>Dog · лабрадор · male</dd>"))
            #expect(html.contains("<dd>Lives in “Карантин”</dd>"))
            #expect(html.contains("<dd>24.5 kg</dd>"))
            #expect(html.contains(#"<title id="chart-weight-title">Weight, kg</title><desc id="chart-weight-desc">The weight went from 23 kg to 24.5 kg.</desc>"#))
            #expect(html.contains("<span>08:00 — 0.25 кг Сухий корм</span>"))
            // Its moves between enclosures, with who made them.
            #expect(html.contains(#"<h2 id="moves">Moves between enclosures</h2>"#) && html.contains("— moved in: Карантин · Ольга</li>"))
            #expect(html.contains(#"action="/shelter/animals/a0000000-0000-4000-8000-000000000001/meals/3ea10000-0000-4000-8000-000000000001/delete""#))
            #expect(html.contains(#"action="/shelter/animals/a0000000-0000-4000-8000-000000000001/diseases/d0000000-0000-4000-8000-000000000001/end""#))
            #expect(html.contains(#"<option value="f0000000-0000-4000-8000-000000000001">Сухий корм (кг)</option>"#))
        }

        @Test("an animal's record for the storekeeper, in Ukrainian: the facts and the meal, but no form to change anything")
        func animalStorekeeper() {
            let html = AnimalView(person: Self.person(.storekeeper), record: Self.record(open: false), hasPhoto: true, enclosures: [],
                                  items: [Self.food()], today: Self.today, c: Self.context(.uk)).page.content.rendered
            #expect(html.contains("<dd>Собака · лабрадор · самець</dd>"))
            #expect(html.contains("<dd>Живе у вольєрі «Карантин»</dd>"))
            #expect(html.contains("<dd>24,5 кг</dd>"))
            #expect(html.contains("<span>08:00 — 0,25 кг Сухий корм</span>"))
            #expect(html.contains(#"src="/shelter/animals/a0000000-0000-4000-8000-000000000001/photo/thumbnail""#))
            #expect(!html.contains("<form"))
        }

        // MARK: Warehouse

        static func order(_ status: StockOrder.Status) -> StockOrder {
            let order = StockOrder()
            order.id = UUID(uuidString: "0d000000-0000-4000-8000-000000000001")!
            order.itemID = foodID
            order.amountMilli = 20_000
            order.receivedMilli = 0
            order.status = status.rawValue
            order.note = ""
            order.requestedBy = UUID()
            order.createdAt = now
            return order
        }

        @Test("the warehouse: a low item marked, a requested order with who asked, when, why and the stock, approved or rejected; the new-item form; in English")
        func warehouseDirector() throws {
            let order = Self.order(.requested)
            order.note = "For the month ahead"
            let page = WarehouseView(person: Self.person(.director), items: [Self.food(stock: 4_000)], orders: [order],
                                     requesters: [order.requestedBy: "Ірина"], c: Self.context(.en)).page
            #expect(page.title == "Warehouse" && page.tabs.map(\.isCurrent) == [false, false, true, false])
            let html = page.content.rendered
            #expect(html.contains(#"<li class="card stock-item low"><h2><a href="/shelter/warehouse/items/f0000000-0000-4000-8000-000000000001">Сухий корм</a></h2>"#))
            #expect(html.contains(#"<p class="stock">4 кг · <strong class="low-label">low, time to order</strong></p>"#))
            #expect(html.contains("Ordered 20 кг, received 0 кг · "))
            #expect(html.contains("Asked by Ірина, ") && html.contains("<p>Why: For the month ahead</p>"))
            #expect(html.contains("In stock now: 4 кг (threshold 5 кг)"))
            #expect(html.matches(of: /action="\/shelter\/warehouse\/orders\/0d000000-0000-4000-8000-000000000001\/decision"/).count == 2)
            #expect(html.contains(#"action="/shelter/warehouse/items""#))
        }

        @Test("a doctor's warehouse is the items only: no orders, no new item")
        func warehouseDoctor() {
            let html = WarehouseView(person: Self.person(.doctor), items: [Self.food()], orders: [], c: Self.context(.uk)).page.content.rendered
            #expect(html.contains("<p class=\"stock\">12,5 кг</p>"))
            #expect(!html.contains("low-label") && !html.contains("/orders/") && !html.contains(#"action="/shelter/warehouse/items""#))
        }

        @Test("an item for the storekeeper, in Ukrainian: its stock and threshold, the three forms, and the ledger signed")
        func itemStorekeeper() throws {
            let movement = StockMovement()
            movement.id = UUID()
            movement.itemID = Self.foodID
            movement.kind = StockMovement.Kind.feeding.rawValue
            movement.deltaMilli = -1_500
            movement.balanceMilli = 12_500
            movement.note = "ранок"
            movement.at = Self.now
            let page = ItemView(person: Self.person(.storekeeper), item: Self.food(), ledger: [movement], c: Self.context(.uk)).page
            #expect(page.title == "Сухий корм")
            let html = page.content.rendered
            #expect(html.contains("На складі: 12,5 кг") && html.contains("Мало, коли лишається 5 кг або менше."))
            #expect(!html.contains("low-label"))
            let path = "/shelter/warehouse/items/f0000000-0000-4000-8000-000000000001"
            for action in ["uses", "stock-take", "orders"] { #expect(html.contains(#"action="\#(path)/\#(action)""#)) }
            #expect(html.contains(#"<option value="write_off">Списання</option>"#))
            let row = try #require(html.firstMatch(of: /<tbody>.*?<\/tbody>/)).output
            #expect(row.contains("<td>Годування — ранок</td><td>−1,5 кг</td><td>12,5 кг</td>"))
        }

        @Test("a doctor takes from an item for a treatment only, and neither counts nor orders it")
        func itemDoctor() {
            let html = ItemView(person: Self.person(.doctor), item: Self.food(), ledger: [], c: Self.context(.en)).page.content.rendered
            #expect(html.contains(#"<option value="treatment">Treatment</option>"#) && !html.contains(#"value="feeding""#))
            #expect(!html.contains("/stock-take") && !html.contains("/orders\""))
        }

        // MARK: Feeding

        @Test("feeding rounds: the storekeeper gets a button per portion that names it, and the water form, in English")
        func feedingStorekeeper() throws {
            let meal = EnclosureMeal(enclosure: Self.quarantine(), minuteOfDay: 8 * 60, portions: [(Self.food(), Quantity(milli: 750))])
            let page = FeedingView(person: Self.person(.storekeeper), rounds: [meal], enclosures: [Self.quarantine()], c: Self.context(.en)).page
            #expect(page.title == "Feeding")
            let html = page.content.rendered
            #expect(html.contains(#"<h3 id="meal-e0c10000-0000-4000-8000-000000000001-480">08:00 · Карантин</h3>"#))
            #expect(html.contains("<p>0.75 кг Сухий корм</p>"))
            let form = try #require(html.firstMatch(of: /<form method="post" action="\/shelter\/enclosures\/e0c10000-0000-4000-8000-000000000001\/refills">.*?<\/form>/)).output
            #expect(form.contains(#"<input type="hidden" name="_csrf" value="token-789">"#))
            #expect(form.contains(#"name="amount" value="0.75""#))
            #expect(form.contains("Fed: Карантин, Сухий корм, 08:00"))
            #expect(html.contains(#"action="/shelter/feeding/water""#))
        }

        @Test("a doctor sees the rounds in Ukrainian but feeds nothing; no meals today is said")
        func feedingDoctor() {
            let meal = EnclosureMeal(enclosure: Self.quarantine(), minuteOfDay: 18 * 60 + 30, portions: [(Self.food(), Quantity(milli: 750))])
            let html = FeedingView(person: Self.person(.doctor), rounds: [meal], enclosures: [Self.quarantine()], c: Self.context(.uk)).page.content.rendered
            #expect(html.contains("18:30 · Карантин") && html.contains("<p>0,75 кг Сухий корм</p>"))
            #expect(!html.contains("<form"))
            let empty = FeedingView(person: Self.person(.doctor), rounds: [], enclosures: [], c: Self.context(.en)).page.content.rendered
            #expect(empty.contains("No meals planned today: add meals to the animals on their pages."))
        }

        // MARK: Tasks and staff

        static func task(status: StaffTask.Status, acceptedBy: UUID? = nil, by giver: UUID) -> StaffTask {
            let task = StaffTask()
            task.id = UUID(uuidString: "7a500000-0000-4000-8000-000000000001")!
            task.title = "Вигуляти собак"
            task.notes = ""
            task.assigneeRole = ShelterRole.doctor.rawValue
            task.dueOn = "2026-09-22"
            task.status = status.rawValue
            task.createdBy = giver
            task.acceptedBy = acceptedBy
            task.createdAt = now
            return task
        }

        @Test("an open task for the doctors: for whom, by whom, and the doctor's button to take it, in both languages")
        func tasks() throws {
            let director = Self.person(.director, name: "Оксана"), doctor = Self.person(.doctor, name: "Богдан")
            let staff = [director.account, doctor.account]
            let task = Self.task(status: .open, by: director.id)
            let en = TasksView(person: doctor, tasks: [task], staff: staff, c: Self.context(.en)).page
            #expect(en.title == "Tasks")
            let html = en.content.rendered
            #expect(html.contains("For: every Doctor · given by Оксана"))
            #expect(html.contains("<strong>Nobody has taken it yet</strong>"))
            #expect(html.contains(#"action="/shelter/tasks/7a500000-0000-4000-8000-000000000001/acceptance""#))
            #expect(html.contains("I&#39;ll do it: Вигуляти собак"))
            let uk = TasksView(person: doctor, tasks: [task], staff: staff, c: Self.context(.uk)).page.content.rendered
            #expect(uk.contains("Для: усім: Лікар · дав(ла) Оксана") && uk.contains("Беруся: Вигуляти собак"))
            // The new-task list offers the roles, then the people in their alphabet's order.
            let options = try #require(uk.firstMatch(of: /<select[^>]*name="for".*?<\/select>/)).output
            #expect(options.contains(#"<option value="role:doctor">усім: Лікар</option>"#))
            #expect(options.range(of: "Богдан")!.lowerBound < options.range(of: "Оксана")!.lowerBound)
        }

        @Test("a task someone else took: the doctor sees who, and cannot complete it; the one who took it can")
        func acceptedTask() {
            let director = Self.person(.director, name: "Оксана"), doctor = Self.person(.doctor, name: "Богдан")
            let other = Self.person(.doctor, name: "Марта")
            let task = Self.task(status: .accepted, acceptedBy: other.id, by: director.id)
            let staff = [director.account, doctor.account, other.account]
            let seen = TasksView(person: doctor, tasks: [task], staff: staff, c: Self.context(.en)).page.content.rendered
            #expect(seen.contains("<strong>Taken by Марта</strong>") && !seen.contains("/completion"))
            let theirs = TasksView(person: other, tasks: [task], staff: staff, c: Self.context(.en)).page.content.rendered
            #expect(theirs.contains(#"action="/shelter/tasks/7a500000-0000-4000-8000-000000000001/completion""#))
        }

        @Test("the staff list: a role form for everyone but the director, who is on duty, and that alarms reach them, in English")
        func staff() throws {
            let director = Self.person(.director, name: "Оксана")
            let newcomer = Self.person(.pending, name: "Петро")
            let doctor = Self.person(.doctor, name: "Богдан")
            let page = StaffView(person: director, staff: [newcomer.account, director.account, doctor.account], onDuty: [doctor.id],
                                 c: Self.context(.en)).page
            #expect(page.tabs.map(\.isCurrent) == [false, false, false, true])
            let html = page.content.rendered
            #expect(html.contains("Alarms go to the directors and doctors marked “on duty”."))
            #expect(html.matches(of: /<form method="post" action="\/shelter\/staff\/[0-9a-f-]+\/role"/).count == 2)
            #expect(!html.contains("/staff/\(director.id.uuidString.lowercased())/role"))
            let petro = try #require(html.firstMatch(of: /<li class="card staff-member"><h2>Петро<\/h2>.*?<\/li>/)).output
            #expect(petro.contains("<strong>Waiting for a role</strong>") && petro.contains("Give the role"))
            #expect(petro.contains(#"<option value="doctor" selected>Doctor</option>"#))
            let bohdan = try #require(html.firstMatch(of: /<li class="card staff-member"><h2>Богдан<\/h2>.*?<\/li>/)).output
            #expect(bohdan.contains(#"<strong class="on-duty">on duty</strong>"#))
        }

        @Test("with nobody on duty the director is told in Ukrainian that alarms go to everyone who gets them")
        func nobodyOnDuty() {
            let director = Self.person(.director)
            let html = StaffView(person: director, staff: [director.account], onDuty: [], c: Self.context(.uk)).page.content.rendered
            #expect(html.contains("Зараз ніхто не на зміні, тож тривоги надходять усім директорам і лікарям.") && !html.contains("on-duty"))
            #expect(!html.contains("<form"))
        }
    }
}
