import Foundation
import Kernel
import Testing
@testable import SmartShelter

extension ShelterTests {
    /// The original's date colours: in Ukrainian, red in summer (daylight-saving) time and
    /// blue in winter (standard) time, in the person's zone, with the season in words.
    @Suite("Formats")
    struct FormatTests {
        func localizer(_ language: Language, _ zone: String) -> Localizer {
            Localizer(language: language, timeZone: TimeZone(identifier: zone)!, catalogs: [KernelStrings.catalog, ShelterStrings.catalog])
        }

        @Test("a July moment in Kyiv is summer time (red), a January one winter time (blue), both said in words")
        func seasons() {
            let july = Date(timeIntervalSince1970: 1_782_900_000)  // 2026-07-01
            let january = Date(timeIntervalSince1970: 1_767_300_000)  // 2026-01-01
            let uk = localizer(.uk, "Europe/Kyiv")
            let summer = ShelterFormat.moment(july, "01.07.2026", uk).rendered
            let winter = ShelterFormat.moment(january, "01.01.2026", uk).rendered
            #expect(summer.contains("class=\"dst-summer\"") && summer.contains("літній час") && summer.contains("01.07.2026"))
            #expect(winter.contains("class=\"dst-winter\"") && winter.contains("зимовий час"))
            #expect(summer.contains("datetime=\"2026-07-01"))
        }

        @Test("in English, and where a zone keeps no summer time, there is no colour to give")
        func noColour() {
            let july = Date(timeIntervalSince1970: 1_782_900_000)
            #expect(!ShelterFormat.moment(july, "1 July", localizer(.en, "Europe/Kyiv")).rendered.contains("dst-"))
            #expect(ShelterFormat.moment(july, "01.07.2026", localizer(.uk, "Asia/Tokyo")).rendered.contains("dst-winter"))
        }
    }
}
