import Vapor

/// `/`: every app of the suite with one line about it; mounted ones are links.
enum LandingPage {
    static func response(for request: Request) -> Response {
        let kernel = request.kernel
        return request.render(view(mounted: kernel.apps.map(\.descriptor), upcoming: kernel.upcoming, request.viewContext))
    }

    static func view(mounted: [AppDescriptor], upcoming: [AppDescriptor], _ c: ViewContext) -> Page {
        let l = c.localizer
        let content = H.section(.class("landing")) {
            H.h1 { l.text("landing.title") }
            H.p(.class("lead")) { l.text("landing.intro") }
            H.section(.id("apps"), .aria("labelledby", "apps-heading")) {
                H.h2(.id("apps-heading"), .class("visually-hidden")) { l.text("landing.apps") }
                H.ul(.class("app-list")) {
                    for app in mounted { card(app, l, isMounted: true) }
                    for app in upcoming { card(app, l, isMounted: false) }
                }
            }
        }
        return Page(title: l.text("site.name"), content: content)
    }

    private static func card(_ app: AppDescriptor, _ l: Localizer, isMounted: Bool) -> HTML {
        let name = app.name(in: l.language)
        return H.li(.class("app card"), .data("app", app.id)) {
            H.span(.class("app-icon"), .aria("hidden", "true")) { app.iconLetters }
            H.div(.class("app-text")) {
                H.h3 { name }
                H.p { app.tagline(in: l.language) }
            }
            if isMounted {
                H.a(.class("button button-primary"), .href("\(app.pathPrefix)/"), .aria("label", l.text("landing.open_app", ["name": name]))) { l.text("landing.open") }
            } else {
                H.span(.class("soon")) { l.text("landing.soon") }
            }
        }
    }
}
