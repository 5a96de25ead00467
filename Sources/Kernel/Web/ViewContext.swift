import Foundation
import Vapor

/// What a view needs of the request it answers, and nothing more: the language and time
/// zone (a localizer), the CSRF field its forms carry, and the page's own address (the
/// language switch sends the browser back there).
///
/// A page is its handler (parse the request, call one service, build a view model) and its
/// view (view model and context → HTML). Views take this, never `Request`, so a view
/// renders — and is tested — without a server: handlers make one with
/// `Request.viewContext`, tests with `init(localizer:csrfToken:path:)`.
public struct ViewContext: Sendable {
    public let localizer: Localizer
    /// The token this page's forms repeat (see `CSRFMiddleware`).
    public let csrfToken: String
    /// The hidden input every state-changing form carries.
    public let csrfField: HTML
    /// The page's path and query.
    public let path: String

    public var language: Language { localizer.language }

    public init(localizer: Localizer, csrfToken: String, path: String) {
        self.init(localizer: localizer, csrfToken: csrfToken, csrfField: H.csrfField(rawValue: HTML.escape(csrfToken)), path: path)
    }

    private init(localizer: Localizer, csrfToken: String, csrfField: HTML, path: String) {
        self.localizer = localizer
        self.csrfToken = csrfToken
        self.csrfField = csrfField
        self.path = path
    }

    /// The same context in another localizer (a signed-in person's own time zone).
    public func with(_ localizer: Localizer) -> ViewContext {
        ViewContext(localizer: localizer, csrfToken: csrfToken, csrfField: csrfField, path: path)
    }

    /// This context with the token swapped for `Fragment.hole`, for markup rendered once
    /// and served to many (`FragmentCache`). Markup that writes `csrfToken` anywhere but
    /// the field gets the hole escaped — no hole, so such a form is refused, visibly,
    /// instead of carrying one person's token to others.
    func withCSRFHole() -> ViewContext {
        ViewContext(localizer: localizer, csrfToken: Fragment.hole, csrfField: H.csrfField(rawValue: Fragment.hole), path: path)
    }
}

extension Request {
    /// The view context of this request: its localizer, CSRF token and address.
    public var viewContext: ViewContext {
        ViewContext(localizer: localizer, csrfToken: csrfToken, path: urlPath + (url.query.map { "?\($0)" } ?? ""))
    }

    /// The view context for a signed-in person, in their own time zone (`localizer(for:)`).
    public func viewContext(for account: Account) -> ViewContext {
        viewContext.with(localizer(for: account))
    }
}
