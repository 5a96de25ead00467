import Foundation
import Vapor

/// What a phone needs to add an app to its home screen: a manifest, an icon, a theme.
enum WebAppManifest {
    static func response(name: String, startURL: String, themeColor: String, iconURL: String, language: Language) -> Response {
        let manifest: [String: Any] = [
            "name": name,
            "short_name": name,
            "lang": language.rawValue,
            "start_url": startURL,
            "scope": startURL,
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": themeColor,
            "icons": [
                ["src": iconURL, "sizes": "any", "type": "image/svg+xml", "purpose": "any"],
                ["src": iconURL, "sizes": "any", "type": "image/svg+xml", "purpose": "maskable"],
            ],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Response(status: .ok, headers: ["Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600"],
                        body: .init(data: data))
    }

    /// A square icon: the app's letters on its colour (safe for "maskable" cropping).
    static func icon(letters: String, color: String) -> Response {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="\(HTML.escape(color))"/>\
        <text x="256" y="256" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="220" fill="#fff">\(HTML.escape(letters))</text></svg>
        """
        return Response(status: .ok, headers: ["Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400"], body: .init(string: svg))
    }

    /// The per-app theme: the design system reads `--accent` everywhere it needs the app's colour.
    static func themeStylesheet(accent: String) -> Response {
        let css = ":root { --accent: \(accent); }\n"
        return Response(status: .ok, headers: ["Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=3600"], body: .init(string: css))
    }
}
