import Foundation
import Vapor

/// Web Push for every app, under its prefix:
/// - `GET /<app>/service-worker.js`: the app's service worker, scoped to the app, which
///   shows a pushed notification and opens its page when tapped;
/// - `GET /<app>/push-key`: the app's VAPID public key (`applicationServerKey`);
/// - `POST` / `DELETE /<app>/push-subscriptions`: the signed-in person's browser
///   subscribes or unsubscribes (session cookie and CSRF header, from `push.js`);
/// - `GET /<app>/api/v1/push-key`, `POST` / `DELETE /<app>/api/v1/push-subscriptions`:
///   the same for API clients with a bearer token.
enum PushRoutes {
    static func register(_ descriptor: AppDescriptor, web: any RoutesBuilder, api: any RoutesBuilder) {
        web.get("service-worker.js") { _ in serviceWorker(descriptor) }
        for routes in [web, api] {
            routes.get("push-key") { req in try await publicKey(req, descriptor) }
            routes.post("push-subscriptions") { req in try await subscribe(req, descriptor) }
            routes.delete("push-subscriptions") { req in try await unsubscribe(req, descriptor) }
        }
    }

    struct PublicKey: Content {
        /// Base64url, 65 bytes uncompressed: what `PushManager.subscribe` takes.
        let publicKey: String
    }

    struct Subscribed: Content {
        let id: UUID
    }

    struct Unsubscription: Content {
        let endpoint: String?
    }

    static func publicKey(_ req: Request, _ descriptor: AppDescriptor) async throws -> PublicKey {
        let key = try await PushSubscriptions(db: req.db, clock: req.kernel.clock).key(for: descriptor.id)
        return PublicKey(publicKey: WebPushCrypto.base64URL(key.publicKey))
    }

    static func subscribe(_ req: Request, _ descriptor: AppDescriptor) async throws -> Response {
        let account = try await req.requireAccount(in: descriptor)
        let input = try req.content.decode(PushSubscriptionInput.self)
        let record = try await PushSubscriptions(db: req.db, clock: req.kernel.clock).subscribe(account, app: descriptor.id, input)
        return try await Subscribed(id: try record.requireID()).encodeResponse(status: .created, for: req)
    }

    static func unsubscribe(_ req: Request, _ descriptor: AppDescriptor) async throws -> HTTPStatus {
        let account = try await req.requireAccount(in: descriptor)
        let input = try req.content.decode(Unsubscription.self)
        try await PushSubscriptions(db: req.db, clock: req.kernel.clock).unsubscribe(account, app: descriptor.id, endpoint: input.endpoint)
        return .noContent
    }

    /// Shows what arrives, and on a tap focuses the app's tab at that page or opens it.
    static func serviceWorker(_ descriptor: AppDescriptor) -> Response {
        let scope = "\(descriptor.pathPrefix)/"
        let script = """
            // \(descriptor.names[.en] ?? descriptor.id)'s service worker (served by the kernel, PushRoutes.swift).
            const SCOPE = \(jsString(scope));
            const ICON = \(jsString("\(descriptor.pathPrefix)/icon.svg"));

            self.addEventListener("install", () => self.skipWaiting());
            self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

            self.addEventListener("push", (event) => {
              let data = {};
              try { data = event.data ? event.data.json() : {}; } catch (_) { data = { body: event.data ? event.data.text() : "" }; }
              const url = typeof data.url === "string" && data.url.startsWith(SCOPE) ? data.url : SCOPE;
              event.waitUntil(self.registration.showNotification(data.title || \(jsString(descriptor.names[.uk] ?? descriptor.id)), {
                body: data.body || "", tag: data.tag || undefined, icon: ICON, badge: ICON, data: { url },
              }));
            });

            self.addEventListener("notificationclick", (event) => {
              event.notification.close();
              const target = new URL(event.notification.data && event.notification.data.url || SCOPE, self.location.origin).href;
              event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
                for (const client of windows) {
                  if (client.url === target && "focus" in client) return client.focus();
                }
                return self.clients.openWindow(target);
              }));
            });

            """
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"])
        headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        return Response(status: .ok, headers: headers, body: .init(string: script))
    }

    /// A JavaScript string literal of `text`.
    static func jsString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
