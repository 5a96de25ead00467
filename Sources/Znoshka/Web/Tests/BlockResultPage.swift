import Foundation
import Kernel
import Vapor

/// `GET /znoshka/blocks/<id>`: an НМТ block's combined result — each subject's score and
/// the way to its review. A block still running goes back to its first running part.
enum BlockResultPage {
    static func path(_ blockID: UUID) -> String { "\(ZnoshkaWeb.prefix)/blocks/\(blockID.uuidString.lowercased())" }

    static func register(on web: any RoutesBuilder) {
        web.get("blocks", ":blockID", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let id = try req.uuidParameter("blockID", notFound: "block_not_found", key: "zn.block.not_found")
        let parts = try await req.znoshka.attempts.block(id, for: student)
        if let running = parts.first(where: { !$0.attempt.isFinished }) { return req.redirect(to: ZnoshkaWeb.attemptPath(running.attempt.id!)) }
        return req.render(BlockResultView(student: student, parts: parts, c: req.viewContext).page)
    }
}
