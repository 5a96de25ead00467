import Vapor

/// A tab in an app's bottom navigation.
public struct Tab: Sendable, Hashable {
    public let label: String
    public let href: String
    public let isCurrent: Bool
    /// A tab that is a switch (e.g. "online"): a POST form button, pressed or not, with a
    /// hidden field `name=value` saying what pressing it does.
    public let toggle: Toggle?

    /// What a switch tab posts: `name=value`, and whether it shows as pressed; with
    /// `confirm`, the question asked first (`app.js`), e.g. before going offline.
    public struct Toggle: Sendable, Hashable {
        public let pressed: Bool
        public let name: String
        public let value: String
        public let confirm: String?
    }

    public init(label: String, href: String, isCurrent: Bool) {
        self.label = label
        self.href = href
        self.isCurrent = isCurrent
        self.toggle = nil
    }

    public static func toggle(label: String, action: String, pressed: Bool, name: String, value: String, confirm: String? = nil) -> Tab {
        Tab(label: label, href: action, toggle: Toggle(pressed: pressed, name: name, value: value, confirm: confirm))
    }

    private init(label: String, href: String, toggle: Toggle) {
        self.label = label
        self.href = href
        self.isCurrent = false
        self.toggle = toggle
    }
}

/// One page of the web UI: what goes into the shell.
public struct Page: Sendable {
    public var title: String
    public var app: AppDescriptor?
    public var content: HTML
    public var tabs: [Tab]
    /// Extra module scripts by asset name (in the kernel's or an app's assets).
    public var scripts: [String]
    /// An event-stream URL; `live.js` connects to it and re-dispatches events on `document`.
    public var liveURL: String?
    /// The SSE event names the page listens for (EventSource has no wildcard).
    public var liveEvents: [String]
    public var status: HTTPResponseStatus
    /// Classes on `<body>`, for an app's look per role or page.
    public var bodyClass: String?
    /// Where the tabs go: a bar fixed to the bottom of the screen (the default), or a block
    /// between the header and the content, for an app whose tabs are too big to float
    /// over the page (Golden Ager's 64 px targets) yet must be on screen when it opens.
    public var tabsPlacement: TabsPlacement = .bottom
    /// `<meta property=… content=…>` in the head: a public page's Open Graph tags
    /// (`og:title`, `og:image`, …), which link previews in messengers read.
    public var headMeta: [HeadMeta] = []

    public struct HeadMeta: Sendable, Hashable {
        public let property: String
        public let content: String

        public init(property: String, content: String) {
            self.property = property
            self.content = content
        }
    }

    public enum TabsPlacement: String, Sendable, Hashable {
        case bottom, top
    }

    public init(title: String, app: AppDescriptor? = nil, content: HTML, tabs: [Tab] = [], scripts: [String] = [], liveURL: String? = nil, liveEvents: [String] = [], status: HTTPResponseStatus = .ok, bodyClass: String? = nil) {
        self.title = title
        self.app = app
        self.content = content
        self.tabs = tabs
        self.scripts = scripts
        self.liveURL = liveURL
        self.liveEvents = liveEvents
        self.status = status
        self.bodyClass = bodyClass
    }
}

extension Request {
    /// Renders a page in the shell: head, header with the language switch, flash
    /// message, content, bottom tabs.
    public func render(_ page: Page) -> Response {
        let shells = kernel.state.shared { FragmentCache<PageShell.Key, PageShell.Key>(capacity: 1_024) }
        let context = viewContext
        let shell = PageShell(context: context, page: page, assets: kernel.assets)
        let html = shell.html(cachedIn: shells, inserting: Flash.banner(takeFlash(), localizer: context.localizer) + page.content)
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        headers.replaceOrAdd(name: .vary, value: "Cookie, Accept-Language")
        return Response(status: page.status, headers: headers, body: .init(string: html.rendered))
    }
}

extension Response {
    /// An HTML fragment without the shell, for a live region that `live-refresh.js`
    /// fetches again when an event says it changed.
    public static func fragment(_ html: HTML) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(string: html.rendered))
    }
}

/// The HTML around every page.
///
/// The shell is the same for every page with the same title, tabs, language and address
/// (the language switch sends the browser back there) but for the CSRF token in its
/// forms, so each server renders it once (`FragmentCache`) with a slot where the flash
/// message and the content go.
struct PageShell {
    let context: ViewContext
    let page: Page
    let assets: StaticAssets

    /// Everything the shell is made of but the flash message and the content.
    struct Key: Hashable, Sendable {
        let app: String?
        let language: Language
        let title: String
        let tabs: [Tab]
        let scripts: [String]
        let liveURL: String?
        let liveEvents: [String]
        let bodyClass: String?
        let tabsPlacement: Page.TabsPlacement
        let headMeta: [Page.HeadMeta]
        let back: String
    }

    /// The shell around `inner` (the flash message and the content).
    func html(cachedIn shells: FragmentCache<Key, Key>, inserting inner: HTML) -> HTML {
        let l = context.localizer
        let key = Key(app: page.app?.id, language: l.language, title: page.title, tabs: page.tabs, scripts: page.scripts,
                      liveURL: page.liveURL, liveEvents: page.liveEvents, bodyClass: page.bodyClass, tabsPlacement: page.tabsPlacement,
                      headMeta: page.headMeta, back: context.path)
        return shells.html(key, key, in: context, inserting: inner) { PageShell(context: $0, page: page, assets: assets).frame(l) }
    }

