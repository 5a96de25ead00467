import Foundation
import Kernel
import Vapor

/// `/relatives`: a pensioner shows a code to a relative and sees who helps them; a
/// relative links to a pensioner with that code, sees the pensioners they help and picks
/// whom to order for (kept in the session for the catalogue's pages).
enum RelativesPage {
    static let prefix = GoldenAgerWeb.prefix
    static let path = "\(prefix)/relatives"
    /// The pensioner a relative is ordering for.
    static let orderingForKey = "golden-ager.ordering-for"

    static func register(on web: any RoutesBuilder) {
        web.get("relatives", use: relatives)
        web.get("relatives", "list", use: list)
        web.post("relatives", use: link)
        web.post("relatives", "code", use: issueCode)
        web.post("relatives", ":personId", "remove", use: unlink)
        web.post("relatives", ":personId", "order", use: orderFor)
    }

    static func relatives(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative)
        return try await respond(req, member)
    }

    /// The live list on the pensioner's page: a relative who types the code appears at once.
    static func list(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let people = try await req.goldenAger.relatives.linkedPeople(of: member, in: req.language)
        return Response.fragment(RelativesView.relativesList(people, req.viewContext))
    }

    /// The pensioner's new code, shown once on this page.
    static func issueCode(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner)
        let issued = try await req.goldenAger.relatives.issueCode(by: member)
        return try await respond(req, member, code: issued)
    }

    /// A relative types the pensioner's phone and code.
    static func link(_ req: Request) async throws -> Response {
        let member = try await req.member(.relative)
        let state = FormState.submitted(by: req)
        do {
            let pensioner = try await req.goldenAger.relatives.link(pensionerPhone: state.values["phone"], code: state.values["code"], by: member)
            try await req.webSession()[orderingForKey] = pensioner.id?.uuidString
            return req.redirect(to: path, flash: .success, "ga.relatives.linked", ["name": pensioner.fullName])
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await respond(req, member, form: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    static func unlink(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative)
        try await req.goldenAger.relatives.unlink(try req.uuidParameter("personId"), by: member)
        return req.redirect(to: path, flash: .success, "ga.relatives.unlinked")
    }

    /// A relative starts an order for one of their pensioners: the catalogue follows.
    static func orderFor(_ req: Request) async throws -> Response {
        let member = try await req.member(.relative)
        let pensioner = try await req.goldenAger.relatives.pensioner(for: member, try req.uuidParameter("personId"))
        try await req.webSession()[orderingForKey] = pensioner.id?.uuidString
        return req.redirect(to: "\(prefix)/categories", redirectType: .normal)
    }

    static func respond(_ req: Request, _ member: Member, code: RelativeService.IssuedCode? = nil,
                        form: FormState = FormState(), status: HTTPResponseStatus = .ok) async throws -> Response {
        let people = try await req.goldenAger.relatives.linkedPeople(of: member, in: req.language)
        let openOrders = member.role == .relative ? try await req.goldenAger.tasks.openOrders(of: people.compactMap(\.id)) : [:]
        let model = RelativesView.Model(member: member, people: people, openOrders: openOrders, code: code, form: form)
        return req.render(RelativesView.page(model, status: status, req.viewContext))
    }

    /// Whom `member` orders for on the catalogue's pages: a pensioner themselves; a
    /// relative the pensioner they picked, or their only one. Nil: a relative must pick
    /// (or link someone) first.
    static func orderingFor(_ req: Request, _ member: Member) async throws -> Profile? {
        if member.role == .pensioner { return try member.requireProfile() }
        let relatives = req.goldenAger.relatives
        let session = try await req.webSession()
        if member.role != .relative {
            // A coordinator orders for the caller they picked on the accounts page.
            guard let chosen = session[orderingForKey].flatMap(UUID.init(uuidString:)) else { return nil }
            return try? await relatives.pensioner(for: member, chosen)
        }
        if let chosen = session[orderingForKey].flatMap(UUID.init(uuidString:)),
           let pensioner = try? await relatives.pensioner(for: member, chosen) {
            return pensioner
        }
        let people = try await relatives.linkedPeople(of: member, in: req.language)
        return people.count == 1 ? people[0] : nil
    }

    /// Where a relative who has not picked anyone goes from the catalogue.
    static func pickFirst(_ req: Request, _ member: Member) -> Response {
        guard member.role == .relative else {
            return req.redirect(to: "\(prefix)/admin/accounts", flash: .info, "ga.operator.choose")
        }
        return req.redirect(to: path, flash: .info, "ga.relatives.choose")
    }
}
