import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("Languages and formats")
    struct I18nTests {
        @Test("every catalog has every key, plural form and placeholder in both languages")
        func catalogsComplete() {
            for catalog in [KernelStrings.catalog, DemoApp().catalog] {
                #expect(catalog.problems() == [], "\(catalog.name)")
            }
        }

        @Test("the completeness check catches a missing key, a missing plural form and a placeholder mismatch")
        func checkerCatchesGaps() {
            let broken = Catalog(name: "broken", uk: [
                "only.uk": "Лише українською",
                "count#one": "{count} яблуко", "count#few": "{count} яблука",
                "greet": "Привіт, {name}",
            ], en: [
                "count#one": "{count} apple", "count#other": "{count} apples",
                "greet": "Hello, {person}",
            ])
            let problems = broken.problems()
            #expect(problems.contains("broken: 'only.uk' is missing in en"))
            #expect(problems.contains("broken: 'count' lacks plural form 'many' in uk"))
            #expect(problems.contains { $0.hasPrefix("broken: 'greet' has different placeholders") })
        }

        @Test("placeholders are filled in one pass; unknown ones and stray braces stay as written")
        func placeholders() {
            #expect(Localizer.fill("Hello, {name}!", with: ["name": "Олена"]) == "Hello, Олена!")
            #expect(Localizer.fill("{a}{b}{a}", with: ["a": "1", "b": "{a}"]) == "1{a}1")
            #expect(Localizer.fill("{missing} and {name}", with: ["name": "x"]) == "{missing} and x")
            #expect(Localizer.fill("open { brace", with: ["name": "x"]) == "open { brace")
            #expect(Localizer.fill("no placeholders", with: ["name": "x"]) == "no placeholders")
            #expect(Localizer.fill("{name}", with: [:]) == "{name}")
        }

        @Test("whole numbers below a thousand are written as Foundation writes them, in both languages; larger ones grouped")
        func smallNumbers() {
            for language in Language.allCases {
                let l = Localizer(language: language, catalogs: [])
                let differing = (0..<1000).filter { l.number($0) != $0.formatted(IntegerFormatStyle<Int>(locale: language.locale)) }
                #expect(differing.isEmpty, "\(language): \(differing.prefix(5))")
                #expect(l.number(-5) == (-5).formatted(IntegerFormatStyle<Int>(locale: language.locale)))
                #expect(l.number(12_345) == 12_345.formatted(IntegerFormatStyle<Int>(locale: language.locale)) && l.number(12_345).count == 6)
            }
        }

        @Test("Ukrainian plural forms follow CLDR")
        func plurals() {
            let forms = [1, 2, 5, 11, 12, 21, 22, 25, 111, 104].map { PluralForm.form(for: $0, in: .uk) }
            #expect(forms == [.one, .few, .many, .many, .many, .one, .few, .many, .many, .few])
            #expect(PluralForm.form(for: 1, in: .en) == .one)
            #expect(PluralForm.form(for: 0, in: .en) == .other)
            let l = Localizer(language: .uk, catalogs: [KernelStrings.catalog])
            #expect(l.plural("auth.throttled", count: 3) == "Забагато невдалих спроб входу. Спробуйте знову через 3 хвилини.")
            #expect(l.plural("auth.throttled_seconds", count: 21) == "Забагато невдалих спроб входу. Спробуйте знову через 21 секунду.")
            #expect(l.plural("auth.throttled_seconds", count: 45) == "Забагато невдалих спроб входу. Спробуйте знову через 45 секунд.")
        }

        @Test("Accept-Language picks our best language by quality, Ukrainian otherwise")
        func acceptLanguage() {
            #expect(Language.preferred(byAcceptLanguage: "en-US,en;q=0.9,uk;q=0.8") == .en)
            #expect(Language.preferred(byAcceptLanguage: "de-DE,uk;q=0.5,en;q=0.4") == .uk)
            #expect(Language.preferred(byAcceptLanguage: "de,fr") == nil)
            #expect(Language.preferred(byAcceptLanguage: "en;q=0,uk;q=0.1") == .uk)
        }

        @Test("a cookie beats Accept-Language; Accept-Language beats the default")
        func resolutionOrder() async throws {
            try await withDemo { app in
                let browser = TestBrowser(app)
                browser.acceptLanguage = "en-GB"
                let english = try await browser.get("/")
                #expect(english.text.contains(#"<html lang="en">"#))
                browser.setCookie("hromada_lang", "uk")
                let ukrainian = try await browser.get("/")
                #expect(ukrainian.text.contains(#"<html lang="uk">"#))
            }
        }

        @Test("dates, times and numbers are formatted per language and time zone")
        func formats() {
            // 2026-03-29 01:30 UTC is 04:30 in Kyiv: summer time began at 01:00 UTC that day.
            let moment = Date(timeIntervalSince1970: 1_774_747_800)
            let beforeSwitch = Date(timeIntervalSince1970: 1_774_744_200)
            let kyiv = TimeZone(identifier: "Europe/Kyiv")!
            let uk = Localizer(language: .uk, timeZone: kyiv, catalogs: [])
            let en = Localizer(language: .en, timeZone: kyiv, catalogs: [])
            #expect(uk.time(moment) == "04:30")
            #expect(uk.time(beforeSwitch) == "02:30")
            #expect(uk.date(moment) == "29.03.2026")
            #expect(en.date(moment) == "29/03/2026")
            #expect(uk.longDate(moment).contains("березня"))
            #expect(en.longDate(moment).contains("March"))
            let utc = Localizer(language: .en, timeZone: TimeZone(identifier: "UTC")!, catalogs: [])
            #expect(utc.time(moment) == "01:30")
            let newYork = Localizer(language: .en, timeZone: TimeZone(identifier: "America/New_York")!, catalogs: [])
            #expect(newYork.time(moment) == "21:30", "the evening before, in summer time (UTC−4)")
            #expect(utc.time(Date(timeIntervalSince1970: -90)) == "23:58", "before 1970 the minute still rounds down")
            #expect(uk.time(Date(timeIntervalSince1970: 1_774_735_500)) == "00:05")
            #expect(en.number(1234567) == "1,234,567")
            #expect(uk.number(1234567).filter(\.isNumber) == "1234567")
            #expect(uk.number(1234567) != "1234567", "Ukrainian groups digits")
            #expect(uk.number(2.5) == "2,5")
        }
    }
}
