import Foundation
import Kernel

/// An enclosure on one screen: its newest reading, its alarms, the animals in it with their
/// open diseases, today's meals, its sensors, its conditions (a form for those who set
/// them) and the last day's readings.
struct EnclosureView {
    let person: StaffMember
    let overview: EnclosureOverview
    let readings: [(sensorID: UUID, reading: Reading)]
    /// Every enclosure's name by id: where a sensor may be moved, and the names of sensors
    /// that measured here and hang elsewhere now, in the readings.
    let enclosureNames: [UUID: String]
    /// The name of every sensor in `readings`, those moved away included.
    let sensorNames: [UUID: String]
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var summary: EnclosureSummary { overview.summary }
    private var enclosure: Enclosure { summary.enclosure }
    private var path: String { ShelterWeb.enclosurePath(enclosure.id!) }

    var page: Page {
        ShelterWeb.shell(person, title: enclosure.name, section: .dashboard, c) {
            H.p(.class("breadcrumb")) { H.a(.href("\(ShelterWeb.prefix)/dashboard")) { l.text("ss.dashboard.title") } }
            H.h1 { enclosure.name }
            if !enclosure.description.isEmpty { H.p { enclosure.description } }
            H.section(.class("card"), .aria("labelledby", "latest")) {
                H.h2(.id("latest")) { l.text("ss.enclosure.latest") }
                if let latest = summary.latest {
                    ReadingFacts(reading: latest, unit: person.unit, c: c).html
                } else {
                    H.p(.class("empty")) { l.text(summary.sensors.isEmpty ? "ss.enclosure.no_sensors" : "ss.enclosure.no_readings") }
                }
                H.p { H.a(.class("button"), .href("\(path)/chart")) { l.text("ss.chart.open") } }
            }
            if !overview.alarms.isEmpty { alarms }
            animals
            meals
            conditions
            sensors
            recent
        }
    }

