import Foundation
import Kernel
import Vapor

/// A mail's unsubscribe link (`/movejoin/unsubscribe/<secret>`): a page to confirm on,
/// or one POST from the mail app (RFC 8058), which the kernel lets through without a
/// CSRF token. Works signed out: the secret is the credential.
enum UnsubscribePage {
    static func register(on web: any RoutesBuilder) {
        web.get(.constant(MailUnsubscribes.pathComponent), ":secret", use: ask)
        web.post(.constant(MailUnsubscribes.pathComponent), ":secret", use: unsubscribe)
    }

    /// A GET never changes anything (mail scanners open links): it asks first.
    static func ask(_ req: Request) async throws -> Response {
        let secret = try req.parameters.require("secret")
        let found = try await req.moveJoin.unsubscribes.find(secret: secret, app: MoveJoin.descriptor)
        let view = UnsubscribeView(model: .init(action: req.urlPath, topic: found.flatMap { NoticeTopic(rawValue: $0.topic) }, done: false),
                                   c: req.viewContext)
        return req.render(view.page)
    }

    static func unsubscribe(_ req: Request) async throws -> Response {
        let secret = try req.parameters.require("secret")
        let topic = try await req.moveJoin.notices.stopMail(secret: secret)
        return req.render(UnsubscribeView(model: .init(action: req.urlPath, topic: topic, done: true), c: req.viewContext).page)
    }
}
