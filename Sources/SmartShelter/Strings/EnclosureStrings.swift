/// Smart Shelter's texts for the enclosures on one screen: the dashboard's alarm summary,
/// an enclosure's animals and meals, an animal's moves between enclosures, sensor batteries.
enum EnclosureStrings {
    static let uk: [String: String] = [
        "ss.dashboard.alarms_closed_today": "Відкритих тривог немає · закриті за добу",
        "ss.dashboard.alarms_untaken": "ще ніхто не взявся: {count}",
        "ss.enclosure.alarms_closed": "Тривоги за добу (закриті)",
        "ss.enclosure.animals": "Тварини ({count})",
        "ss.enclosure.no_animals": "У вольєрі зараз немає тварин.",
        "ss.enclosure.meals_today": "Годування сьогодні",
        "ss.enclosure.no_meals": "На сьогодні годувань тут не заплановано.",
        "ss.enclosure.to_feeding": "Відкрити годування",
        "ss.animal.moves": "Переміщення між вольєрами",
        "ss.animal.move_between": "{from} → {to}",
        "ss.animal.move_in": "поселено: {to}",
        "ss.animal.move_out": "виведено з вольєра «{from}»",
        "ss.animal.move_unknown": "невідомий вольєр",
    ]

    static let en: [String: String] = [
        "ss.dashboard.alarms_closed_today": "No open alarms · closed in the last day",
        "ss.dashboard.alarms_untaken": "nobody on it yet: {count}",
        "ss.enclosure.alarms_closed": "Alarms of the last day (closed)",
        "ss.enclosure.animals": "Animals ({count})",
        "ss.enclosure.no_animals": "No animals live here now.",
        "ss.enclosure.meals_today": "Meals today",
        "ss.enclosure.no_meals": "No meals planned here today.",
        "ss.enclosure.to_feeding": "Open the feeding round",
        "ss.animal.moves": "Moves between enclosures",
        "ss.animal.move_between": "{from} → {to}",
        "ss.animal.move_in": "moved in: {to}",
        "ss.animal.move_out": "moved out of «{from}»",
        "ss.animal.move_unknown": "unknown enclosure",
    ]
}