    private var alarms: HTML {
        let open = overview.alarms.filter(\.alarm.isOpen).count
        return H.section(.aria("labelledby", "alarms")) {
            H.h2(.id("alarms")) { open > 0 ? l.plural("ss.alarm.open_count", count: open) : l.text("ss.enclosure.alarms_closed") }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(overview.alarms.map { AlarmCard(summary: $0, person: person, place: .enclosure, c: c).html })
            }
        }
    }

    /// Who lives here, the sick ones with their open diseases named.
    private var animals: HTML {
        H.section(.class("card"), .aria("labelledby", "animals")) {
            H.h2(.id("animals")) { l.text("ss.enclosure.animals", ["count": String(overview.residents.count)]) }
            if overview.residents.isEmpty { H.p(.class("empty")) { l.text("ss.enclosure.no_animals") } }
            H.ul(.class("resident-list")) {
                HTMLBuilder.join(overview.residents.map { resident in
                    H.li {
                        H.a(.href(AnimalPage.path(resident.animal.id!))) { resident.animal.name }
                        " · " + AnimalText.kind(resident.animal, l)
                        if !resident.openDiseases.isEmpty {
                            H.span(.class("sick block")) { l.text("ss.animal.sick", ["diseases": resident.openDiseases.map(\.name).joined(separator: ", ")]) }
                        }
                    }
                })
            }
        }
    }

    /// Today's meals here: each portion done (when, by whom) or due; the feeding round is
    /// where they are fed.
    private var meals: HTML {
        H.section(.class("card"), .aria("labelledby", "meals")) {
            H.h2(.id("meals")) { l.text("ss.enclosure.meals_today") }
            if overview.meals.isEmpty { H.p(.class("empty")) { l.text("ss.enclosure.no_meals") } }
            H.ul(.class("resident-list")) {
                HTMLBuilder.join(overview.meals.flatMap { meal in
                    meal.portions.map { portion in
                        H.li {
                            H.strong { meal.time }
                            " " + ShelterFormat.quantity(portion.amount, portion.item.unit, l) + " " + portion.item.name + " — "
                            if let fed = meal.fed[portion.item.id!] {
                                H.span(.class("fed")) { "✓ " + l.text(fed.by.isEmpty ? "ss.feeding.done_at" : "ss.feeding.done_by", ["time": l.time(fed.at), "name": fed.by]) }
                            } else {
                                H.span(.class("due")) { l.text("ss.feeding.due") }
                            }
                        }
                    }
                })
            }
            if !overview.meals.isEmpty { H.p { H.a(.href(FeedingPage.path)) { l.text("ss.enclosure.to_feeding") } } }
        }
    }

    private var canSetConditions: Bool { person.role == .director || person.role == .doctor }

    private var conditions: HTML {
        let values = ConditionsInput(enclosure.conditions)
        let form = FormState(values: ["minTemperature": values.minTemperature ?? "", "maxTemperature": values.maxTemperature ?? "",
                                      "minHumidity": values.minHumidity ?? "", "maxHumidity": values.maxHumidity ?? "",
                                      "minWater": values.minWater ?? ""])
        return H.section(.class("card"), .aria("labelledby", "conditions")) {
            H.h2(.id("conditions")) { l.text("ss.enclosure.conditions") }
            if canSetConditions {
                Components.postForm(c, action: "\(path)/conditions") {
                    H.div(.class("field-pair")) {
                        FormField(name: "minTemperature", label: l.text("ss.field.min_temperature"), inputMode: "decimal", maxLength: 8).render(form, l)
                        FormField(name: "maxTemperature", label: l.text("ss.field.max_temperature"), inputMode: "decimal", maxLength: 8).render(form, l)
                    }
                    H.div(.class("field-pair")) {
                        FormField(name: "minHumidity", label: l.text("ss.field.min_humidity"), inputMode: "decimal", maxLength: 8).render(form, l)
                        FormField(name: "maxHumidity", label: l.text("ss.field.max_humidity"), inputMode: "decimal", maxLength: 8).render(form, l)
                    }
                    FormField(name: "minWater", label: l.text("ss.field.min_water"), inputMode: "decimal", maxLength: 8).render(form, l)
                    Components.primaryButton(l.text("ss.enclosure.save_conditions"))
                }
            } else {
                let t = enclosure.conditions
                H.p {
                    l.text("ss.enclosure.conditions_text", [
                        "minT": ShelterFormat.temperature(t.minTemperature, person.unit, l), "maxT": ShelterFormat.temperature(t.maxTemperature, person.unit, l),
                        "minH": ShelterFormat.percent(t.minHumidity, l), "maxH": ShelterFormat.percent(t.maxHumidity, l),
                        "water": ShelterFormat.percent(t.minWater, l),
                    ])
                }
            }
        }
    }

    /// Folded under the sensor: its name, interval, pause and enclosure, and retiring it.
    private func sensorSettings(_ sensor: Sensor) -> HTML {
        let id = sensor.id!.uuidString.lowercased()
        let action = "\(ShelterWeb.prefix)/sensors/\(id)"
        return H.details(.class("sensor-settings")) {
            H.summary { l.text("ss.sensor.settings", ["name": sensor.name]) }
            Components.postForm(c, action: action) {
                FormField(name: "name", label: l.text("ss.field.sensor_name"), maxLength: SensorService.nameMaxLength)
                    .withID("sensor-name-\(id)").render(FormState(values: ["name": sensor.name]), l)
                FormField(name: "intervalSeconds", label: l.text("ss.field.interval"), inputMode: "numeric", maxLength: 5)
                    .withID("sensor-interval-\(id)").render(FormState(values: ["intervalSeconds": String(sensor.intervalSeconds)]), l)
                H.div(.class("field")) {
                    H.label(.class("checkbox")) {
                        H.input(.type("checkbox"), .name("paused"), .value("1"), .flag("checked", sensor.pausedAt != nil))
                        " " + l.text("ss.sensor.pause")
                    }
                    H.p(.class("hint")) { l.text("ss.sensor.pause_hint") }
                }
                SelectField(name: "enclosureId", label: l.text("ss.field.sensor_enclosure"), options: enclosureOptions, includeEmpty: false)
                    .withID("sensor-enclosure-\(id)").render(FormState(values: ["enclosureId": enclosure.id!.uuidString.lowercased()]), l)
                H.p(.class("hint")) { l.text("ss.sensor.move_hint") }
                Components.primaryButton(l.text("ss.sensor.save"))
            }
            Components.postForm(c, action: "\(action)/retirement", confirm: l.text("ss.sensor.retire_confirm", ["name": sensor.name])) {
                H.p(.class("hint")) { l.text("ss.sensor.retire_hint") }
                Components.dangerButton(l.text("ss.sensor.retire"))
            }
        }
    }

    /// The enclosures by name, this one first.
    private var enclosureOptions: [(value: String, label: String)] {
        let others = enclosureNames.filter { $0.key != enclosure.id }.sorted { person.collation.areInIncreasingOrder($0.value, $1.value) }
        return ([(enclosure.id!, enclosure.name)] + others.map { ($0.key, $0.value) }).map { ($0.0.uuidString.lowercased(), $0.1) }
    }

    private var sensors: HTML {
        H.section(.class("card"), .aria("labelledby", "sensors")) {
            H.h2(.id("sensors")) { l.text("ss.sensor.title") }
            if summary.sensors.isEmpty { H.p(.class("empty")) { l.text("ss.enclosure.no_sensors") } }
            H.ul(.class("plain-list sensor-list")) {
                HTMLBuilder.join(summary.sensors.map { sensor in
                    H.li(.class("sensor")) {
                        H.strong { sensor.name }
                        H.small {
                            l.text("ss.sensor.facts", ["interval": l.plural("ss.sensor.seconds", count: sensor.intervalSeconds),
                                                       "last": sensor.lastReadingAt.map(l.dateTime) ?? l.text("ss.sensor.never")])
                        }
                        if let power = ShelterFormat.power(of: sensor, l) { H.small { power } }
                        if sensor.batteryIsLow, let battery = sensor.batteryPercent {
                            H.strong(.class("low-label")) { l.text("ss.sensor.battery_low", ["battery": ShelterFormat.percent(battery, l)]) }
                        }
                        if sensor.pausedAt != nil { H.strong(.class("low-label")) { l.text("ss.sensor.paused") } }
                        if person.role == .director {
                            Components.postForm(c, action: "\(ShelterWeb.prefix)/sensors/\(sensor.id!.uuidString.lowercased())/key",
                                                confirm: l.text("ss.sensor.rotate_confirm")) {
                                H.button(.class("button"), .type("submit")) { l.text("ss.sensor.rotate") }
                            }
                            sensorSettings(sensor)
                        }
                    }
                })
            }
            if person.role == .director {
                H.h3 { l.text("ss.sensor.new") }
                Components.postForm(c, action: "\(path)/sensors") {
                    FormField(name: "name", label: l.text("ss.field.sensor_name"), maxLength: SensorService.nameMaxLength).render(FormState(), l)
                    FormField(name: "intervalSeconds", label: l.text("ss.field.interval"), required: false, inputMode: "numeric", maxLength: 5)
                        .render(FormState(values: ["intervalSeconds": String(SensorService.defaultInterval)]), l)
                    Components.primaryButton(l.text("ss.sensor.add"))
                }
            }
        }
    }

    private var recent: HTML {
        let names = sensorNames
        return H.section(.class("card"), .aria("labelledby", "recent")) {
            H.h2(.id("recent")) { l.text("ss.enclosure.recent") }
            if readings.isEmpty {
                H.p(.class("empty")) { l.text("ss.enclosure.no_recent") }
            } else {
                Components.tableScroll(label: l.text("ss.enclosure.recent")) {
                    H.table {
                        H.thead {
                            H.tr {
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.at_label") }
                                H.th(Attribute("scope", "col")) { l.text("ss.sensor.one") }
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.temperature_label") }
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.humidity_label") }
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.heat_label") }
                            }
                        }
                        H.tbody {
                            HTMLBuilder.join(readings.map { row in
                                H.tr {
                                    H.td { ShelterFormat.moment(row.reading.at, l.time(row.reading.at), l) }
                                    H.td { names[row.sensorID] ?? "" }
                                    H.td { ShelterFormat.temperature(row.reading.temperature, person.unit, l) }
                                    H.td { ShelterFormat.percent(row.reading.humidity, l) }
                                    H.td { ShelterFormat.band(row.reading.heatStressBand, l) }
                                }
                            })
                        }
                    }
                }
            }
        }
    }
}