    /// The address the language switch sends the browser back to.
    private var back: String { context.path }

    /// The shell with the flash message's and the content's slot in `<main>`. It is cached by `Key`, so it may depend on
    /// nothing but the key's fields and the CSRF field: anything else of the request's
    /// (the person, the flash) belongs in the content.
    private func frame(_ l: Localizer) -> HTML {
        let siteName = l.text("site.name")
        let fullTitle = page.app.map { "\(page.title) · \($0.name(in: l.language))" } ?? (page.title == siteName ? siteName : "\(page.title) · \(siteName)")
        return H.document(lang: l.language.rawValue, head: head(title: fullTitle), body: body(l), bodyAttributes: [
            .data("app", page.app?.id ?? "hromada"),
            .class(page.bodyClass),
            .data("live", page.liveURL),
            .data("live-events", page.liveEvents.isEmpty ? nil : page.liveEvents.joined(separator: ",")),
            .data("confirm-yes", l.text("confirm.yes")),
            .data("confirm-no", l.text("confirm.no")),
        ])
    }

    private func head(title: String) -> HTML {
        let prefix = page.app?.pathPrefix ?? ""
        let themeColor = page.app?.themeColor ?? KernelRoutes.siteTheme
        return HTMLBuilder.join([
            H.meta(Attribute("charset", "utf-8")),
            H.meta(.name("viewport"), Attribute("content", "width=device-width, initial-scale=1, viewport-fit=cover")),
            H.element("title", [], content: HTML(text: title)),
            H.meta(.name("theme-color"), Attribute("content", themeColor)),
            HTMLBuilder.join(page.headMeta.map { H.meta(Attribute("property", $0.property), Attribute("content", $0.content)) }),
            H.link(Attribute("rel", "stylesheet"), .href(assets.url("hromada.css"))),
            H.link(Attribute("rel", "stylesheet"), .href("\(prefix)/theme.css")),
            // An app's own stylesheet, when it ships one named after it (e.g. golden-ager.css).
            page.app.flatMap { assets.has("\($0.id).css") ? H.link(Attribute("rel", "stylesheet"), .href(assets.url("\($0.id).css"))) : nil } ?? .empty,
            H.link(Attribute("rel", "manifest"), .href("\(prefix)/manifest.webmanifest")),
            H.link(Attribute("rel", "icon"), .href("\(prefix)/icon.svg"), .type("image/svg+xml")),
            H.link(Attribute("rel", "apple-touch-icon"), .href("\(prefix)/icon.svg")),
            H.script(src: assets.url("app.js")),
            page.liveURL != nil ? H.script(src: assets.url("live.js")) : .empty,
            // Signed-in pages (those with a live stream) may offer notifications (`Components.pushButton`).
            page.liveURL != nil ? H.script(src: assets.url("push.js")) : .empty,
            HTMLBuilder.join(page.scripts.map { H.script(src: assets.url($0)) }),
        ])
    }

    private func body(_ l: Localizer) -> HTML {
        HTMLBuilder.join([
            H.a(.class("skip-link"), .href("#main")) { l.text("site.skip") },
            header(l),
            page.tabsPlacement == .top ? tabs(l) : .empty,
            H.main(.id("main"), .class("page"), Attribute("tabindex", "-1")) { HTML.fragmentSlot },
            page.tabsPlacement == .bottom ? tabs(l) : .empty,
        ])
    }

    private func header(_ l: Localizer) -> HTML {
        let home = page.app.map { "\($0.pathPrefix)/" } ?? "/"
        let name = page.app?.name(in: l.language) ?? l.text("site.name")
        return H.header(.class("topbar")) {
            H.a(.class("brand"), .href(home)) { name }
            languageSwitch(l)
        }
    }

    /// A form, so it works without JavaScript; the current language is marked pressed.
    private func languageSwitch(_ l: Localizer) -> HTML {
        H.form(.class("lang-switch"), Attribute("method", "post"), Attribute("action", "/locale"), .aria("label", l.text("language.label"))) {
            context.csrfField
            H.input(.type("hidden"), .name("back"), .value(back))
            for language in Language.allCases {
                H.button(.type("submit"), .name("locale"), .value(language.rawValue), .lang(language.rawValue),
                         .aria("pressed", language == l.language ? "true" : "false"), Attribute("title", language.endonym)) {
                    language.shortName
                }
            }
        }
    }

    private func tabs(_ l: Localizer) -> HTML {
        guard !page.tabs.isEmpty else { return .empty }
        return H.nav(.class("tabs tabs-\(page.tabsPlacement.rawValue)"), .aria("label", page.app?.name(in: l.language))) {
            for tab in page.tabs {
                if let toggle = tab.toggle {
                    H.form(Attribute("method", "post"), Attribute("action", tab.href), .class("tab-toggle"), .data("confirm", toggle.confirm)) {
                        context.csrfField
                        H.input(.type("hidden"), .name(toggle.name), .value(toggle.value))
                        H.button(.type("submit"), .aria("pressed", toggle.pressed ? "true" : "false")) { tab.label }
                    }
                } else {
                    H.a(.href(tab.href), .aria("current", tab.isCurrent ? "page" : nil)) { tab.label }
                }
            }
        }
    }
}
