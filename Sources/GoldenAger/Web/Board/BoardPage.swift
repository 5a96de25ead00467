import Kernel
import Vapor

/// `/board`: the coordinators' and administrators' live view of the open tasks and of
/// who is online to take them.
enum BoardPage {
    static func register(on web: any RoutesBuilder) {
        web.get("board", use: board)
        web.get("board", "content", use: content)
        web.post("board", "tasks", ":taskID", "offer", use: offer)
    }

    /// «Запропонувати»: asks the chosen volunteer to take the task; back to the board.
    static func offer(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let id = try req.uuidParameter("taskID")
        let volunteer = (try? req.content.get(String.self, at: "volunteerId")).flatMap(UUID.init(uuidString:))
        let board = "\(GoldenAgerWeb.prefix)/board"
        do {
            return try await req.showingConflicts(on: board) {
                guard let volunteer else { throw AppError.validation([FieldError(field: "volunteerId", key: "ga.offer.volunteer_unknown")]) }
                _ = try await req.goldenAger.tasks.offer(taskID: id, to: volunteer, by: member)
                return req.redirect(to: board, flash: .success, "ga.board.offered_flash")
            }
        } catch let error as AppError where error.status == .unprocessableEntity {
            // A choice that is no longer offerable (moved city, left): the board again, saying so.
            return req.redirect(to: board, flash: .error, error.fieldErrors.first?.key ?? "ga.offer.volunteer_unknown")
        }
    }

    static func board(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let board = try await req.goldenAger.administration.board(for: member)
        return req.render(BoardView.page(member, board, req.viewContext))
    }

    /// The live region's new content.
    static func content(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        return Response.fragment(BoardView.content(try await req.goldenAger.administration.board(for: member), req.viewContext))
    }
}
