import Foundation
import Kernel
import Vapor

/// The event form: empty for the Add tab (`event` nil), filled for the creator's changes.
struct EventFormView {
    let mover: Mover
    /// The event being changed; nil for a new one.
    let event: EventRecord?
    let form: FormState
    var status: HTTPResponseStatus = .ok
    /// Where the place picker's map opens; nil without the map library.
    var mapCentre: GeoPoint? = nil
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        let title = l.text(event == nil ? "mj.add.title" : "mj.edit.title")
        let action = event.map { "\(MoveJoinWeb.eventPath($0.id))/edit" } ?? "\(MoveJoinWeb.prefix)/events/new"
        return MoveJoinWeb.shell(mover, title: title, section: event == nil ? .add : .events, status: status,
                                 scripts: mapCentre == nil ? [] : ["movejoin-map.js"], c) {
            H.h1 { title }
            Components.errorSummary(form, l)
            Components.postForm(c, action: action, classes: "event-form") {
                fields
                Components.primaryButton(l.text(event == nil ? "mj.add.submit" : "mj.edit.submit"))
            }
            if let event {
                H.a(.class("button button-block"), .href(MoveJoinWeb.eventPath(event.id))) { l.text("mj.back") }
            }
        }
    }

    /// What, where, when, how long, for how many and for whom.
    @HTMLBuilder private var fields: HTML {
        SelectField(name: "sportTypeId", label: l.text("mj.field.sport"), options: SportType.options(in: l.language)).render(form, l)
        FormField(name: "title", label: l.text("mj.field.title"), maxLength: EventRules.titleMaxLength).render(form, l)
        TextAreaField(name: "description", label: l.text("mj.field.description"), required: false,
                      maxLength: EventRules.descriptionMaxLength).render(form, l)
        SelectField(name: "cityId", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l)).render(form, l)
        FormField(name: "venue", label: l.text("mj.field.venue"), hint: l.text("mj.hint.venue"), autocomplete: "street-address",
                  maxLength: EventRules.venueMaxLength).render(form, l)
        H.fieldset(.class("field coordinates")) {
            H.legend { l.text("mj.field.place_on_map") }
            H.p(.class("hint")) { l.text("mj.hint.coordinates") }
            H.div(.class("field-row")) {
                FormField(name: "latitude", label: l.text("mj.field.latitude"), required: false, inputMode: "decimal", maxLength: 20).render(form, l)
                FormField(name: "longitude", label: l.text("mj.field.longitude"), required: false, inputMode: "decimal", maxLength: 20).render(form, l)
            }
            if let centre = mapCentre {
                H.p(.class("hint")) { l.text("mj.map.pick") }
                H.div(.class("pick-map"), .data("pick-map", "true"), .data("leaflet", Leaflet.path), .data("tiles", Leaflet.tiles),
                      .data("attribution", Leaflet.attribution), .data("latitude", String(centre.latitude)),
                      .data("longitude", String(centre.longitude)), .data("zoom", "12"), .role("region"),
                      .aria("label", l.text("mj.map.pick")), .flag("hidden")) {}
            }
            // movejoin.js shows it where the browser can tell where the phone is.
            H.button(.type("button"), .class("button"), .data("geolocate", "true"), .flag("hidden")) { l.text("mj.geolocate") }
        }
        H.div(.class("field-row")) {
            FormField(name: "startDate", label: l.text("mj.field.start_date"), type: "date").render(form, l)
            FormField(name: "startTime", label: l.text("mj.field.start_time"), type: "time", hint: l.text("mj.hint.city_time")).render(form, l)
        }
        H.div(.class("field-row")) {
            FormField(name: "durationMinutes", label: l.text("mj.field.duration"), type: "number", hint: l.text("mj.hint.duration"),
                      inputMode: "numeric").render(form, l)
            FormField(name: "capacity", label: l.text("mj.field.capacity"), type: "number", hint: l.text("mj.hint.capacity"),
                      inputMode: "numeric").render(form, l)
        }
        SelectField(name: "skillLevel", label: l.text("mj.field.skill"), options: MoveJoinWeb.skillOptions(l), includeEmpty: false).render(form, l)
        minimum
    }

    /// At least so many players, decided so long before the start; empty for no minimum.
    private var minimum: HTML {
        H.div(.class("field-row")) {
            FormField(name: "minPlayers", label: l.text("mj.field.min_players"), type: "number", hint: l.text("mj.field.min_players_hint"),
                      required: false, inputMode: "numeric").render(form, l)
            SelectField(name: "decideAt", label: l.text("mj.field.decide_at"),
                        options: EventFormPage.decisionLeads.map { (String($0), l.text("mj.decide.hours", ["n": String($0)])) },
                        required: false, includeEmpty: false).render(form, l)
        }
    }
}
