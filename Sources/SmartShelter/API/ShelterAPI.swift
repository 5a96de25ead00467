import Fluent
import Foundation
import Kernel
import Vapor

/// `/shelter/api/v1`: the staff's work, and the sensor devices' readings. Handlers parse,
/// call one service, and shape the answer.
enum ShelterAPI {
    typealias M = SSModels

    static func register(on api: any RoutesBuilder) {
        api.post("password-confirmation", use: confirmPassword)
        api.get("staff", use: staff)
        api.put("staff", ":accountID", "role", use: setRole)
        api.get("audit", use: audit)
        api.get("enclosures", use: enclosures)
        api.post("enclosures", use: createEnclosure)
        api.get("enclosures", ":enclosureID", use: enclosure)
        api.put("enclosures", ":enclosureID", "conditions", use: setConditions)
        api.get("enclosures", ":enclosureID", "readings", use: readings)
        api.get("enclosures", ":enclosureID", "chart", use: chart)
        api.post("enclosures", ":enclosureID", "sensors", use: createSensor)
        api.post("sensors", ":sensorID", "key", use: rotateKey)
        api.get("items", use: items)
        api.post("items", use: createItem)
        api.get("items", ":itemID", use: item)
        api.post("items", ":itemID", "uses", use: useItem)
        api.post("items", ":itemID", "stock-take", use: stockTake)
        api.get("orders", use: orders)
        api.post("orders", use: requestOrder)
        api.put("orders", ":orderID", "decision", use: decideOrder)
        api.post("orders", ":orderID", "receipts", use: receiveOrder)
        api.get("alarms", use: alarms)
        api.get("events", use: events)
        api.post("alarms", ":alarmID", "acknowledgement", use: acknowledgeAlarm)
        api.post("alarms", ":alarmID", "resolution", use: resolveAlarm)
        // The devices' two calls, signed with the sensor's key (not a person's token).
        api.on(.POST, "sensors", ":sensorID", "readings", body: .collect(maxSize: "512kb"), use: postReadings)
        api.get("sensors", ":sensorID", "time", use: deviceTime)
        AnimalAPI.register(on: api)
        TaskAPI.register(on: api)
    }

    // MARK: Accounts (served on the kernel's account paths, `ShelterAccounts`)

    static func register(_ req: Request) async throws -> Response {
        let input = try req.content.decode(M.Registration.self)
        let person = try await req.shelter.staff.register(name: input.name, email: input.email, password: input.password,
                                                          passwordRepeat: input.passwordRepeat, timeZone: input.timeZone,
                                                          language: req.language)
        let issued = try await req.accounts.issueToken(for: person.account)
        return try await M.Session(token: issued.token, expiresAt: issued.expiresAt, profile: M.Profile(person))
            .created(at: "\(SmartShelter.descriptor.apiPath)/me", for: req)
    }

