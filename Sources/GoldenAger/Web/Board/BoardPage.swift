import Kernel
import Vapor

/// `/board`: the coordinators' and administrators' live view of the open tasks and of
/// who is online to take them.
enum BoardPage {
    static func register(on web: any RoutesBuilder) {
        web.get("board", use: board)
        web.get("board", "content", use: content)
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
