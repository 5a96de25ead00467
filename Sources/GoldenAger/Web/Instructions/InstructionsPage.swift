import Kernel
import Vapor

/// `/instructions`: the plain-words guide for the person's role.
enum InstructionsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("instructions", use: instructions)
    }

    /// Pensioners read how to order help; everyone else reads the volunteers' guide.
    static func instructions(_ req: Request) async throws -> Response {
        let member = try await req.member()
        let c = req.viewContext
        let sections = member.role == .pensioner ? InstructionsContent.pensioner(c.language) : InstructionsContent.volunteer(c.language)
        return req.render(InstructionsView.page(member, sections: sections, c))
    }
}