    static func updateProfile(_ req: Request) async throws -> M.Profile {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.ProfileUpdate.self)
        return M.Profile(try await req.shelter.staff.updateSettings(person, name: input.name, language: input.language,
                                                                      unit: input.temperatureUnit, timeZone: input.timeZone,
                                                                      onDuty: input.onDuty))
    }

    /// Starts the window in which a director's changes need no password (`PasswordConfirmations`).
    static func confirmPassword(_ req: Request) async throws -> M.Confirmed {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.PasswordConfirmation.self)
        guard let password = input.password, !password.isEmpty else {
            throw AppError.validation([FieldError(field: "password", key: "validation.required")])
        }
        try await req.confirmPassword(password, of: person.account)
        guard let until = try await req.passwordConfirmedUntil(person.account) else { throw AppError.unauthenticated }
        return M.Confirmed(confirmedUntil: until)
    }

    // MARK: Staff and audit (the director)

    static func staff(_ req: Request) async throws -> [M.StaffEntry] {
        let person = try await req.staffMember(), staff = req.shelter.staff
        let onDuty = try await staff.onDuty(by: person)
        return try await staff.list(by: person).map { M.StaffEntry($0, onDuty: onDuty) }
    }

    static func setRole(_ req: Request) async throws -> M.StaffEntry {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("accountID", notFound: "staff_not_found", key: "ss.error.staff_not_found")
        let input = try req.content.decode(M.RoleChange.self)
        let account = try await req.shelter.staff.setRole(of: id, to: input.role, by: person)
        return M.StaffEntry(account, onDuty: try await req.shelter.staff.onDuty(by: person))
    }

    static func audit(_ req: Request) async throws -> [M.AuditEntryDTO] {
        let person = try await req.staffMember()
        let actor: UUID? = try req.query.get(String?.self, at: "actor").flatMap { text in
            guard let id = UUID(uuidString: text) else { throw AppError.badRequest(code: "bad_actor", key: "ss.error.bad_actor") }
            return id
        }
        let entries = try await req.shelter.auditTrail.entries(entityID: try req.query.get(String?.self, at: "record"), actor: actor, by: person)
        return entries.map { M.AuditEntryDTO(id: $0.id!, at: $0.at, actorId: $0.actorID, action: $0.action, entityType: $0.entityType,
                                             entityId: $0.entityID, before: $0.before, after: $0.after) }
    }

    // MARK: Enclosures and sensors

    static func enclosures(_ req: Request) async throws -> [M.EnclosureDTO] {
        try await req.shelter.enclosures.list(for: try await req.staffMember()).map(M.EnclosureDTO.init)
    }

    static func enclosure(_ req: Request) async throws -> M.EnclosureDTO {
        let person = try await req.staffMember()
        return M.EnclosureDTO(try await req.shelter.enclosures.summary(try enclosureID(req), for: person))
    }

    static func createEnclosure(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewEnclosure.self)
        let enclosure = try await req.shelter.enclosures.create(name: input.name, description: input.description,
                                                               conditions: input.conditions?.input ?? ConditionsInput(.standard), by: person)
        let summary = EnclosureSummary(enclosure: enclosure, sensors: [], latest: nil)
        return try await M.EnclosureDTO(summary).created(at: "\(SmartShelter.descriptor.apiPath)/enclosures/\(enclosure.id!.uuidString.lowercased())", for: req)
    }

    static func setConditions(_ req: Request) async throws -> M.Conditions {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.ConditionsBody.self)
        return M.Conditions(try await req.shelter.enclosures.setConditions(of: try enclosureID(req), to: input.input, by: person).conditions)
    }

    /// The last `hours` (24 unless asked, at most 72) of the enclosure's readings, newest first.
    static func readings(_ req: Request) async throws -> [M.ReadingDTO] {
        let person = try await req.staffMember()
        let hours = try req.query.get(Int?.self, at: "hours") ?? 24
        guard (1...72).contains(hours) else { throw AppError.badRequest(code: "bad_hours", key: "ss.error.bad_hours") }
        let since = req.shelter.clock.now.addingTimeInterval(-Double(hours) * 3600)
        return try await req.shelter.readings.recent(in: try enclosureID(req), since: since, limit: 5000, for: person)
            .map { M.ReadingDTO($0.reading, sensorID: $0.sensorID) }
    }

    /// The enclosure's roll-ups over `range` (`day` by the hour, `week` by six hours,
    /// `month` by the day), all its sensors together.
    static func chart(_ req: Request) async throws -> Response {
        let range = Result { () throws -> ChartRange in
            let text = try req.query.get(String?.self, at: "range") ?? ChartRange.day.rawValue
            guard let range = ChartRange(rawValue: text) else { throw AppError.badRequest(code: "bad_range", key: "ss.error.bad_range") }
            return range
        }
        let chart = try await req.shelter.chartStore.chart(by: req.caller(in: SmartShelter.descriptor), of: Result { try enclosureID(req) },
                                                            over: range)
        return Response(status: .ok, json: M.ChartDTO(chart))
    }

    static func createSensor(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewSensor.self)
        let issued = try await req.shelter.sensors.create(in: try enclosureID(req), name: input.name, intervalSeconds: input.intervalSeconds?.text,
                                                          by: person)
        return try await M.SensorKey(sensor: M.SensorDTO(issued.sensor), key: issued.key)
            .created(at: "\(SmartShelter.descriptor.apiPath)/sensors/\(issued.sensor.id!.uuidString.lowercased())", for: req)
    }

    static func rotateKey(_ req: Request) async throws -> M.SensorKey {
        let person = try await req.staffMember()
        let issued = try await req.shelter.sensors.rotateKey(of: try sensorID(req), by: person)
        return M.SensorKey(sensor: M.SensorDTO(issued.sensor), key: issued.key)
    }

    // MARK: Warehouse

    static func items(_ req: Request) async throws -> [M.ItemDTO] {
        try await req.shelter.warehouse.items(for: try await req.staffMember()).map(M.ItemDTO.init)
    }

    static func item(_ req: Request) async throws -> M.ItemWithLedger {
        let person = try await req.staffMember()
        let found = try await req.shelter.warehouse.item(try itemID(req), for: person)
        return M.ItemWithLedger(item: M.ItemDTO(found.item), ledger: found.ledger.map(M.MovementDTO.init))
    }

    static func createItem(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewItem.self)
        let item = try await req.shelter.warehouse.createItem(name: input.name, unit: input.unit, low: input.lowThreshold?.text ?? "0", by: person)
        return try await M.ItemDTO(item).created(at: "\(SmartShelter.descriptor.apiPath)/items/\(item.id!.uuidString.lowercased())", for: req)
    }

    static func useItem(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.Use.self)
        let movement = try await req.shelter.warehouse.use(try itemID(req), amount: input.amount?.text, kind: input.kind, note: input.note, by: person)
        return try await M.MovementDTO(movement).encodeResponse(status: .created, for: req)
    }

    static func stockTake(_ req: Request) async throws -> M.ItemDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.StockTake.self)
        return M.ItemDTO(try await req.shelter.warehouse.count(try itemID(req), counted: input.counted?.text, note: input.note, by: person))
    }

    static func orders(_ req: Request) async throws -> [M.OrderDTO] {
        try await req.shelter.warehouse.orders(for: try await req.staffMember()).map(M.OrderDTO.init)
    }

    static func requestOrder(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewOrder.self)
        guard let itemID = input.itemId else { throw AppError.validation([FieldError(field: "itemId", key: "validation.required")]) }
        let order = try await req.shelter.warehouse.requestOrder(of: itemID, amount: input.amount?.text, note: input.note, by: person)
        return try await M.OrderDTO(order).encodeResponse(status: .created, for: req)
    }

    static func decideOrder(_ req: Request) async throws -> M.OrderDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.Decision.self)
        guard let approve = input.approve else { throw AppError.validation([FieldError(field: "approve", key: "validation.required")]) }
        return M.OrderDTO(try await req.shelter.warehouse.decide(try orderID(req), approve: approve, by: person))
    }

    static func receiveOrder(_ req: Request) async throws -> M.OrderDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.Receipt.self)
        return M.OrderDTO(try await req.shelter.warehouse.receive(try orderID(req), amount: input.amount?.text, by: person))
    }

    // MARK: Alarms

    /// Open alarms (critical first), then the last day's resolved ones.
    static func alarms(_ req: Request) async throws -> [M.AlarmDTO] {
        try await req.shelter.alarms.list(for: try await req.staffMember()).map(M.AlarmDTO.init)
    }

    /// The alarms' event stream (Server-Sent Events), as the dashboard gets it: resumable
    /// with `Last-Event-ID`.
    static func events(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        guard person.role != .pending else { throw ShelterContext.pending }
        return ServerSentEvents.response(for: req, topics: [AlarmService.topic])
    }

    static func acknowledgeAlarm(_ req: Request) async throws -> M.AlarmDTO {
        let person = try await req.staffMember()
        let alarm = try await req.shelter.alarms.acknowledge(try alarmID(req), by: person)
        return M.AlarmDTO(AlarmSummary(alarm: alarm, enclosureName: try await req.shelter.enclosures.find(alarm.enclosureID).name))
    }

    static func resolveAlarm(_ req: Request) async throws -> M.AlarmDTO {
        let person = try await req.staffMember()
        let alarm = try await req.shelter.alarms.resolve(try alarmID(req), by: person)
        return M.AlarmDTO(AlarmSummary(alarm: alarm, enclosureName: try await req.shelter.enclosures.find(alarm.enclosureID).name))
    }

    // MARK: Devices

    /// `POST /sensors/{id}/readings` with `Authorization: Bearer <sensor key>`: one reading,
    /// or `{"readings": [...]}`. A single reading that is refused is a 422 with its reason;
    /// in a batch the valid ones are stored and each refused one is listed.
    static func postReadings(_ req: Request) async throws -> Response {
        let id = try sensorID(req)
        // The store checks the key before it opens the body: a device without one learns nothing more.
        let body = Result { try req.content.decode(M.ReadingsBody.self) }
        let result = try await req.shelter.readingStore.record(for: id, key: req.bearerToken, body.map(\.readings))
        if case .success(.single) = body, let refusal = result.refused.first {
            throw AppError(.unprocessableEntity, code: Self.code(refusal.reason), key: refusal.reason)
        }
        // The person's language is looked up only for a refusal to explain.
        let refused = result.refused.isEmpty ? [] : result.refused.map { [l = req.localizer] in
            M.IngestAnswer.Refused(index: $0.index, code: Self.code($0.reason), message: l.text($0.reason))
        }
        return Response(status: .ok, json: M.IngestAnswer(stored: result.stored, duplicates: result.duplicates, refused: refused))
    }

    /// The server's clock, for a device without one of its own (the original's `time/{id}`).
    static func deviceTime(_ req: Request) async throws -> M.DeviceTime {
        _ = try await req.shelter.sensors.authenticate(try sensorID(req), key: req.bearerToken)
        return M.DeviceTime(now: req.shelter.clock.now)
    }

    /// `ss.reading.future` → `reading_future`.
    static func code(_ key: String) -> String {
        "reading_" + key.split(separator: ".").last.map(String.init)!
    }

    private static func enclosureID(_ req: Request) throws -> UUID {
        try req.uuidParameter("enclosureID", notFound: "enclosure_not_found", key: "ss.error.enclosure_not_found")
    }

    private static func alarmID(_ req: Request) throws -> UUID {
        try req.uuidParameter("alarmID", notFound: "alarm_not_found", key: "ss.error.alarm_not_found")
    }

    private static func itemID(_ req: Request) throws -> UUID {
        try req.uuidParameter("itemID", notFound: "item_not_found", key: "ss.error.item_not_found")
    }

    private static func orderID(_ req: Request) throws -> UUID {
        try req.uuidParameter("orderID", notFound: "order_not_found", key: "ss.error.order_not_found")
    }

    private static func sensorID(_ req: Request) throws -> UUID {
        try req.uuidParameter("sensorID", notFound: "sensor_not_found", key: "ss.error.sensor_not_found")
    }
}
