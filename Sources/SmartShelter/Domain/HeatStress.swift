import Foundation

/// Heat stress as the temperature–humidity index of NRC (1971), the index the Livestock
/// Weather Safety Index bands — not the original device's formula, which reported
/// "moderate stress" at 0 °C (spec A, "The heat-stress formula").
public enum HeatStress {
    /// THI = (1.8·T + 32) − (0.55 − 0.0055·RH)·(1.8·T − 26), T in °C, RH in %.
    public static func index(celsius t: Double, humidity rh: Double) -> Double {
        (1.8 * t + 32) - (0.55 - 0.0055 * rh) * (1.8 * t - 26)
    }

    /// The Livestock Weather Safety Index's bands: below 75 normal, 75–78 alert, 79–83
    /// danger, 84 and above emergency. The bands are of whole numbers, so the index is
    /// rounded first (83.97 is 84, an emergency), as the index is shown.
    public enum Band: String, Sendable, CaseIterable, Codable, Comparable {
        case normal, alert, danger, emergency

        public init(index: Double) {
            switch index.rounded() {
            case ..<75: self = .normal
            case ..<79: self = .alert
            case ..<84: self = .danger
            default: self = .emergency
            }
        }

        /// Where alert, danger and emergency begin (the `init(index:)` above).
        public static let thresholds: [Double] = [75, 79, 84]

        public static func < (a: Band, b: Band) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }
}

/// A temperature in the unit a person chose.
public enum TemperatureUnit: String, Sendable, CaseIterable, Codable {
    case celsius = "c"
    case fahrenheit = "f"

    public func value(ofCelsius c: Double) -> Double {
        self == .celsius ? c : c * 9 / 5 + 32
    }

    public var symbol: String { self == .celsius ? "°C" : "°F" }
}
