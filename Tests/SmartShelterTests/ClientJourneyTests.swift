import Fluent
import Foundation
import HromadaTesting
import Kernel
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
@testable import SmartShelter
import SmartShelterClient
import Testing

/// The shelter's day through the generated Swift client (`SmartShelterClient`, made by
/// `scripts/generate-openapi` from the served OpenAPI document) over real HTTP: what a
/// native app and a device would do, and a check that the document says what the server does.
extension ShelterTests {
    @Suite("Smart Shelter through the generated client")
    struct ClientJourneyTests {
        static func client(_ baseURL: String, token: String? = nil) throws -> SmartShelterClient.Client {
            let serverURL = try #require(URL(string: baseURL + Servers.Server1.url().absoluteString))
            return SmartShelterClient.Client(serverURL: serverURL, transport: AsyncHTTPClientTransport(),
                                             middlewares: token.map { [OpenAPIBearerToken(token: $0)] } ?? [])
        }

        @Test("sign-up, a role, a sensor and its readings, an alarm taken, the chart, and the warehouse")
        func journey() async throws {
            try await withShelter { app in
                try await TestHarness.withLiveServer(app) { baseURL in
                    let anonymous = try Self.client(baseURL)
                    let invalid = try await anonymous.register(body: .json(.init(name: "", email: "nope", password: "short")))
                        .unprocessableContent.body.applicationProblemJson
                    #expect(invalid.code == "validation_failed" && Set(invalid.errors?.map(\.field) ?? []).isSuperset(of: ["name", "email", "password"]))

                    // Two sign-ups; the first becomes the director as `create-admin` would make one.
                    let directorSession = try await anonymous.register(body: .json(.init(name: "Оксана", email: "oksana@example.com",
                                                                                          password: password, timeZone: "Europe/Kyiv"))).created.body.json
                    #expect(directorSession.profile.role == .pending)
                    let account = try #require(try await Account.find(UUID(uuidString: directorSession.profile.id), on: app.db))
                    account.role = ShelterRole.director.rawValue
                    try await account.save(on: app.db)
                    let newcomer = try await anonymous.register(body: .json(.init(name: "Андрій", email: "andrii@example.com", password: password)))
                        .created.body.json
                    let director = try Self.client(baseURL, token: directorSession.token)

                    let unconfirmed = try await director.createEnclosure(body: .json(.init(name: "Карантин"))).forbidden.body.applicationProblemJson
                    #expect(unconfirmed.code == "password_confirmation_required")
                    _ = try await director.confirmPassword(body: .json(.init(password: password))).ok.body.json
                    let role = try await director.setStaffRole(path: .init(accountID: newcomer.profile.id), body: .json(.init(role: .doctor))).ok.body.json
                    #expect(role.role == .doctor)
                    let enclosure = try await director.createEnclosure(body: .json(.init(name: "Карантин", conditions: .init(
                        minTemperature: .case1(10), maxTemperature: .case2("25,5"), minHumidity: .case1(30), maxHumidity: .case1(65), minWater: .case1(20)))))
                        .created.body.json
                    #expect(enclosure.conditions.maxTemperature == 25.5)
                    let issued = try await director.createSensor(path: .init(enclosureID: enclosure.id), body: .json(.init(name: "Датчик 1", intervalSeconds: .case1(60))))
                        .created.body.json

                    // The device: a buffered batch, one reading too cold.
                    let device = try Self.client(baseURL, token: issued.key)
                    let now = Date()
                    let stored = try await device.postReadings(path: .init(sensorID: issued.sensor.id), body: .json(.ReadingBatch(.init(readings: [
                        .init(at: now.addingTimeInterval(-120), temperature: 21, humidity: 50, waterLevel: 80),
                        .init(at: now.addingTimeInterval(-60), temperature: 6.5, humidity: 50, waterLevel: 80),
                    ])))).ok.body.json
                    #expect(stored.stored == 2 && stored.duplicates == 0 && stored.refused.isEmpty)
                    let refused = try await device.postReadings(path: .init(sensorID: issued.sensor.id), body: .json(.ReadingInput(.init(
                        at: now.addingTimeInterval(3600), temperature: 20, humidity: 50)))).unprocessableContent.body.applicationProblemJson
                    #expect(refused.code == "reading_future")
                    let stranger = try Self.client(baseURL, token: "ssk_wrong")
                    _ = try await stranger.postReadings(path: .init(sensorID: issued.sensor.id), body: .json(.ReadingInput(.init(
                        at: now, temperature: 20, humidity: 50)))).unauthorized

                    // The doctor sees the alarm and takes it.
                    let doctor = try Self.client(baseURL, token: newcomer.token)
                    let alarms = try await doctor.listAlarms().ok.body.json
                    let cold = try #require(alarms.first { $0.kind == .tooCold })
                    #expect(cold.value == 6.5 && cold.enclosureName == "Карантин")
                    let taken = try await doctor.acknowledgeAlarm(path: .init(alarmID: cold.id)).ok.body.json
                    #expect(taken.acknowledgedBy == newcomer.profile.id)
                    let chart = try await doctor.getChart(path: .init(enclosureID: enclosure.id), query: .init(range: .day)).ok.body.json
                    #expect(chart.points.map(\.readings).reduce(0, +) == 2)

                    // The warehouse, with the director in the storekeeper's place.
                    let item = try await director.createItem(body: .json(.init(name: "Корм", unit: "кг", lowThreshold: .case1(5)))).created.body.json
                    let order = try await director.requestOrder(body: .json(.init(itemId: item.id, amount: .case1(10)))).created.body.json
                    _ = try await director.decideOrder(path: .init(orderID: order.id), body: .json(.init(approve: true))).ok
                    let received = try await director.receiveOrder(path: .init(orderID: order.id), body: .json(.init(amount: .case2("10")))).ok.body.json
                    #expect(received.status == .received)
                    let used = try await director.useItem(path: .init(itemID: item.id), body: .json(.init(amount: .case2("2,5"), kind: .feeding))).created.body.json
                    #expect(used.balance == 7.5)
                    let tooMuch = try await director.useItem(path: .init(itemID: item.id), body: .json(.init(amount: .case1(8), kind: .feeding)))
                        .conflict.body.applicationProblemJson
                    #expect(tooMuch.code == "not_enough_stock")
                }
            }
        }

