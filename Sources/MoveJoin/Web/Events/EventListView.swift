import Foundation
import Kernel

/// The Events tab: unread notices, the filters, the events found and the way to more.
struct EventListView {
    let mover: Mover
    /// The search as read (its city heads the page); the person's city when the query could not be read.
    let search: EventSearch
    /// The filters as typed, with what was wrong with them.
    let filters: FormState
    let events: [EventView]
    /// The next page of the same search, when there is one.
    let moreURL: String?
    /// The newest unread notices; nil when nothing is unread.
    let unreadNotices: [Notice]?
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { MoveJoinWeb.prefix }
    private var filtersAreValid: Bool { filters.errors.isEmpty }

    var page: Page {
        MoveJoinWeb.shell(mover, title: l.text("mj.events.title"), section: .events, status: filtersAreValid ? .ok : .unprocessableEntity, c) {
            if let notices = unreadNotices { noticeBanner(notices) }
            H.h1 { l.text("mj.events.heading", ["city": City.name(of: search.cityID, in: l.language)]) }
            MoveJoinWeb.viewSwitch(.list, cityID: search.cityID, l)
            filterForm
            if events.isEmpty {
                H.p(.class("empty")) { l.text(filtersAreValid ? "mj.events.none" : "mj.events.fix_filters") }
            } else {
                H.ul(.class("event-list")) {
                    for event in events { H.li { EventCardView.card(event, near: search.near, c) } }
                }
            }
            if let more = moreURL {
                H.a(.class("button button-block"), .href(more)) { l.text("mj.events.more") }
            }
        }
    }

    /// The filters: a GET form, so a filtered list has its own address. The optional ones
    /// fold away unless one is set or wrong.
    private var filterForm: HTML {
        let state = filters
        let open = search.sportTypeIDs.count + (search.from == nil ? 0 : 1) + (search.to == nil ? 0 : 1)
            + (search.skillLevel == nil ? 0 : 1) + (search.text == nil ? 0 : 1) + (search.near == nil ? 0 : 1) > 0 || !state.errors.isEmpty
        return H.form(.class("filters"), Attribute("method", "get"), Attribute("action", "\(prefix)/events"), .role("search")) {
            SelectField(name: "city", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l), includeEmpty: false).render(state, l)
            H.element("details", [.flag("open", open)], content: HTMLBuilder.join([
                H.element("summary", [], content: HTML(text: l.text("mj.filters.more"))),
                SelectField(name: "sport", label: l.text("mj.field.sport"), options: SportType.options(in: l.language), required: false,
                            emptyLabel: l.text("mj.filters.all_sports")).render(state, l),
                SelectField(name: "skill", label: l.text("mj.field.skill"), options: MoveJoinWeb.skillOptions(l), required: false,
                            emptyLabel: l.text("mj.filters.all_levels")).render(state, l),
                FormField(name: "from", label: l.text("mj.filters.from"), type: "date", required: false).render(state, l),
                FormField(name: "to", label: l.text("mj.filters.to"), type: "date", required: false).render(state, l),
                FormField(name: "q", label: l.text("mj.filters.text"), type: "search", required: false, maxLength: 100).render(state, l),
                nearbyFields(state),
            ]))
            H.button(.type("submit"), .class("button button-primary")) { l.text("mj.filters.apply") }
        }
    }

    /// Where the person is (typed, or «Моє місце зараз» from the phone) and how far they
    /// would go; events then show their distance.
    private func nearbyFields(_ state: FormState) -> HTML {
        H.fieldset(.class("field nearby")) {
            H.legend { l.text("mj.filters.nearby") }
            FormField(name: "near", label: l.text("mj.filters.near"), hint: l.text("mj.hint.near"), required: false,
                      inputMode: "decimal", maxLength: 40).render(state, l)
            // movejoin.js shows it where the browser can tell where the phone is.
            H.button(.type("button"), .class("button"), .data("geolocate", "near"), .flag("hidden")) { l.text("mj.geolocate") }
            SelectField(name: "within", label: l.text("mj.filters.within"),
                        options: NearbyFilter.radiusChoices.map { km in (String(Int(km)), l.text("mj.filters.within_km", ["km": l.number(km, fractionDigits: 0)])) },
                        required: false, emptyLabel: l.text("mj.filters.any_distance")).render(state, l)
        }
    }

    /// Each notice links to its event; one button marks them all read.
    private func noticeBanner(_ notices: [Notice]) -> HTML {
        H.section(.class("notices"), .aria("label", l.text("mj.notices.title"))) {
            H.h2 { l.text("mj.notices.title") }
            H.ul {
                for notice in notices {
                    H.li {
                        H.a(.href(MoveJoinWeb.eventPath(notice.eventID))) {
                            l.text("mj.notice.\(notice.kind.rawValue)", ["title": notice.eventTitle])
                        }
                    }
                }
            }
            Components.postForm(c, action: "\(prefix)/notifications/read") {
                H.button(.type("submit"), .class("button")) { l.text("mj.notices.mark_read") }
            }
        }
    }
}
