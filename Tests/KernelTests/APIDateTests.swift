import Foundation
@testable import Kernel
import Testing

extension KernelTests {
    @Suite("Strict dates and times in JSON")
    struct APIDateTests {
        /// A generator that repeats: the same cases every run, many of them.
        struct SplitMix {
            var state: UInt64
            mutating func next(_ range: ClosedRange<Int>) -> Int {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                return range.lowerBound + Int(z % UInt64(range.count))
            }
        }

        static func pad(_ value: Int, _ width: Int = 2) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }

        static func text(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, offset: String) -> String {
            "\(pad(y, 4))-\(pad(mo))-\(pad(d))T\(pad(h)):\(pad(mi)):\(pad(s))\(offset)"
        }

        /// What Foundation's calendar says the moment is, for a time that exists.
        static func expected(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, offsetSeconds: Int) -> Date? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: offsetSeconds)!
            let components = DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
            guard let date = calendar.date(from: components) else { return nil }
            // The calendar rolls an impossible day over; a real one reads back the same.
            let back = calendar.dateComponents([.year, .month, .day], from: date)
            return back.year == y && back.month == mo && back.day == d ? date : nil
        }

        @Test("every real time reads as the moment it names, whatever its offset; every impossible one is refused")
        func property() {
            var random = SplitMix(state: 32)
            var real = 0, impossible = 0
            for _ in 0..<20_000 {
                let (y, mo, d) = (random.next(1900...2200), random.next(0...13), random.next(0...32))
                let (h, mi, s) = (random.next(0...25), random.next(0...61), random.next(0...61))
                let offsetMinutes = random.next(-14 * 60...14 * 60)
                let sign = offsetMinutes < 0 ? "-" : "+"
                let offset = random.next(0...3) == 0 ? "Z" : "\(sign)\(Self.pad(abs(offsetMinutes) / 60)):\(Self.pad(abs(offsetMinutes) % 60))"
                let offsetSeconds = offset == "Z" ? 0 : offsetMinutes * 60
                let text = Self.text(y, mo, d, h, mi, s, offset: offset)
                let exists = (1...12).contains(mo) && h < 24 && mi < 60 && s < 60
                    ? Self.expected(y, mo, d, h, mi, s, offsetSeconds: offsetSeconds) : nil
                if let exists {
                    real += 1
                    #expect(RFC3339.date(text) == exists, "\(text)")
                } else {
                    impossible += 1
                    #expect(RFC3339.date(text) == nil, "\(text) does not exist")
                }
            }
            #expect(real > 5_000 && impossible > 5_000, "both kinds are tried: \(real) real, \(impossible) impossible")
        }

        @Test("the issue's times, a missing offset and other near misses are refused")
        func nearMisses() {
            for text in ["2026-12-01T25:00:00Z", "2026-02-30T10:00:00Z", "2026-12-01T10:60:00Z", "2026-12-01T10:00:60Z",
                         "2026-12-01T10:00:00", "2026-12-01 10:00:00Z", "2026-12-01T10:00Z", "2026-12-01", "2026-13-01T10:00:00Z",
                         "2026-12-01T10:00:00+24:00", "2026-12-01T10:00:00+02:60", "2026-12-01T10:00:00+0200", "2026-12-01T10:00:00.Z",
                         "2026-12-01T10:00:00Z ", " 2026-12-01T10:00:00Z", "+2026-12-01T10:00:00Z", "2026-1-01T10:00:00Z",
                         "2025-02-29T10:00:00Z", "２026-12-01T10:00:00Z", ""] {
                #expect(RFC3339.date(text) == nil, "\(text)")
            }
        }

        @Test("fractional seconds, lower-case letters and offsets read exactly")
        func accepted() {
            let base = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01T10:00:00Z
            #expect(RFC3339.date("2026-12-01T10:00:00Z") == base)
            #expect(RFC3339.date("2026-12-01t10:00:00z") == base)
            #expect(RFC3339.date("2026-12-01T12:00:00+02:00") == base)
            #expect(RFC3339.date("2026-12-01T07:30:00-02:30") == base)
            #expect(RFC3339.date("2026-12-01T10:00:00.250Z") == base.addingTimeInterval(0.25))
            #expect(RFC3339.date("2028-02-29T00:00:00Z") != nil, "a leap day")
            // What a browser's toISOString() and Swift's .iso8601 write, read back.
            #expect(RFC3339.date(base.formatted(.iso8601)) == base)
            #expect(RFC3339.date(base.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))) == base)
        }

        @Test("a JSON body's impossible time or day is an error naming its field; real ones decode")
        func decoding() throws {
            struct Body: Decodable { let startsAt: Date; let day: LocalDay; let items: [Item] }
            struct Item: Decodable { let at: Date }
            let decoder = APIDates.decoder()
            let good = #"{"startsAt":"2026-12-01T10:00:00Z","day":"2028-02-29","items":[{"at":"2026-12-01T10:00:00.5+01:00"}]}"#
            let body = try decoder.decode(Body.self, from: Data(good.utf8))
            #expect(body.day == LocalDay(year: 2028, month: 2, day: 29))
            #expect(body.items[0].at == Date(timeIntervalSince1970: 1_796_115_600.5))

            func failure(_ json: String) -> InvalidAPIDate? {
                let result = Result { try decoder.decode(Body.self, from: Data(json.utf8)) }
                guard case .failure(let error) = result else { return nil }
                return error as? InvalidAPIDate
            }
            let time = failure(#"{"startsAt":"2026-02-30T10:00:00Z","day":"2026-12-01","items":[]}"#)
            #expect(time?.field == "startsAt" && time?.kind == .dateTime)
            let day = failure(#"{"startsAt":"2026-12-01T10:00:00Z","day":"2026-02-30","items":[]}"#)
            #expect(day?.field == "day" && day?.kind == .day)
            let nested = failure(#"{"startsAt":"2026-12-01T10:00:00Z","day":"2026-12-01","items":[{"at":"2026-12-01T10:00:00"}]}"#)
            #expect(nested?.field == "items.[0].at")

            let problem = KernelErrorMiddleware.classify(try #require(time))
            #expect(problem.status == .unprocessableEntity && problem.code == "invalid_date")
            #expect(problem.fieldErrors.map(\.field) == ["startsAt"] && problem.fieldErrors.map(\.key) == ["validation.date_time"])
        }
    }
}
