import Foundation
import Kernel
import Vapor

/// The map library: Debian's `libjs-leaflet`, served from where the package installs it
/// (`HROMADA_LEAFLET_DIR` to look elsewhere), never copied into the repository. Without
/// it the map view says the map is unavailable and the list works as ever.
enum Leaflet {
    static let defaultDirectory = "/usr/share/javascript/leaflet"
    /// The address the files are served under.
    static let path = "\(MoveJoinWeb.prefix)/leaflet"
    /// OpenStreetMap's tiles, and the attribution their use requires.
    static let tiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    static let tileOrigin = "https://tile.openstreetmap.org"
    static let attribution = #"&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>"#

    /// The only files served: the script, its stylesheet and the images the stylesheet names.
    static let files: [String: HTTPMediaType] = [
        "leaflet.js": .init(type: "text", subType: "javascript", parameters: ["charset": "utf-8"]),
        "leaflet.css": .init(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
        "images/layers.png": .png, "images/layers-2x.png": .png, "images/marker-icon.png": .png,
        "images/marker-icon-2x.png": .png, "images/marker-shadow.png": .png,
    ]

    static var directory: String { Environment.get("HROMADA_LEAFLET_DIR").flatMap { $0.isEmpty ? nil : $0 } ?? defaultDirectory }

    /// Whether this server can show maps.
    static var isInstalled: Bool { FileManager.default.isReadableFile(atPath: directory + "/leaflet.js") }

    static func register(on web: any RoutesBuilder) {
        web.get("leaflet", ":file") { req in try serve(req.parameters.get("file") ?? "", req) }
        web.get("leaflet", "images", ":file") { req in try serve("images/" + (req.parameters.get("file") ?? ""), req) }
    }

    static func serve(_ name: String, _ req: Request) throws -> Response {
        guard let type = files[name], let data = FileManager.default.contents(atPath: directory + "/" + name) else {
            throw AppError.notFound(code: "no_such_file", key: "mj.map.unavailable")
        }
        var headers = HTTPHeaders()
        headers.contentType = type
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=86400")
        return Response(status: .ok, headers: headers, body: .init(data: data))
    }
}
