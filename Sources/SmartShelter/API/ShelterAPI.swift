import Foundation
import Kernel
import Vapor

/// `/shelter/api/v1`: the staff's work, and the sensor devices' readings. Handlers parse,
/// call one service, and shape the answer. This file mounts the routes; each area's
/// handlers are in its own file (`EnclosureAPI.swift`, …, sign-up in `AccountAPI.swift`).
enum ShelterAPI {
    typealias M = SSModels

    static func register(on api: any RoutesBuilder) {
        api.post("password-confirmation", use: confirmPassword)
        api.get("staff", use: staff)
        api.put("staff", ":accountID", "role", use: setRole)
        api.delete("staff", ":accountID", use: dismiss)
        api.get("audit", use: audit)
        api.get("enclosures", use: enclosures)
        api.post("enclosures", use: createEnclosure)
        api.get("enclosures", ":enclosureID", use: enclosure)
        api.put("enclosures", ":enclosureID", "conditions", use: setConditions)
        api.get("enclosures", ":enclosureID", "readings", use: readings)
        api.get("enclosures", ":enclosureID", "chart", use: chart)
        api.post("enclosures", ":enclosureID", "sensors", use: createSensor)
        api.post("sensors", ":sensorID", "key", use: rotateKey)
        api.patch("sensors", ":sensorID", use: updateSensor)
        api.delete("sensors", ":sensorID", use: retireSensor)
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
        AdoptionAPI.register(on: api)
        PeopleAPI.register(on: api)
        StatisticsAPI.register(on: api)
    }

    // The ids in paths, read by the areas' handlers (`…API.swift`): one that is not a UUID
    // is the 404 of the thing it names.

    static func enclosureID(_ req: Request) throws -> UUID {
        try req.uuidParameter("enclosureID", notFound: "enclosure_not_found", key: "ss.error.enclosure_not_found")
    }

    static func alarmID(_ req: Request) throws -> UUID {
        try req.uuidParameter("alarmID", notFound: "alarm_not_found", key: "ss.error.alarm_not_found")
    }

    static func itemID(_ req: Request) throws -> UUID {
        try req.uuidParameter("itemID", notFound: "item_not_found", key: "ss.error.item_not_found")
    }

    static func orderID(_ req: Request) throws -> UUID {
        try req.uuidParameter("orderID", notFound: "order_not_found", key: "ss.error.order_not_found")
    }

    static func sensorID(_ req: Request) throws -> UUID {
        try req.uuidParameter("sensorID", notFound: "sensor_not_found", key: "ss.error.sensor_not_found")
    }
}
