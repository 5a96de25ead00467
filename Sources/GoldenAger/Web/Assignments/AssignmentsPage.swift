import Kernel
import Vapor

/// `/assignments`: the volunteer's tasks and their hours, which refresh themselves when
/// a pensioner marks a task done.
enum AssignmentsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("assignments", use: assignments)
        web.get("assignments", "hours", use: hours)
    }

    static func assignments(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let tasks = try await req.goldenAger.tasks.assignments(of: member)
        let hours = try await req.goldenAger.hours.summary(for: member)
        return req.render(AssignmentsView.page(member, tasks: tasks, hours: hours, req.viewContext))
    }

    /// The hours' live region's new content.
    static func hours(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        return Response.fragment(AssignmentsView.hoursSummary(try await req.goldenAger.hours.summary(for: member), req.viewContext))
    }
}
