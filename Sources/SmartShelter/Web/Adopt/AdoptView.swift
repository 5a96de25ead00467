import Foundation
import Kernel

/// How a public animal reads: its kind, age and how long it has waited.
enum AdoptText {
    /// "Собака · лабрадор · самець".
    static func kind(_ a: PublicAnimal, _ l: Localizer) -> String {
        [l.text("ss.species.\(a.species.rawValue)"), a.breed, l.text("ss.sex.\(a.sex.rawValue)")].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "2 роки", "5 місяців", "3 тижні" (with "about" when the birthday is estimated); nil
    /// without a birthday.
    static func age(_ a: PublicAnimal, today: LocalDay, _ l: Localizer) -> String? {
        guard let born = a.bornOn else { return nil }
        let months = (today.year - born.year) * 12 + today.month - born.month - (today.day < born.day ? 1 : 0)
        let text = months >= 24 ? l.plural("ss.adopt.years", count: months / 12)
            : months >= 1 ? l.plural("ss.adopt.months", count: months)
            : l.plural("ss.adopt.weeks", count: max(0, today.daysSinceEpoch - born.daysSinceEpoch) / 7)
        return a.birthEstimated ? l.text("ss.adopt.about", ["age": text]) : text
    }

    /// «чекає 45 днів» under two months, in months after: a line of the list.
    static func waited(_ a: PublicAnimal, today: LocalDay, _ l: Localizer) -> String? {
        waitedDays(a, today: today).map { days in
            days < 60 ? l.plural("ss.adopt.waited_days", count: days) : l.plural("ss.adopt.waited_months", count: days / 30)
        }
    }

    /// «45 днів», as `waited`, under the animal page's «Чекає на дім».
    static func waitedFor(_ a: PublicAnimal, today: LocalDay, _ l: Localizer) -> String? {
        waitedDays(a, today: today).map { days in days < 60 ? l.plural("ss.adopt.days", count: days) : l.plural("ss.adopt.months", count: days / 30) }
    }

    private static func waitedDays(_ a: PublicAnimal, today: LocalDay) -> Int? {
        a.intakeOn.map { max(0, today.daysSinceEpoch - $0.daysSinceEpoch) }
    }

    /// The description for link previews: the staff's text, or the animal's kind and age.
    static func summary(_ a: PublicAnimal, today: LocalDay, _ l: Localizer) -> String {
        if !a.description.isEmpty { return String(a.description.prefix(200)) }
        return [kind(a, l), age(a, today: today, l)].compactMap { $0 }.joined(separator: ", ")
    }
}

/// One page of the animals waiting for a home: `pageSize` cards, so that a phone loads
/// a screenful or two, not a shelter's every photo.
struct AdoptListing {
    static let pageSize = 24

    let total: Int
    /// From 1; a page typed past the last (or not a number) is the nearest real one.
    let page: Int
    let pageCount: Int
    let animals: [PublicAnimal]
    /// The first card's place in the whole list, from 1.
    var first: Int { (page - 1) * Self.pageSize + 1 }

    init(all: [PublicAnimal], page typed: String?) {
        total = all.count
        pageCount = max(1, (all.count + Self.pageSize - 1) / Self.pageSize)
        page = min(max(1, typed.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1), pageCount)
        animals = Array(all.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize))
    }
}

/// The public pages' content depends on nothing but the public animals (so on the animals'
/// revision), the day (ages and waits are counted to it) and what is asked: each server
/// renders a page's content once per revision and day (`FragmentCache`) and serves it to
/// every visitor, their form token filled in.
enum AdoptCache {
    /// One list page: which species, which page, in which language.
    struct ListKey: Hashable, Sendable {
        let species: Animal.Species?
        let page: Int
        let language: Language
    }

    /// One animal's page in one language.
    struct AnimalKey: Hashable, Sendable {
        let animal: UUID
        let language: Language
    }

    /// What a kept page was drawn from.
    struct Drawn: Equatable, Sendable {
        let revision: Int64
        let today: LocalDay
    }

