import Foundation
import Kernel
import Vapor

/// `GET /movejoin/events/map`: the Events tab as a map of a city's upcoming events with a
/// place, and the markers for the part of the map in view (`…/map/events.json?bbox=…`,
/// the same search as the list and the API's `bbox`).
enum EventMapPage {
    static func register(on web: any RoutesBuilder) {
        web.get("events", "map", use: show)
        web.get("events", "map", "events.json", use: markers)
    }

    static func show(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let cityID = req.query[String.self, at: "city"].flatMap { City.find($0)?.id } ?? mover.profile.cityID
        let available = Leaflet.isInstalled
        if available { req.allowImages(from: Leaflet.tileOrigin) }
        let model = EventMapView.Model(cityID: cityID, centre: CityCentres.centre(of: cityID), available: available)
        return req.render(EventMapView(model: model, mover: mover, c: req.viewContext).page)
    }

    /// One marker: what its popup says and where its event's page is.
    struct Marker: Content {
        let id: String
        let title: String
        let sport: String
        let when: String
        let places: String
        let latitude: Double
        let longitude: Double
        let url: String
        let mine: Bool
    }

    struct Markers: Content {
        let events: [Marker]
        /// More events are in view than were sent: zoom in to see them all.
        let more: Bool
    }

    /// The events in the box, soonest first, up to a hundred.
    static func markers(_ req: Request) async throws -> Markers {
        let mover = try await req.mover()
        var search = try SearchQuery.parse(req.url.query, defaultCity: mover.profile.cityID)
        guard search.bbox != nil else { throw AppError.validation([FieldError(field: "bbox", key: "validation.required")]) }
        search.pageSize = EventSearch.maxPageSize
        let found = try await req.moveJoin.sportEvents.search(search, for: mover)
        let l = req.localizer
        let markers = found.events.compactMap { view -> Marker? in
            let event = view.event
            guard let latitude = event.latitude, let longitude = event.longitude else { return nil }
            return Marker(id: event.id.uuidString.lowercased(), title: event.title, sport: SportType.name(of: event.sportTypeID, in: l.language),
                          when: MoveJoinWeb.when(event, l), places: MoveJoinWeb.placesText(event, l), latitude: latitude, longitude: longitude,
                          url: MoveJoinWeb.eventPath(event.id), mine: view.myStatus != nil)
        }
        return Markers(events: markers, more: found.nextPageToken != nil)
    }
}
