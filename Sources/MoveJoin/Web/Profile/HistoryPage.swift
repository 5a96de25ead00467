import Foundation
import Kernel
import Vapor

/// `GET /movejoin/history`: the person's events, coming and past.
enum HistoryPage {
    static func register(on web: any RoutesBuilder) {
        web.get("history", use: history)
    }

    static func history(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let past = try await req.moveJoin.sportEvents.mine(mover, history: true)
        let upcoming = try await req.moveJoin.sportEvents.mine(mover, history: false)
        return req.render(HistoryView(mover: mover, upcoming: upcoming, past: past, c: req.viewContext).page)
    }
}
