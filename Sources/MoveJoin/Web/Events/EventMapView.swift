import Foundation
import Kernel

/// The Events tab as a map: the city's upcoming events with a place, as markers that open
/// a short card; the list is a tap away (and the default). Without the map library on the
/// server, it says so and points to the list.
struct EventMapView {
    struct Model {
        let cityID: String
        /// Where the map opens.
        let centre: GeoPoint
        /// Whether the server has the map library (`Leaflet.isInstalled`).
        let available: Bool
    }

    let model: Model
    let mover: Mover
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var city: String { City.name(of: model.cityID, in: l.language) }

    var page: Page {
        MoveJoinWeb.shell(mover, title: l.text("mj.map.title", ["city": city]), section: .events, scripts: ["movejoin-map.js"], c) {
            H.h1 { l.text("mj.map.title", ["city": city]) }
            MoveJoinWeb.viewSwitch(.map, cityID: model.cityID, l)
            if model.available {
                H.div(.id("event-map"), .class("event-map"), .role("region"), .aria("label", l.text("mj.map.label", ["city": city])),
                      .data("event-map", "\(MoveJoinWeb.prefix)/events/map/events.json?city=\(model.cityID)"),
                      .data("leaflet", Leaflet.path), .data("tiles", Leaflet.tiles), .data("attribution", Leaflet.attribution),
                      .data("latitude", String(model.centre.latitude)), .data("longitude", String(model.centre.longitude)),
                      .data("zoom", "12"), .data("more", l.text("mj.map.more"))) {}
                H.p(.class("hint")) { l.text("mj.map.hint") }
            }
            // Shown from the start without the library; by the script when it cannot load it.
            H.p(.class("flash map-unavailable"), .role("status"), .flag("hidden", model.available)) { l.text("mj.map.unavailable") }
        }
    }
}
