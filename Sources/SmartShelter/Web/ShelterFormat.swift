import Foundation
import Kernel

/// An alarm's cause in words, temperatures in the reader's unit (the page's person, or °C
/// in mail and push, which go to many).
enum AlarmText {
    static func describe(_ alarm: Alarm, unit: TemperatureUnit, _ l: Localizer) -> String {
        guard let value = alarm.value else { return l.text("ss.alarm.describe.\(alarm.kind)", ["value": ""]) }
        let shown: String = switch alarm.alarmKind {
        case .tooHot, .tooCold, .durationHot, .durationCold: ShelterFormat.temperature(value, unit, l)
        case .humidity, .water, .foodNotEaten, .notRefilled: ShelterFormat.percent(value, l)
        case .heatStress: l.number(value, fractionDigits: 0)
        case .silence: l.duration(minutes: Int(value / 60))
        }
        return l.text("ss.alarm.describe.\(alarm.kind)", ["value": shown])
    }
}

/// Temperatures in the person's unit, and other numbers as the staff read them.
enum ShelterFormat {
    /// A moment as the original showed it: in Ukrainian, blue when it falls in winter
    /// (standard) time and red in summer (daylight-saving) time in the person's zone, with
    /// the season also in words for screen readers (colour alone tells no one who cannot
    /// see it); in English, plain. `text` is how the moment is written (a time, a date).
    static func moment(_ date: Date, _ text: String, _ l: Localizer) -> HTML {
        let stamp = H.time(Attribute("datetime", date.ISO8601Format())) { text }
        guard l.language == .uk else { return stamp }
        let summer = l.timeZone.isDaylightSavingTime(for: date)
        return H.span(.class(summer ? "dst-summer" : "dst-winter")) {
            stamp
            H.span(.class("visually-hidden")) { " (" + l.text(summer ? "ss.time.summer" : "ss.time.winter") + ")" }
        }
    }

    static func temperature(_ celsius: Double, _ unit: TemperatureUnit, _ l: Localizer) -> String {
        l.number(unit.value(ofCelsius: celsius), fractionDigits: 1) + " " + unit.symbol
    }

    static func percent(_ value: Double, _ l: Localizer) -> String {
        l.number(value, fractionDigits: 0) + " %"
    }

    /// «Батарея 87 % · сигнал −71 дБм»: what the device last said of itself, nil if nothing.
    static func power(of sensor: Sensor, _ l: Localizer) -> String? {
        let battery = sensor.batteryPercent.map { percent($0, l) }
        // A real minus sign, as in the rest of the shelter's numbers.
        let signal = sensor.signalDBm.map { l.text("ss.sensor.dbm", ["value": l.number($0, fractionDigits: 0).replacingOccurrences(of: "-", with: "−")]) }
        switch (battery, signal) {
        case let (battery?, signal?): return l.text("ss.sensor.power", ["battery": battery, "signal": signal])
        case let (battery?, nil): return l.text("ss.sensor.battery_only", ["battery": battery])
        case let (nil, signal?): return l.text("ss.sensor.signal_only", ["signal": signal])
        case (nil, nil): return nil
        }
    }

    /// "2,5 кг": a quantity with its unit.
    static func quantity(_ quantity: Quantity, _ unit: String, _ l: Localizer) -> String {
        l.number(quantity.value, fractionDigits: 3) + " " + unit
    }

    static func band(_ band: HeatStress.Band, _ l: Localizer) -> String {
        l.text("ss.heat.\(band.rawValue)")
    }
}
