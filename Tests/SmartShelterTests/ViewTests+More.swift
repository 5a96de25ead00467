import Foundation
import HromadaTesting
import Kernel
@testable import SmartShelter
import Testing

/// The rest of the views without a server (`ViewTests.swift` holds the fixtures).
extension ShelterTests.ViewTests {
    // MARK: Chart

    /// A day's chart from 18:00 yesterday (Kyiv) to now, with readings in its last two hours.
    static let chartStart = Date(timeIntervalSince1970: 1_789_916_400)  // 2026-09-20 15:00 UTC

    static func chart(_ range: ChartRange, spans: Bool = true) -> EnclosureChart {
        let earlier = Rollup(start: chartStart.addingTimeInterval(22 * 3600), count: 2, minTemperature: 22, maxTemperature: 27, sumTemperature: 49,
                             minHumidity: 45, maxHumidity: 55, sumHumidity: 104, maxHeatStress: 72.4, minWater: 60, minFood: nil)
        let later = Rollup(start: chartStart.addingTimeInterval(23 * 3600), reading: hot)
        return EnclosureChart(range: range, start: chartStart, spans: spans ? [earlier, later] : [])
    }

    @Test("an enclosure's day chart: the range switch on “Day”, both charts described in words, the table newest first, in English")
    func chartDay() throws {
        let page = ChartView(person: Self.person(.doctor), enclosure: Self.quarantine(), chart: Self.chart(.day), c: Self.context(.en)).page
        #expect(page.title == "Readings: Карантин" && page.tabs.map(\.isCurrent) == [true, false, false, false])
        let html = page.content.rendered
        let path = "/shelter/enclosures/e0c10000-0000-4000-8000-000000000001"
        #expect(html.contains(#"<p class="breadcrumb"><a href="\#(path)">Карантин</a></p><h1>Readings: Карантин</h1>"#))
        let ranges = try #require(html.firstMatch(of: /<nav class="range-switch" aria-label="Period">.*?<\/nav>/)).output
        #expect(ranges.contains(#"<a href="\#(path)/chart?range=day" class="button" aria-current="page">Day</a>"#))
        #expect(ranges.contains(#"<a href="\#(path)/chart?range=week" class="button">Week</a>"#))
        #expect(ranges.contains(#"<a href="\#(path)/chart?range=month" class="button">Month</a>"#))
        #expect(html.contains(#"<title id="chart-temperature-title">Temperature, °C</title><desc id="chart-temperature-desc">From 22 °C to 30 °C.</desc>"#))
        #expect(html.contains(#"<title id="chart-humidity-title">Humidity, %</title><desc id="chart-humidity-desc">From 45 % to 55 %.</desc>"#))
        // Titles and legends are visible, not only for screen readers; the heat-stress chart
        // draws its bands' thresholds.
        #expect(html.contains(#"<figcaption><strong class="chart-title">Temperature, °C</strong><ul class="chart-legend">"#))
        #expect(html.contains(#"<span class="swatch swatch-band" aria-hidden="true"></span>lowest – highest</li>"#))
        #expect(html.contains("<title id=\"chart-heat-title\">Heat stress (THI), highest over the period</title><desc id=\"chart-heat-desc\">Highest index 78: alert.</desc>"))
        #expect(html.contains("<title>alert</title>") && html.contains("thresholds: alert from 75, danger from 79, emergency from 84"))
        // The target range as guide lines, the hours under the chart from 18:00 yesterday.
        #expect(html.contains("<title>Lowest temperature, °C</title>") && html.contains("<title>Highest humidity, %</title>"))
        #expect(html.contains(#"text-anchor="middle">18:00</text>"#) && html.contains(#"text-anchor="middle">12:00</text>"#))
        #expect(html.contains(#"<polyline class="line mean" points="#) && html.contains(#"<polyline class="line mean humidity" points="#))
        let table = try #require(html.firstMatch(of: /<div class="table-scroll" tabindex="0" role="region" aria-label="Readings by period">.*?<\/div>/)).output
        #expect(table.contains(#"<th scope="col">Time</th><th scope="col">Temperature: mean (min – max)</th><th scope="col">Humidity, mean</th><th scope="col">THI, highest</th>"#))
        #expect(table.contains("<tbody><tr><td>17:00</td><td>30 °C (30 °C – 30 °C)</td><td>50 %</td><td>78 · alert</td></tr>"
            + "<tr><td>16:00</td><td>24.5 °C (22 °C – 27 °C)</td><td>52 %</td><td>72 · normal</td></tr></tbody>"))
    }

    @Test("a week's chart in Ukrainian and °F for one who chose it, and an empty month that says so without charts")
    func chartWeekUkrainian() throws {
        let storekeeper = Self.person(.storekeeper, unit: .fahrenheit)
        let html = ChartView(person: storekeeper, enclosure: Self.quarantine(), chart: Self.chart(.week), c: Self.context(.uk)).page.content.rendered
        #expect(html.contains(#"aria-current="page">Тиждень</a>"#) && !html.contains(#"aria-current="page">День"#))
        #expect(html.contains("<title id=\"chart-temperature-title\">Температура, °F</title>"))
        #expect(html.contains("<desc id=\"chart-temperature-desc\">Від 71,6 °F до 86 °F.</desc>"))
        // The guide lines are drawn in °F and say so.
        #expect(html.contains("<title>Найнижча температура, °F</title>") && html.contains("<title>Найвища температура, °F</title>"))
        #expect(!html.contains("°C"))
        let rows = try #require(html.firstMatch(of: /<tbody>.*?<\/tbody>/)).output
        #expect(rows.contains("<tr><td>21.09.2026 17:00</td><td>86 °F (86 °F – 86 °F)</td><td>50 %</td><td>78 · увага</td></tr>"))
        #expect(rows.contains("<td>76,1 °F (71,6 °F – 80,6 °F)</td><td>52 %</td><td>72 · норма</td>"))
        let empty = ChartView(person: storekeeper, enclosure: Self.quarantine(), chart: Self.chart(.month, spans: false), c: Self.context(.uk))
            .page.content.rendered
        #expect(empty.contains(#"<p class="empty">За цей період показників немає.</p>"#) && empty.contains(#"aria-current="page">Місяць</a>"#))
        #expect(!empty.contains("<svg") && !empty.contains("<table"))
    }

    // MARK: Settings

    @Test("the director's settings: the form filled from the account, on duty to choose, the running links, and signing out, in English")
    func settingsDirector() throws {
        let director = Self.person(.director, onDuty: true)
        let page = SettingsView(person: director, form: SettingsView.form(director), c: Self.context(.en)).page
        #expect(page.title == "Settings" && page.tabs.map(\.isCurrent) == [false, false, false, true] && page.status == .ok)
        let html = page.content.rendered
        #expect(html.contains("<p>director@example.com · <strong>Director</strong></p>"))
        let form = try #require(html.firstMatch(of: /<form method="post" action="\/shelter\/settings">.*?<\/form>/)).output
        #expect(form.contains(#"<input type="hidden" name="_csrf" value="token-789">"#))
        #expect(form.contains(#"<label for="field-name">Full name</label><input id="field-name" name="name" type="text" value="Оксана""#))
        #expect(form.contains(#"<label for="field-language">Language</label>"#) && form.contains(#"<option value="uk" selected>Українська</option>"#))
        #expect(form.contains(#"<label for="field-temperatureUnit">Temperatures in</label>"#) && form.contains(#"<option value="c" selected>degrees Celsius (°C)</option>"#))
        #expect(form.contains(#"<label for="field-timeZone">Time zone</label>"#) && form.contains(#"<option value="Europe/Kyiv" selected>Europe/Kyiv</option>"#))
        #expect(form.contains(#"<label for="field-onDuty">I am on duty</label>"#) && form.contains(#"<option value="true" selected>Yes — send me the alarms</option>"#))
        #expect(form.contains(#"<button type="submit" class="button button-primary">Save</button>"#))
        let running = try #require(html.firstMatch(of: /<section class="card" aria-labelledby="running">.*?<\/section>/)).output
        #expect(running.contains(#"<h2 id="running">Running the shelter</h2>"#))
        #expect(running.contains(#"<a href="/shelter/staff">Staff</a>"#) && running.contains(#"<a href="/shelter/audit">The trail of every change</a>"#))
        #expect(running.contains(#"<a href="/shelter/backup">Download a backup</a>"#) && !running.contains("download="))
        #expect(html.contains(#"<a href="/shelter/account/password">Change the password</a>"#) && html.contains(#"<a href="/shelter/account/delete">Delete the account</a>"#))
        #expect(html.contains(#"<form method="post" action="/shelter/logout"><input type="hidden" name="_csrf" value="token-789"><button class="button button-block" type="submit">Sign out</button></form>"#))
    }

    @Test("the storekeeper's settings sent back in Ukrainian with an empty name: the error beside it, what they typed kept, no duty, no running links")
    func settingsStorekeeperInvalid() {
        let storekeeper = Self.person(.storekeeper)
        let form = FormState(values: ["name": "", "language": "en", "temperatureUnit": "f", "timeZone": "Europe/Warsaw"],
                             errors: [FieldError(field: "name", key: "validation.required")])
        let page = SettingsView(person: storekeeper, form: form, status: .unprocessableEntity, c: Self.context(.uk)).page
        #expect(page.title == "Налаштування" && page.status == .unprocessableEntity)
        let html = page.content.rendered
        #expect(html.contains("<p>storekeeper@example.com · <strong>Комірник</strong></p>"))
        #expect(html.contains(##"<div class="flash flash-error error-summary" role="alert" tabindex="-1" data-error-summary=""><p>Виправте, будь ласка:</p><ul><li><a href="#field-name">Заповніть це поле.</a></li></ul></div>"##))
        #expect(html.contains(#"<div class="field field-invalid"><label for="field-name">Ім’я та прізвище</label><p class="field-error" id="field-name-error">Заповніть це поле.</p>"#))
        #expect(html.contains(#"aria-invalid="true" aria-describedby="field-name-error""#))
        #expect(html.contains(#"<option value="en" selected>English</option>"#) && html.contains(#"<option value="f" selected>градусах Фаренгейта (°F)</option>"#))
        #expect(html.contains(#"<option value="Europe/Warsaw" selected>Europe/Warsaw</option>"#))
        #expect(html.contains(">Зберегти</button>") && html.contains(">Вийти</button>"))
        #expect(!html.contains(#"name="onDuty""#) && !html.contains("Я на зміні"))
        #expect(!html.contains(#"aria-labelledby="running""#) && !html.contains("/shelter/backup") && !html.contains("/shelter/staff"))
    }

    // MARK: Password confirmation

    @Test("the password confirmation: why it is asked, the password field, and where it goes next, in English")
    func confirmPassword() throws {
        let page = ConfirmPasswordView(person: Self.person(.director), target: .page(next: "/shelter/animals/new"), form: FormState(), c: Self.context(.en)).page
        #expect(page.title == "Confirm your password" && page.tabs.map(\.isCurrent) == [false, false, false, false])
        let html = page.content.rendered
        #expect(html.contains("<h1>Confirm your password</h1><p>A director&#39;s changes need the password again. The confirmation holds for 5 minutes on this device.</p>"))
        let form = try #require(html.firstMatch(of: /<form method="post" action="\/shelter\/confirm">.*?<\/form>/)).output
        #expect(form.hasPrefix(#"<form method="post" action="/shelter/confirm"><input type="hidden" name="_csrf" value="token-789"><input type="hidden" name="next" value="/shelter/animals/new">"#))
        #expect(form.contains(#"<label for="field-password">Password</label><input id="field-password" name="password" type="password" autocomplete="current-password""#))
        #expect(form.contains(#"<button type="submit" class="button button-primary">Confirm</button>"#))
        #expect(!html.contains("flash-error"))
    }

    @Test("a wrong password in Ukrainian: said beside the field, and what was typed is not sent back")
    func confirmPasswordWrong() {
        let form = FormState(values: ["password": "не-той-пароль"], errors: [FieldError(field: "password", key: "auth.wrong_password")])
        let page = ConfirmPasswordView(person: Self.person(.director), target: .page(next: "/shelter/staff"), form: form, status: .unprocessableEntity,
                                       c: Self.context(.uk)).page
        #expect(page.title == "Підтвердьте пароль" && page.status == .unprocessableEntity)
        let html = page.content.rendered
        #expect(html.contains("Зміни директора потребують пароля ще раз. Підтвердження діє 5 хвилин на цьому пристрої."))
        #expect(html.contains(#"<label for="field-password">Пароль</label><p class="field-error" id="field-password-error">Поточний пароль неправильний.</p>"#))
        #expect(html.contains(#"<input type="hidden" name="next" value="/shelter/staff">"#) && html.contains(">Підтвердити</button>"))
        #expect(!html.contains("не-той-пароль"))
    }

    @Test("in place of a form: the form's fields kept, its own address, the password added, and the change said not to be saved yet")
    func confirmPasswordInPlace() throws {
        let target = ConfirmPasswordView.Target.form(action: "/shelter/staff/42/role", carried: ["role": "doctor", "note": "<b>"], back: "/shelter/staff")
        let page = ConfirmPasswordView(person: Self.person(.director), target: target, form: FormState(), status: .forbidden, c: Self.context(.uk)).page
        #expect(page.status == .forbidden)
        let html = page.content.rendered
        #expect(html.contains("Зміну ще не збережено"))
        let form = try #require(html.firstMatch(of: /<form method="post" action="\/shelter\/staff\/42\/role">.*?<\/form>/)).output
        #expect(form.contains(#"<input type="hidden" name="note" value="&lt;b&gt;"><input type="hidden" name="role" value="doctor">"#))
        #expect(form.contains(#"name="confirm_password" type="password" autocomplete="current-password""#))
        #expect(form.contains(">Підтвердити й зберегти</button>") && !form.contains(#"name="next""#))
        #expect(html.contains(#"<a href="/shelter/staff">Скасувати зміну</a>"#))
    }

    // MARK: Welcome

    @Test("the welcome page, to anyone: what the app is and the two ways in, in both languages, with no tabs")
    func welcome() {
        let en = WelcomeView(c: Self.context(.en, path: "/shelter")).page
        #expect(en.title == "Smart Shelter — an animal shelter" && en.tabs.isEmpty)
        let html = en.content.rendered
        #expect(html.contains(#"<section class="welcome card"><h1>Smart Shelter — an animal shelter</h1>"#))
        #expect(html.contains(#"<p class="lead">Enclosures watched by sensors: temperature, humidity, water and food, heat stress. Staff with roles, and a trail of every change.</p>"#))
        #expect(html.contains(#"<a class="button button-primary button-block" href="/shelter/login">Sign in</a>"#))
        #expect(html.contains(#"<a class="button button-block" href="/shelter/signup">Sign up as staff</a>"#))
        let uk = WelcomeView(c: Self.context(.uk, path: "/shelter")).page
        #expect(uk.title == "Smart Shelter — притулок для тварин")
        #expect(uk.content.rendered.contains(#"href="/shelter/login">Увійти</a>"#) && uk.content.rendered.contains(#"href="/shelter/signup">Зареєструватися як працівник</a>"#))
    }

    // MARK: New animal

    @Test("the intake form as it first opens: each field labelled, today's date, sex unknown, no enclosure by default, in English")
    func newAnimal() throws {
        let page = NewAnimalView(person: Self.person(.doctor), form: FormState(values: ["intakeOn": "2026-09-21", "sex": "unknown"]),
                                 enclosures: [(Self.quarantineID.uuidString.lowercased(), "Карантин")], c: Self.context(.en)).page
        #expect(page.title == "Take an animal in" && page.tabs.map(\.isCurrent) == [false, true, false, false])
        let html = page.content.rendered
        #expect(html.contains(#"<p class="breadcrumb"><a href="/shelter/animals">Animals</a></p><h1>Take an animal in</h1>"#))
        let form = try #require(html.firstMatch(of: /<form method="post" action="\/shelter\/animals">.*?<\/form>/)).output
        #expect(form.contains(#"<input type="hidden" name="_csrf" value="token-789">"#))
        #expect(form.contains(#"<label for="field-name">Name</label><input id="field-name" name="name" type="text" maxlength="80" required>"#))
        #expect(form.contains(#"<label for="field-species">Species</label><select id="field-species" name="species" required><option value="" selected>— Choose —</option><option value="dog">Dog</option>"#))
        #expect(form.contains(#"<option value="unknown" selected>sex unknown</option>"#))
        #expect(form.contains(#"<label for="field-birthEstimated">The date of birth is</label>"#) && form.contains(#"<option value="true">estimated</option>"#))
        #expect(form.contains(#"<label for="field-intakeOn">Intake date</label><input id="field-intakeOn" name="intakeOn" type="date" value="2026-09-21" required>"#))
        #expect(form.contains(#"<label for="field-intakeReason">From where and why</label><textarea id="field-intakeReason" name="intakeReason""#))
        #expect(form.contains(#"<label for="field-enclosureId">Enclosure</label><select id="field-enclosureId" name="enclosureId"><option value="" selected>No enclosure</option><option value="e0c10000-0000-4000-8000-000000000001">Карантин</option></select>"#))
        #expect(form.contains(#"<label for="field-weight">Weight, kg</label><input id="field-weight" name="weight" type="text" inputmode="decimal""#))
        #expect(form.hasSuffix(#"<button type="submit" class="button button-primary">Take in</button></form>"#))
    }

    @Test("the intake form sent back in Ukrainian: what was typed kept, the chosen enclosure still chosen, the error beside it")
    func newAnimalInvalid() {
        let values = ["name": "Рекс", "species": "dog", "sex": "male", "intakeOn": "2026-09-21", "intakeReason": "знайшли біля траси",
                      "enclosureId": Self.quarantineID.uuidString.lowercased(), "weight": "24,5"]
        let form = FormState(values: values, errors: [FieldError(field: "enclosureId", key: "ss.error.enclosure_not_found")])
        let page = NewAnimalView(person: Self.person(.director), form: form, status: .unprocessableEntity,
                                 enclosures: [(Self.quarantineID.uuidString.lowercased(), "Карантин")], c: Self.context(.uk)).page
        #expect(page.title == "Прийняти тварину" && page.status == .unprocessableEntity)
        let html = page.content.rendered
        #expect(html.contains(##"<div class="flash flash-error error-summary" role="alert" tabindex="-1" data-error-summary=""><p>Виправте, будь ласка:</p><ul><li><a href="#field-enclosureId">Такого вольєра немає.</a></li></ul></div>"##))
        #expect(html.contains(#"<label for="field-name">Кличка</label><input id="field-name" name="name" type="text" value="Рекс""#))
        #expect(html.contains(#"<option value="dog" selected>Собака</option>"#) && html.contains(#"<option value="male" selected>самець</option>"#))
        #expect(html.contains(">знайшли біля траси</textarea>"))
        #expect(html.contains(#"<label for="field-enclosureId">Вольєр</label><p class="field-error" id="field-enclosureId-error">Такого вольєра немає.</p>"#))
        #expect(html.contains(#"<option value="">Без вольєра</option><option value="e0c10000-0000-4000-8000-000000000001" selected>Карантин</option>"#))
        #expect(html.contains(#"name="weight" type="text" value="24,5""#) && html.contains(">Прийняти</button>"))
    }

    // MARK: Sensor key

    @Test("a new sensor key, shown once: the sensor's id and key, how a device sends a reading with them (the real address), copy buttons, and the way back, in English")
    func sensorKey() throws {
        let issued = IssuedSensorKey(sensor: Self.sensor(), key: "ssk_3f9a<&>")
        let page = SensorKeyView(person: Self.person(.director), issued: issued, server: "https://shelter.example", apiPath: SmartShelter.descriptor.apiPath, now: Self.now,
                                 c: Self.context(.en)).page
        #expect(page.title == "The sensor's key" && page.tabs.map(\.isCurrent) == [true, false, false, false])
        let html = page.content.rendered
        #expect(html.contains("<p>The key of “Датчик 1” is shown only now: put it into the device. If it is lost, issue a new one.</p>"))
        #expect(html.contains("<dt>Sensor id</dt><dd><code>5e000000-0000-4000-8000-000000000001</code></dd>"))
        #expect(html.contains(#"<dt>Key</dt><dd><code class="secret" id="sensor-key">ssk_3f9a&lt;&amp;&gt;</code></dd>"#))
        let example = try #require(html.firstMatch(of: /<pre class="example"><code id="sensor-example">.*?<\/code><\/pre>/.dotMatchesNewlines())).output
        #expect(example.contains("curl -X POST &quot;https://shelter.example/shelter/api/v1/sensors/5e000000-0000-4000-8000-000000000001/readings&quot;"))
        #expect(html.contains(#"data-copy="sensor-key" data-copied="Copied""#) && html.contains(">Copy the key</button>"))
        #expect(html.contains(#"data-copy="sensor-example""#) && html.contains(">Copy the example</button>"))
        #expect(example.contains("-H &quot;Authorization: Bearer ssk_3f9a&lt;&amp;&gt;&quot;"))
        #expect(example.contains("&quot;at&quot;: &quot;2026-09-21T14:13:20Z&quot;"))
        #expect(html.contains(#"<a class="button button-block" href="/shelter/enclosures/e0c10000-0000-4000-8000-000000000001">Done, the key is in the device</a>"#))
        #expect(!html.contains("<form"))
        let uk = SensorKeyView(person: Self.person(.director), issued: issued, server: "https://shelter.example", apiPath: SmartShelter.descriptor.apiPath, now: Self.now,
                               c: Self.context(.uk)).page
        #expect(uk.title == "Ключ датчика")
        #expect(uk.content.rendered.contains("Ключ датчика «Датчик 1» показано лише зараз: запишіть його в пристрій.")
            && uk.content.rendered.contains(">Готово, ключ записано</a>"))
    }

    @Test("where an animal went agrees with its sex in Ukrainian; unknown sex reads as «тварина»")
    func statusAgreesWithSex() {
        let l = Self.context(.uk).localizer
        func status(_ sex: Animal.Sex, _ status: Animal.Status) -> String {
            let animal = Animal()
            animal.sex = sex.rawValue
            animal.status = status.rawValue
            return AnimalText.status(animal, l)
        }
        #expect(status(.male, .adopted) == "Прилаштований у родину")
        #expect(status(.female, .adopted) == "Прилаштована в родину")
        #expect(status(.unknown, .adopted) == "Прилаштована в родину")
        #expect(status(.male, .dead) == "Помер" && status(.female, .returnedToOwner) == "Повернута власникові")
        #expect(AnimalText.status({ let a = Animal(); a.sex = "male"; a.status = "adopted"; return a }(), Self.context(.en).localizer) == "Adopted")
    }
}
