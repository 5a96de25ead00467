import Foundation
import Kernel
import Vapor

/// The JSON shapes of readings (as stored and as devices send them) and of the charts
/// drawn from their roll-ups.
extension SSModels {
    struct ReadingDTO: Content {
        let sensorId: UUID?
        let at: Date
        let temperature: Double
        let humidity: Double
        let waterLevel: Double?
        let foodLevel: Double?
        let heatStressIndex: Double
        /// `normal`, `alert`, `danger` or `emergency`.
        let heatStress: String

        init(_ reading: Reading, sensorID: UUID? = nil) {
            sensorId = sensorID
            at = reading.at
            temperature = reading.temperature
            humidity = reading.humidity
            waterLevel = reading.waterLevel
            foodLevel = reading.foodLevel
            heatStressIndex = reading.heatStressIndex
            heatStress = reading.heatStressBand.rawValue
        }
    }

    /// A reading as a device sends it.
    struct ReadingInput: Content {
        let at: Date?
        let temperature: Double?
        let humidity: Double?
        let waterLevel: Double?
        let foodLevel: Double?
        /// The device's battery in percent and radio signal in dBm, if it reports them.
        let battery: Double?
        let signal: Double?

        var reading: Reading? {
            guard let at, let temperature, let humidity else { return nil }
            return Reading(at: at, temperature: temperature, humidity: humidity, waterLevel: waterLevel, foodLevel: foodLevel,
                           battery: battery, signal: signal)
        }
    }

    /// One reading, or `{"readings": [...]}` (up to 1,000).
    enum ReadingsBody: Decodable {
        case single(ReadingInput)
        case batch([ReadingInput])

        private enum Keys: String, CodingKey { case readings }

        /// The readings sent, nil where one lacks its time, temperature or humidity.
        var readings: [Reading?] {
            switch self {
            case .single(let input): [input.reading]
            case .batch(let inputs): inputs.map(\.reading)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if container.contains(.readings) {
                self = .batch(try container.decode([ReadingInput].self, forKey: .readings))
            } else {
                self = .single(try ReadingInput(from: decoder))
            }
        }
    }

    struct IngestAnswer: Content {
        let stored: Int
        let duplicates: Int
        let refused: [Refused]

        struct Refused: Content {
            let index: Int
            let code: String
            let message: String
        }
    }

    struct DeviceTime: Content {
        let now: Date
    }

    struct ChartDTO: Content {
        /// `day`, `week` or `month`.
        let range: String
        let start: Date
        /// Seconds each point covers (3,600, 21,600 or 86,400).
        let pointSeconds: Int
        /// The points with readings, oldest first.
        let points: [ChartPointDTO]

        init(_ chart: EnclosureChart) {
            range = chart.range.rawValue
            start = chart.start
            pointSeconds = Int(chart.pointSeconds)
            points = chart.spans.map(ChartPointDTO.init)
        }
    }

    struct ChartPointDTO: Content {
        let start: Date
        let readings: Int
        let temperature: Spread
        let humidity: Spread
        let heatStressMax: Double
        let waterMin: Double?
        let foodMin: Double?

        struct Spread: Content {
            let min: Double
            let mean: Double
            let max: Double
        }

        init(_ r: Rollup) {
            start = r.start
            readings = r.count
            temperature = Spread(min: r.minTemperature, mean: r.meanTemperature, max: r.maxTemperature)
            humidity = Spread(min: r.minHumidity, mean: r.meanHumidity, max: r.maxHumidity)
            heatStressMax = r.maxHeatStress
            waterMin = r.minWater
            foodMin = r.minFood
        }
    }
}

// A device's answer and a chart, the API's busiest, are written by `JSONWriter`;
// `ReadingStoreTests` holds them equal to what `JSONEncoder` makes of the same values, so
// the types stay the schema.
extension SSModels.IngestAnswer: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("stored", stored)
            json.member("duplicates", duplicates)
            json.key("refused")
            json.array(refused) { json, refused in
                json.object { json in
                    json.member("index", refused.index)
                    json.member("code", refused.code)
                    json.member("message", refused.message)
                }
            }
        }
    }
}

extension SSModels.ChartDTO: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("range", range)
            json.member("start", start)
            json.member("pointSeconds", pointSeconds)
            json.key("points")
            json.array(points) { json, point in
                json.object { json in
                    json.member("start", point.start)
                    json.member("readings", point.readings)
                    for (name, spread) in [("temperature", point.temperature), ("humidity", point.humidity)] as [(StaticString, SSModels.ChartPointDTO.Spread)] {
                        json.key(name)
                        json.object { json in
                            json.member("min", spread.min)
                            json.member("mean", spread.mean)
                            json.member("max", spread.max)
                        }
                    }
                    json.member("heatStressMax", point.heatStressMax)
                    json.member("waterMin", point.waterMin)
                    json.member("foodMin", point.foodMin)
                }
            }
        }
    }
}