    typealias Lists = FragmentCache<ListKey, Drawn>
    typealias Animals = FragmentCache<AnimalKey, Drawn>
}

/// `/shelter/adopt`: the animals waiting for a home, the longest-waiting first, a page at a
/// time, with a list of species to narrow it (links, nothing to type).
struct AdoptListView {
    let listing: AdoptListing
    let species: Animal.Species?
    let today: LocalDay
    /// The animals' revision `listing` was read at.
    let revision: Int64
    let publicURL: String
    let c: ViewContext
    let kept: AdoptCache.Lists

    private var l: Localizer { c.localizer }

    var page: Page {
        let title = l.text("ss.adopt.title")
        var page = ShelterWeb.shell(nil, title: title, section: .none, c) {
            kept.html(AdoptCache.ListKey(species: species, page: listing.page, language: c.language), AdoptCache.Drawn(revision: revision, today: today),
                      in: c) { c in
                AdoptListContent(listing: listing, species: species, today: today, l: c.localizer).html
            }
        }
        let url = publicURL + AdoptListContent.pagePath(listing.page, species: species)
        page.headMeta = [.init(property: "og:type", content: "website"), .init(property: "og:title", content: title),
                         .init(property: "og:description", content: l.text("ss.adopt.intro")), .init(property: "og:url", content: url)]
            + (animals.first { $0.photoDigest != nil }.map { [.init(property: "og:image", content: publicURL + AdoptPage.animalPath($0.id) + "/photo")] } ?? [])
        return page
    }

    private var animals: [PublicAnimal] { listing.animals }
}

/// The list page's content: the title, the species, the cards and the pager.
struct AdoptListContent {
    let listing: AdoptListing
    let species: Animal.Species?
    let today: LocalDay
    let l: Localizer

    @HTMLBuilder
    var html: HTML {
        H.h1 { l.text("ss.adopt.title") }
        H.p { l.text("ss.adopt.intro") }
        filter
        if animals.isEmpty {
            H.p(.class("empty")) { l.text(species == nil ? "ss.adopt.none" : "ss.adopt.none_of_species") }
        } else {
            if listing.pageCount > 1 {
                H.p(.class("hint"), .id("adopt-shown")) {
                    l.text("ss.adopt.shown", ["first": l.number(listing.first), "last": l.number(listing.first + animals.count - 1),
                                              "total": l.number(listing.total)])
                }
            }
            H.ul(.class("plain-list adopt-list")) { HTMLBuilder.join(animals.map(card)) }
            pager
        }
    }

    private var animals: [PublicAnimal] { listing.animals }

