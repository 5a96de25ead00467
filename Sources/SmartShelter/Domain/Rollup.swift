import Foundation

/// A sensor's readings summed over an hour or a day (UTC), or several sensors' over the
/// same span: what a chart point shows.
public struct Rollup: Sendable, Equatable {
    public enum Period: String, Sendable {
        case hour, day

        public var seconds: TimeInterval { self == .hour ? 3600 : 86_400 }

        /// The start of the hour or UTC day holding `date`.
        public func start(of date: Date) -> Date {
            Date(timeIntervalSince1970: (date.timeIntervalSince1970 / seconds).rounded(.down) * seconds)
        }
    }

    public var start: Date
    public var count: Int
    public var minTemperature: Double
    public var maxTemperature: Double
    public var sumTemperature: Double
    public var minHumidity: Double
    public var maxHumidity: Double
    public var sumHumidity: Double
    public var maxHeatStress: Double
    public var minWater: Double?
    public var minFood: Double?

    public var meanTemperature: Double { sumTemperature / Double(count) }
    public var meanHumidity: Double { sumHumidity / Double(count) }

    public init(start: Date, reading r: Reading) {
        self.start = start
        count = 1
        minTemperature = r.temperature
        maxTemperature = r.temperature
        sumTemperature = r.temperature
        minHumidity = r.humidity
        maxHumidity = r.humidity
        sumHumidity = r.humidity
        maxHeatStress = r.heatStressIndex
        minWater = r.waterLevel
        minFood = r.foodLevel
    }

    public init(start: Date, count: Int, minTemperature: Double, maxTemperature: Double, sumTemperature: Double, minHumidity: Double,
                maxHumidity: Double, sumHumidity: Double, maxHeatStress: Double, minWater: Double?, minFood: Double?) {
        self.start = start
        self.count = count
        self.minTemperature = minTemperature
        self.maxTemperature = maxTemperature
        self.sumTemperature = sumTemperature
        self.minHumidity = minHumidity
        self.maxHumidity = maxHumidity
        self.sumHumidity = sumHumidity
        self.maxHeatStress = maxHeatStress
        self.minWater = minWater
        self.minFood = minFood
    }

    /// This and `other` as one span starting at the earlier start.
    public func merged(with other: Rollup) -> Rollup {
        Rollup(start: min(start, other.start), count: count + other.count, minTemperature: min(minTemperature, other.minTemperature),
               maxTemperature: max(maxTemperature, other.maxTemperature), sumTemperature: sumTemperature + other.sumTemperature,
               minHumidity: min(minHumidity, other.minHumidity), maxHumidity: max(maxHumidity, other.maxHumidity),
               sumHumidity: sumHumidity + other.sumHumidity, maxHeatStress: max(maxHeatStress, other.maxHeatStress),
               minWater: Self.least(minWater, other.minWater), minFood: Self.least(minFood, other.minFood))
    }

    static func least(_ a: Double?, _ b: Double?) -> Double? {
        switch (a, b) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b): b
        }
    }

    /// Readings summed per span of `period`.
    public static func of(_ readings: [Reading], per period: Period) -> [Rollup] {
        var spans: [Date: Rollup] = [:]
        for reading in readings {
            let start = period.start(of: reading.at)
            let one = Rollup(start: start, reading: reading)
            spans[start] = spans[start].map { $0.merged(with: one) } ?? one
        }
        return spans.values.sorted { $0.start < $1.start }
    }
}

/// The spans a chart covers: a day by the hour, a week by six hours, a month by the day.
public enum ChartRange: String, Sendable, CaseIterable {
    case day, week, month

    public var period: Rollup.Period { self == .month ? .day : .hour }
    /// How many roll-ups make one point.
    public var hoursPerPoint: Int { self == .week ? 6 : 1 }
    public var points: Int {
        switch self {
        case .day: 24
        case .week: 28
        case .month: 30
        }
    }
    public var span: TimeInterval { Double(points) * (self == .month ? 86_400 : Double(hoursPerPoint) * 3600) }
    /// Seconds one point covers (3,600, 21,600 or 86,400).
    public var pointSeconds: TimeInterval { span / Double(points) }
}

/// An enclosure's chart: a point per span of its range from `start` (missing where no
/// reading came).
public struct EnclosureChart: Sendable {
    public let range: ChartRange
    public let start: Date
    public let spans: [Rollup]

    public var pointSeconds: TimeInterval { range.pointSeconds }

    /// The spans in slots, nil where there is none.
    public var slots: [Rollup?] {
        var slots = [Rollup?](repeating: nil, count: range.points)
        for span in spans {
            let index = Int((span.start.timeIntervalSince(start) / pointSeconds).rounded(.down))
            if slots.indices.contains(index) { slots[index] = span }
        }
        return slots
    }
}
