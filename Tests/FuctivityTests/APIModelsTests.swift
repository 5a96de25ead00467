import Foundation
@testable import Fuctivity
import Kernel
import Testing
import Vapor

/// The answers `JSONWriter` writes are what `JSONEncoder` (as Vapor is configured to use
/// it) makes of the same values: one schema, two ways to write it.
extension FuctivityTests {
    @Suite("API answers written by hand")
    struct APIModelsTests {
        typealias M = FXModels

        func bothWays(_ write: (inout JSONWriter) -> Void, _ encodable: some Encodable) throws -> (written: NSDictionary, encoded: NSDictionary) {
            var json = JSONWriter()
            write(&json)
            let written = try JSONSerialization.jsonObject(with: Data(json.buffer.readableBytesView)) as! NSDictionary
            var body = ByteBuffer()
            var headers = HTTPHeaders()
            try ContentConfiguration.global.requireEncoder(for: .json).encode(encodable, to: &body, headers: &headers)
            let encoded = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as! NSDictionary
            return (written, encoded)
        }

        static let start = Date(timeIntervalSince1970: 1_795_000_000.75)

        static func activity(rating: Int?, note: String?, reminders: [M.ReminderDTO], deleted: Bool, text: String) -> M.Activity {
            M.Activity(id: UUID(), categoryId: UUID(), categoryName: "Прогулянка", description: text, startsAt: start,
                       endsAt: start.addingTimeInterval(5400), durationMinutes: 90, status: "done", rating: rating, ratingNote: note,
                       reminders: reminders, deleted: deleted)
        }

        static let samples = [
            activity(rating: nil, note: nil, reminders: [], deleted: false, text: ""),
            activity(rating: 5, note: "«Добре» \"дуже\"\n\\ 🧘",
                     reminders: [M.ReminderDTO(minutesBefore: 15, at: nil, firesAt: start.addingTimeInterval(-900)),
                                 M.ReminderDTO(minutesBefore: nil, at: start.addingTimeInterval(-86_400.5), firesAt: start.addingTimeInterval(-86_400.5))],
                     deleted: true, text: "Парк\tі річка"),
        ]

        @Test("an activity and a saved activity with its overlaps")
        func activities() throws {
            for activity in Self.samples {
                let (written, encoded) = try bothWays({ activity.write(to: &$0) }, activity)
                #expect(written == encoded)
            }
            let saved = M.SavedActivityDTO(activity: Self.samples[1], overlaps: Self.samples)
            let (written, encoded) = try bothWays({ saved.write(to: &$0) }, saved)
            #expect(written == encoded)
        }

        @Test("a week's statistics, averages with and without a fraction")
        func statistics() throws {
            let days = (1...7).map { M.StatisticsDay(date: "2026-11-\(22 + $0)", weekday: $0, restedMinutes: $0 * 30, plannedMinutes: 60, targetMinutes: 180) }
            let ratings = [M.CategoryRating(categoryId: UUID(), categoryName: "Сон", average: 4, count: 2),
                           M.CategoryRating(categoryId: UUID(), categoryName: "Своя \"категорія\"", average: 3.33, count: 3)]
            for ratings in [[], ratings] {
                let statistics = M.Statistics(weekStart: "2026-11-23", previousWeek: "2026-11-16", nextWeek: "2026-11-30", days: days,
                                              totalRestedMinutes: 840, totalPlannedMinutes: 420, totalTargetMinutes: 1260, ratings: ratings)
                let (written, encoded) = try bothWays({ statistics.write(to: &$0) }, statistics)
                #expect(written == encoded)
            }
        }
    }
}