    /// The list's page `n` of `species` (or all).
    static func pagePath(_ n: Int, species: Animal.Species?) -> String {
        let query = [species.map { "species=\($0.rawValue)" }, n > 1 ? "page=\(n)" : nil].compactMap { $0 }
        return AdoptPage.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    private func pagePath(_ n: Int) -> String { Self.pagePath(n, species: species) }

    /// Earlier and later pages, as links a thumb can hit.
    private var pager: HTML {
        guard listing.pageCount > 1 else { return .empty }
        return H.nav(.class("adopt-pager"), .aria("label", l.text("ss.adopt.pages"))) {
            if listing.page > 1 {
                H.a(.href(pagePath(listing.page - 1)), Attribute("rel", "prev")) { l.text("ss.adopt.previous") }
            }
            H.span(.class("hint")) { l.text("ss.adopt.page_of", ["page": l.number(listing.page), "pages": l.number(listing.pageCount)]) }
            if listing.page < listing.pageCount {
                H.a(.href(pagePath(listing.page + 1)), Attribute("rel", "next")) { l.text("ss.adopt.next") }
            }
        }
    }

    private var filter: HTML {
        H.nav(.class("species-filter"), .aria("label", l.text("ss.adopt.filter"))) {
            H.ul {
                H.li { H.a(.href(AdoptPage.path), .aria("current", species == nil ? "page" : nil)) { l.text("ss.adopt.all") } }
                HTMLBuilder.join(Animal.Species.allCases.map { kind in
                    H.li {
                        H.a(.href("\(AdoptPage.path)?species=\(kind.rawValue)"), .aria("current", species == kind ? "page" : nil)) {
                            l.text("ss.adopt.species.\(kind.rawValue)")
                        }
                    }
                })
            }
        }
    }

    private func card(_ a: PublicAnimal) -> HTML {
        let id = "adopt-\(a.id.uuidString.lowercased())"
        return H.li(.class("card adopt-card"), .aria("labelledby", id)) {
            if a.photoDigest != nil {
                // Decorative: the name beside it says whose it is.
                H.img(Attribute("src", "\(AdoptPage.animalPath(a.id))/photo/thumbnail"), Attribute("alt", ""), .class("adopt-thumbnail"),
                      Attribute("loading", "lazy"))
            }
            H.h2(.id(id)) { H.a(.href(AdoptPage.animalPath(a.id))) { a.name } }
            H.p { AdoptText.kind(a, l) }
            H.p(.class("hint")) { [AdoptText.age(a, today: today, l), AdoptText.waited(a, today: today, l)].compactMap { $0 }.joined(separator: " · ") }
            if !a.description.isEmpty { H.p(.class("adopt-description")) { a.description } }
        }
    }
}

/// `/shelter/adopt/{id}`: one animal waiting for a home, to share and to apply for.
struct AdoptAnimalView {
    let animal: PublicAnimal
    let today: LocalDay
    let publicURL: String
    let c: ViewContext
    /// The application form as sent back to be corrected; nil for the empty one, and then
    /// the page's content is drawn once per revision and day (`kept`, at `revision`).
    var sentBack: FormState? = nil
    var problem: String? = nil
    var kept: (cache: AdoptCache.Animals, revision: Int64)? = nil

    private var l: Localizer { c.localizer }

    var page: Page {
        let a = animal
        var page = ShelterWeb.shell(nil, title: a.name, section: .none, c) {
            if let kept, sentBack == nil {
                kept.cache.html(AdoptCache.AnimalKey(animal: a.id, language: c.language), AdoptCache.Drawn(revision: kept.revision, today: today),
                                in: c) { c in content(c) }
            } else {
                content(c)
            }
        }
        let url = publicURL + AdoptPage.animalPath(a.id)
        page.headMeta = [.init(property: "og:type", content: "website"), .init(property: "og:title", content: l.text("ss.adopt.og_title", ["name": a.name])),
                         .init(property: "og:description", content: AdoptText.summary(a, today: today, l)), .init(property: "og:url", content: url)]
            + (a.photoDigest != nil ? [.init(property: "og:image", content: url + "/photo")] : [])
        return page
    }

    /// The photo, the facts and the form, in `c` (whose token may be a hole to fill).
    @HTMLBuilder
    private func content(_ c: ViewContext) -> HTML {
        let a = animal, l = c.localizer
        H.p(.class("breadcrumb")) { H.a(.href(AdoptPage.path)) { l.text("ss.adopt.title") } }
        H.h1 { a.name }
        if a.photoDigest != nil {
            H.a(.href("\(AdoptPage.animalPath(a.id))/photo")) {
                H.img(Attribute("src", "\(AdoptPage.animalPath(a.id))/photo/thumbnail"), Attribute("alt", l.text("ss.photo.alt", ["name": a.name])),
                      .class("adopt-photo"))
            }
        }
        H.section(.class("card"), .aria("label", l.text("ss.animal.facts"))) {
            H.dl(.class("facts")) {
                H.dt { l.text("ss.field.species") }
                H.dd { AdoptText.kind(a, l) }
                if let age = AdoptText.age(a, today: today, l) {
                    H.dt { l.text("ss.adopt.age") }
                    H.dd { age }
                }
                if let waited = AdoptText.waitedFor(a, today: today, l) {
                    H.dt { l.text("ss.adopt.waiting") }
                    H.dd { waited }
                }
            }
            if !a.description.isEmpty { H.p(.class("adopt-description")) { a.description } }
        }
        ApplicationForm(animalID: a.id, state: sentBack ?? FormState(), problem: problem, c: c).html
    }
}