        @Test("an animal's care through the client: intake, a treatment taking stock, a dose due, a photo, a feeding, a task")
        func care() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctorPerson = try await staff(app, .doctor)
                let storekeeperPerson = try await staff(app, .storekeeper)
                let enclosure = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Карантин"]).id
                let item = try await read(WithID.self, app, .POST, "/items", as: director, ["name": "Бинти", "unit": "шт", "lowThreshold": 1]).id
                let order = try await read(WithID.self, app, .POST, "/orders", as: director, ["itemId": item.uuidString, "amount": 10])
                #expect(try await send(app, .PUT, "/orders/\(order.id)/decision", as: director, ["approve": true]).status == .ok)
                #expect(try await send(app, .POST, "/orders/\(order.id)/receipts", as: director, ["amount": 10]).status == .ok)
                try await TestHarness.withLiveServer(app) { baseURL in
                    let doctor = try Self.client(baseURL, token: doctorPerson.token)
                    let storekeeper = try Self.client(baseURL, token: storekeeperPerson.token)
                    let today = LocalDay(Date(), in: TimeZone(identifier: "Europe/Kyiv")!).description
                    let rex = try await doctor.createAnimal(body: .json(.init(name: "Рекс", species: .dog, sex: .male, intakeOn: today,
                                                                              enclosureId: enclosure.uuidString, weight: .case2("12,5")))).created.body.json
                    #expect(rex.status == .inShelter && rex.weight == 12.5)
                    let refused = try await storekeeper.createAnimal(body: .json(.init(name: "Мурка", species: .cat))).forbidden.body.applicationProblemJson
                    #expect(refused.code == "forbidden")

                    let disease = try await doctor.addDisease(path: .init(animalID: rex.id), body: .json(.init(name: "Рана лапи", startedOn: today)))
                        .created.body.json
                    let treatment = try await doctor.treatAnimal(path: .init(animalID: rex.id), body: .json(.init(
                        kind: .procedure, diseaseId: disease.id, supplies: [.init(itemId: item.uuidString, amount: .case1(3))]))).created.body.json
                    #expect(treatment.supplies.map(\.amount) == [3])
                    let short = try await doctor.treatAnimal(path: .init(animalID: rex.id), body: .json(.init(
                        kind: .procedure, supplies: [.init(itemId: item.uuidString, amount: .case1(8))]))).conflict.body.applicationProblemJson
                    #expect(short.code == "not_enough_stock")

                    _ = try await doctor.addRegimen(path: .init(animalID: rex.id), body: .json(.init(kind: .vaccination, name: "Сказ", dueOn: today)))
                        .created.body.json
                    let due = try await doctor.dueDoses().ok.body.json
                    #expect(due.map(\.regimen.name) == ["Сказ"] && due.first?.overdue == false)

                    let png = PNGDrawing.portrait(side: 48, ground: (255, 255, 255), face: (0, 0, 0))
                    let photo = try await doctor.uploadAnimalPhoto(path: .init(animalID: rex.id), body: .multipartForm([
                        .photo(.init(payload: .init(body: HTTPBody(png)), filename: "rex.png"))])).ok.body.json
                    #expect(photo.width == 48 && photo.contentType == .imagePng)
                    let served = try await storekeeper.getAnimalPhoto(path: .init(animalID: rex.id)).ok.body
                    if case .png(let body) = served { #expect(try await [UInt8](collecting: body, upTo: 1 << 20) == png) } else { Issue.record("not a PNG") }

                    let water = try await storekeeper.refillEnclosure(path: .init(enclosureID: enclosure.uuidString), body: .json(.init(kind: .water, amount: .case1(5))))
                        .created.body.json
                    #expect(water.kind == .water && water.movementId == nil)

                    let task = try await doctor.createTask(body: .json(.init(title: "Купити корм", role: .storekeeper))).created.body.json
                    let taken = try await storekeeper.acceptTask(path: .init(taskID: task.id)).ok.body.json
                    #expect(taken.status == .accepted && taken.acceptedBy == storekeeperPerson.id.uuidString)
                    let record = try await doctor.getAnimal(path: .init(animalID: rex.id)).ok.body.json
                    #expect(record.medical?.treatments.count == 1 && record.weights.map(\.weight) == [12.5] && record.enclosureName == "Карантин")
                }
            }
        }
    }
}
