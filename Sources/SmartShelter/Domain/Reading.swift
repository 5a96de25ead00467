import Foundation
import Kernel

/// One measurement of a sensor at the device's time: temperature in °C, humidity, and the
/// water and food levels in percent; the heat-stress index is worked out on arrival.
public struct Reading: Sendable, Equatable {
    public var at: Date
    public var temperature: Double
    public var humidity: Double
    public var waterLevel: Double?
    public var foodLevel: Double?
    /// The device's own battery (percent) and radio signal (dBm), if it reports them: kept
    /// on the sensor, not with each reading.
    public var battery: Double?
    public var signal: Double?

    public init(at: Date, temperature: Double, humidity: Double, waterLevel: Double? = nil, foodLevel: Double? = nil,
                battery: Double? = nil, signal: Double? = nil) {
        self.at = at
        self.temperature = temperature
        self.humidity = humidity
        self.waterLevel = waterLevel
        self.foodLevel = foodLevel
        self.battery = battery
        self.signal = signal
    }

    /// Whether the device said anything of its battery or signal.
    public var reportsPower: Bool { battery != nil || signal != nil }

    public var heatStressIndex: Double { HeatStress.index(celsius: temperature, humidity: humidity) }
    public var heatStressBand: HeatStress.Band { HeatStress.Band(index: heatStressIndex) }

    /// What a device can measure: the DHT22's range (−40…80 °C, 0–100 %) and levels in percent.
    public static let temperatureRange = -40.0...80.0
    public static let percentRange = 0.0...100.0
    /// A radio signal in dBm: from the weakest a receiver hears to a transmitter beside it.
    public static let signalRange = -150.0...0.0
    /// A device's clock may run a little ahead of the server's; more than this is refused.
    public static let allowedClockAhead: TimeInterval = 5 * 60

    /// Why the reading cannot be stored, if it cannot: a `ss.reading.*` key.
    public func refusal(now: Date, oldest: Date) -> String? {
        guard temperature.isFinite, Self.temperatureRange.contains(temperature) else { return "ss.reading.temperature" }
        guard humidity.isFinite, Self.percentRange.contains(humidity) else { return "ss.reading.humidity" }
        if let waterLevel, !(waterLevel.isFinite && Self.percentRange.contains(waterLevel)) { return "ss.reading.water" }
        if let foodLevel, !(foodLevel.isFinite && Self.percentRange.contains(foodLevel)) { return "ss.reading.food" }
        if let battery, !(battery.isFinite && Self.percentRange.contains(battery)) { return "ss.reading.battery" }
        if let signal, !(signal.isFinite && Self.signalRange.contains(signal)) { return "ss.reading.signal" }
        if at > now.addingTimeInterval(Self.allowedClockAhead) { return "ss.reading.future" }
        if at < oldest { return "ss.reading.too_old" }
        return nil
    }
}

/// A reading as stored, with its sensor.
public struct StoredReading: Sendable {
    public let sensorID: UUID
    public let reading: Reading
    public let thi: Double
}
