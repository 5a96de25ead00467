import Foundation

/// A point on the map, as the search takes it: `50.4501,30.5234` (latitude, longitude).
public struct GeoPoint: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double

    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// «50.45,30.52» or «50,45; 30,52» (decimal commas, as Ukrainian keyboards type them).
    public init?(parsing text: String) {
        let separator: Character = text.contains(";") ? ";" : ","
        var parts = text.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".") }
        // «50,45,30,52»: decimal commas and a comma between the two.
        if parts.count == 4, separator == "," { parts = ["\(parts[0]).\(parts[1])", "\(parts[2]).\(parts[3])"] }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// As the search's query writes it.
    public var query: String { String(format: "%.5f,%.5f", latitude, longitude) }
}

/// Events within a radius of a point. The distance is the equirectangular one: flat
/// within a city, so it needs only arithmetic — SQLite has no trigonometry — and SQLite,
/// PostgreSQL and Swift compute the same number. Within 100 km of a point in Ukraine it
/// differs from the great-circle distance by under 0.5 %.
public struct NearbyFilter: Sendable, Equatable {
    public let centre: GeoPoint
    public let radiusKm: Double

    public static let radiusRange: ClosedRange<Double> = 0.1...100
    /// The web form's choices.
    public static let radiusChoices: [Double] = [1, 2, 5, 10, 25]
    /// Kilometres in a degree of latitude (the mean; 110.6 at the equator, 111.7 at the poles).
    static let kmPerDegree = 111.2

    public init(centre: GeoPoint, radiusKm: Double) {
        self.centre = centre
        self.radiusKm = radiusKm
    }

    /// The squared scale of a degree of latitude, of longitude (narrower away from the
    /// equator), and the squared radius: the statement's parameters.
    static let latitudeScale2 = kmPerDegree * kmPerDegree
    var longitudeScale2: Double { pow(Self.kmPerDegree * cos(centre.latitude * .pi / 180), 2) }
    var radius2: Double { radiusKm * radiusKm }

    /// The distance from the centre, as the search measures it.
    public static func kilometres(from a: GeoPoint, to b: GeoPoint) -> Double {
        let filter = NearbyFilter(centre: a, radiusKm: 0)
        let dLat = b.latitude - a.latitude, dLon = b.longitude - a.longitude
        return (dLat * dLat * latitudeScale2 + dLon * dLon * filter.longitudeScale2).squareRoot()
    }
}

/// The part of the map a map view shows: `bbox=west,south,east,north` (longitudes and
/// latitudes in degrees, the order of OpenStreetMap's and GeoJSON's boxes). Only events
/// with a place inside it are found.
public struct BoundingBox: Sendable, Equatable {
    public let west: Double
    public let south: Double
    public let east: Double
    public let north: Double

    /// Nil unless four finite numbers on the globe, west of east and south of north.
    public init?(west: Double, south: Double, east: Double, north: Double) {
        guard [west, south, east, north].allSatisfy(\.isFinite), (-180...180).contains(west), (-180...180).contains(east),
              (-90...90).contains(south), (-90...90).contains(north), west < east, south < north else { return nil }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// «30.40,50.38,30.65,50.52».
    public init?(parsing text: String) {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let west = numbers[0], let south = numbers[1], let east = numbers[2], let north = numbers[3] else { return nil }
        self.init(west: west, south: south, east: east, north: north)
    }
}
