import Foundation
import Kernel
import Vapor

/// `/verify/:code` (public): what a school or employer holding a volunteer's certificate
/// checks — the organisation, the name, the month and the hours, nothing else. `/verify`
/// asks for a code typed off the paper.
enum VerifyPage {
    static let path = "\(GoldenAgerWeb.prefix)/verify"

    static func register(on web: any RoutesBuilder) {
        web.get("verify", use: form)
        web.get("verify", ":code", use: verify)
    }

    static func form(_ req: Request) async throws -> Response {
        if let code = req.query[String.self, at: "code"], !code.isEmpty {
            return req.redirect(to: "\(path)/\(code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")", redirectType: .normal)
        }
        return req.render(VerifyView.page(code: nil, verification: nil, req.viewContext))
    }

    static func verify(_ req: Request) async throws -> Response {
        let code = req.parameters.get("code") ?? ""
        let verification = try await req.goldenAger.hours.verify(code: code)
        return req.render(VerifyView.page(code: code, verification: verification, req.viewContext))
    }
}
