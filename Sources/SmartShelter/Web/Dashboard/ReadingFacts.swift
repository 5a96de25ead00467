import Foundation
import Kernel

/// A reading's values in the person's unit, with the heat-stress band in words.
struct ReadingFacts {
    let reading: Reading
    let unit: TemperatureUnit
    let c: ViewContext

    var html: HTML {
        let l = c.localizer
        let band = reading.heatStressBand
        return H.dl(.class("reading-facts")) {
            H.div { H.dt { l.text("ss.reading.temperature_label") }; H.dd { ShelterFormat.temperature(reading.temperature, unit, l) } }
            H.div { H.dt { l.text("ss.reading.humidity_label") }; H.dd { ShelterFormat.percent(reading.humidity, l) } }
            H.div {
                H.dt { l.text("ss.reading.heat_label") }
                H.dd(.class("heat heat-\(band.rawValue)")) { "\(l.number(reading.heatStressIndex, fractionDigits: 0)) · \(ShelterFormat.band(band, l))" }
            }
            if let water = reading.waterLevel { H.div { H.dt { l.text("ss.reading.water_label") }; H.dd { ShelterFormat.percent(water, l) } } }
            if let food = reading.foodLevel { H.div { H.dt { l.text("ss.reading.food_label") }; H.dd { ShelterFormat.percent(food, l) } } }
            H.div { H.dt { l.text("ss.reading.at_label") }; H.dd { ShelterFormat.moment(reading.at, l.dateTime(reading.at), l) } }
        }
    }
}
