/// Smart Shelter's texts for alarms and the dashboard: kinds, closing, escalation, enclosure summaries.
enum AlarmStrings {
    static let uk: [String: String] = [
        // Hot and cold apart, also for the four-hour rule.
        "ss.alarm.kind.too_hot": "надто жарко",
        "ss.alarm.kind.too_cold": "надто холодно",
        "ss.alarm.kind.duration_hot": "понад 4 години спеки, вище 29,5 °C",
        "ss.alarm.kind.duration_cold": "понад 4 години холоду, нижче 7,2 °C",
        "ss.alarm.describe.too_hot": "Температура {value} — вище за найвищу, задану для вольєра.",
        "ss.alarm.describe.too_cold": "Температура {value} — нижче за найнижчу, задану для вольєра.",
        "ss.alarm.describe.duration_hot": "Температура {value}, і вже понад 4 години поспіль вище 29,5 °C.",
        "ss.alarm.describe.duration_cold": "Температура {value}, і вже понад 4 години поспіль нижче 7,2 °C.",
        // Who did what, and when.
        "ss.alarm.state.closed_itself": "Закрилося само",
        "ss.alarm.state.past": "Уже минуло",
        "ss.alarm.someone": "хтось із персоналу",
        "ss.alarm.history.escalated": "За 15 хвилин ніхто не взявся: {time} повідомлено всіх директорів і лікарів.",
        "ss.alarm.history.acknowledged": "Хто взявся: {name}, {time}.",
        "ss.alarm.history.resolved": "Хто закрив: {name}, {time}.",
        "ss.alarm.history.closed_itself": "Повернулося в норму о {normal} і трималося 15 хвилин — закрилося само {time}.",
        "ss.alarm.history.past": "Показники надійшли від датчика пізніше, коли все вже минуло: повернулося в норму {time}. Записано для історії.",
        "ss.alarm.mail_escalated": "За 15 хвилин ніхто на зміні не взявся за цю тривогу, тому її надіслано всім директорам і лікарям.",
        "ss.audit.action.alarm.resolve_itself": "закрито тривогу — показники повернулися в норму",
    ]

    static let en: [String: String] = [
        "ss.alarm.kind.too_hot": "too hot",
        "ss.alarm.kind.too_cold": "too cold",
        "ss.alarm.kind.duration_hot": "over 29.5 °C for more than 4 hours",
        "ss.alarm.kind.duration_cold": "under 7.2 °C for more than 4 hours",
        "ss.alarm.describe.too_hot": "Temperature {value}, above the enclosure's highest.",
        "ss.alarm.describe.too_cold": "Temperature {value}, below the enclosure's lowest.",
        "ss.alarm.describe.duration_hot": "Temperature {value}, above 29.5 °C for more than 4 hours in a row.",
        "ss.alarm.describe.duration_cold": "Temperature {value}, below 7.2 °C for more than 4 hours in a row.",
        "ss.alarm.state.closed_itself": "Closed by itself",
        "ss.alarm.state.past": "Already over",
        "ss.alarm.someone": "someone on the staff",
        "ss.alarm.history.escalated": "Nobody took it in 15 minutes: every director and doctor was told {time}.",
        "ss.alarm.history.acknowledged": "Taken by {name}, {time}.",
        "ss.alarm.history.resolved": "Resolved by {name}, {time}.",
        "ss.alarm.history.closed_itself": "Back to normal at {normal} and stayed so for 15 minutes: closed by itself {time}.",
        "ss.alarm.history.past": "The sensor sent these readings late, when it was already over: back to normal {time}. Kept for the record.",
        "ss.alarm.mail_escalated": "Nobody on duty took this alarm in 15 minutes, so it has been sent to every director and doctor.",
        "ss.audit.action.alarm.resolve_itself": "closed an alarm — readings back to normal",
    ]
}
