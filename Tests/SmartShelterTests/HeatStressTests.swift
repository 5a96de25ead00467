import Foundation
import Testing
@testable import SmartShelter

extension ShelterTests {
    /// The temperature–humidity index of NRC (1971) against the spec's published values,
    /// and the Livestock Weather Safety Index's bands at their edges.
    @Suite("Heat stress")
    struct HeatStressTests {
        @Test("THI matches the published values", arguments: [(0.0, 60.0, 37.7), (20, 50, 65.2), (30, 70, 81.4)])
        func published(celsius: Double, humidity: Double, expected: Double) {
            #expect(abs(HeatStress.index(celsius: celsius, humidity: humidity) - expected) < 0.05)
        }

        @Test("the seed's formula is gone: 0 °C at 60 % is no stress at all")
        func freezingIsNotStress() {
            // The original's 0.72·T + 0.5·H − 0.002·T·H + 40.6 gave 70.6, "moderate stress".
            #expect(HeatStress.Band(index: HeatStress.index(celsius: 0, humidity: 60)) == .normal)
        }

        @Test("bands: below 75 normal, 75–78 alert, 79–83 danger, 84 and above emergency, of the index rounded as shown")
        func bands() {
            let cases: [(Double, HeatStress.Band)] = [(74.4, .normal), (74.5, .alert), (75, .alert), (78.4, .alert), (78.5, .danger),
                                                      (79, .danger), (83.4, .danger), (83.97, .emergency), (84, .emergency), (95, .emergency)]
            for (index, band) in cases { #expect(HeatStress.Band(index: index) == band, "\(index)") }
            #expect(HeatStress.Band.normal < .alert && HeatStress.Band.danger < .emergency)
        }

        @Test("temperatures in °F for those who chose them")
        func fahrenheit() {
            #expect(TemperatureUnit.fahrenheit.value(ofCelsius: 0) == 32)
            #expect(abs(TemperatureUnit.fahrenheit.value(ofCelsius: 29.5) - 85.1) < 1e-9)
            #expect(TemperatureUnit.celsius.value(ofCelsius: 7.2) == 7.2)
        }
    }
}
