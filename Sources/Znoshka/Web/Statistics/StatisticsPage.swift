import Foundation
import Kernel
import Vapor

/// `GET /znoshka/statistics`: per subject, tests done, accuracy and its trend (a chart
/// drawn on the server with the numbers in a table), topics from weakest, the next test
/// suggested, and the 100–200 score to expect.
enum StatisticsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("statistics", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        return req.render(StatisticsView(student: student, subjects: try await req.znoshka.statistics.all(for: student), c: req.viewContext).page)
    }
}
