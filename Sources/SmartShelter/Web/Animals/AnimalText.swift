import Foundation
import Kernel

/// How an animal's facts read.
enum AnimalText {
    /// "Собака · лабрадор · самець".
    static func kind(_ animal: Animal, _ l: Localizer) -> String {
        [l.text("ss.species.\(animal.species)"), animal.breed, l.text("ss.sex.\(animal.sex)")].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// Where an animal that left went, agreeing with its sex in Ukrainian: «Прилаштований у
    /// родину» for a male, «Прилаштована» for a female, and the neutral wording («тварина»,
    /// feminine) when it is not known.
    static func status(_ animal: Animal, _ l: Localizer) -> String {
        let gendered = "ss.animal.status.\(animal.status).\(animal.sex)"
        let text = l.text(gendered)
        return text == gendered ? l.text("ss.animal.status.\(animal.status)") : text
    }

    static func weight(_ grams: Int, _ l: Localizer) -> String {
        l.text("ss.animal.kg", ["value": l.number(Double(grams) / 1000, fractionDigits: grams % 1000 == 0 ? 0 : grams % 100 == 0 ? 1 : grams % 10 == 0 ? 2 : 3)])
    }

    static func day(_ day: LocalDay, _ l: Localizer) -> String {
        l.date(day.start(in: l.timeZone))
    }
}
