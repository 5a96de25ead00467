import Foundation

/// Where an event is, for the phone's map app (a `geo:` URI, RFC 5870, with the Android
/// `q` query that names the pin) and for OpenStreetMap in the browser.
struct MapLinks: Equatable {
    let geo: String
    let openStreetMap: String

    init(latitude: Double?, longitude: Double?, place: String) {
        let query = place.addingPercentEncoding(withAllowedCharacters: Self.queryAllowed) ?? ""
        if let latitude, let longitude {
            let at = "\(Self.format(latitude)),\(Self.format(longitude))"
            geo = "geo:\(at)?q=\(at)(\(query))"
            openStreetMap = "https://www.openstreetmap.org/?mlat=\(Self.format(latitude))&mlon=\(Self.format(longitude))"
                + "#map=17/\(Self.format(latitude))/\(Self.format(longitude))"
        } else {
            geo = "geo:0,0?q=\(query)"
            openStreetMap = "https://www.openstreetmap.org/search?query=\(query)"
        }
    }

    /// Six decimals: about ten centimetres, with no exponent or locale in the way.
    static func format(_ value: Double) -> String { String(format: "%.6f", value) }

    static let queryAllowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()
}
