import Foundation
import Kernel
import Vapor

/// `GET /shelter/audit`: the director's audit trail as sentences, narrowed by a person, a
/// kind of record and days chosen from lists — never by typing an id.
enum AuditPage {
    static let path = "\(ShelterWeb.prefix)/audit"

    static func register(on web: any RoutesBuilder) {
        web.get("audit", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let filter = self.filter(req)
        let trail = try await req.shelter.auditTrail.trail(filter, by: person)
        return req.render(AuditView(person: person, filter: filter, trail: trail, c: req.viewContext(for: person.account)).page)
    }

    /// The query's choices; one that names nothing (a made-up id, a day that is not one)
    /// narrows nothing.
    static func filter(_ req: Request) -> AuditService.Filter {
        func value(_ name: String) -> String? {
            (try? req.query.get(String.self, at: name)).flatMap { $0.isEmpty ? nil : $0 }
        }
        return AuditService.Filter(actor: value("actor").flatMap(UUID.init(uuidString:)),
                                   recordKind: value("kind").flatMap { AuditService.recordKinds.contains($0) ? $0 : nil },
                                   from: value("from").flatMap(LocalDay.init), to: value("to").flatMap(LocalDay.init))
    }
}
