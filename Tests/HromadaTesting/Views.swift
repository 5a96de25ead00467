import Foundation
import Kernel

extension ViewContext {
    /// A context for rendering a view without a server: `app`'s strings (and the kernel's)
    /// in `language`, a fixed CSRF token, Kyiv time.
    public static func testing(_ app: any HromadaApp, language: Language = .uk, path: String = "/",
                               csrfToken: String = "test-csrf-token") -> ViewContext {
        ViewContext(localizer: Localizer(language: language, catalogs: [KernelStrings.catalog, app.catalog]),
                    csrfToken: csrfToken, path: path)
    }
}
