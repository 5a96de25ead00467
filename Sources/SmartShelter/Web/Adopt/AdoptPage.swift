import Foundation
import Kernel
import Vapor

/// `/shelter/adopt`: the public adoption pages — the animals waiting for a home (by
/// species) and each one's own page — with no sign-in. They are cacheable and shareable:
/// `Cache-Control: public` with an ETag of the animals' revision and the day (a repeat
/// visit is a 304 without rendering; each server draws a page's content once per revision
/// and day, `AdoptCache`), `Vary: Cookie` so that no cache hands one visitor's page (its
/// form token) to another, and Open Graph tags with the public address.
enum AdoptPage {
    static let path = "\(ShelterWeb.prefix)/adopt"
    /// How long a browser or a cache may keep a page before asking again.
    static let maxAge = 60

    static func register(on web: any RoutesBuilder) {
        web.get("adopt", use: list)
        web.get("adopt", ":animalID", use: show)
        web.post("adopt", ":animalID", use: apply)
        web.get("adopt", ":animalID", "applied", use: applied)
        web.get("adopt", ":animalID", "photo", use: photo)
        web.get("adopt", ":animalID", "photo", "thumbnail", use: thumbnail)
    }

    static func animalPath(_ id: UUID) -> String { "\(path)/\(id.uuidString.lowercased())" }

    static func list(_ req: Request) async throws -> Response {
        // A species that is not one of ours lists every animal rather than failing.
        let species = req.queryValue("species").flatMap(Animal.Species.init(rawValue:))
        let current = try await req.shelter.listing.current()
        let listing = AdoptListing(all: current.available(species: species), page: req.queryValue("page"))
        let today = LocalDay(req.kernel.clock.now, in: req.shelter.timeZone)
        let tag = etag(["list", species?.rawValue ?? "all", String(listing.page)], revision: current.revision, today: today, req)
        return try cacheable(req, etag: tag) {
            req.render(AdoptListView(listing: listing, species: species, today: today, revision: current.revision, publicURL: req.shelter.publicURL,
                                     c: req.viewContext, kept: req.kernel.state.shared { AdoptCache.Lists(capacity: 256) }).page)
        }
    }

    static func show(_ req: Request) async throws -> Response {
        let current = try await req.shelter.listing.current()
        let animal = try current.animal(try animalID(req))
        let today = LocalDay(req.kernel.clock.now, in: req.shelter.timeZone)
        let tag = etag(["animal", animal.id.uuidString.lowercased()], revision: current.revision, today: today, req)
        return try cacheable(req, etag: tag) {
            req.render(AdoptAnimalView(animal: animal, today: today, publicURL: req.shelter.publicURL, c: req.viewContext,
                                       kept: (req.kernel.state.shared { AdoptCache.Animals(capacity: 1_024) }, current.revision)).page)
        }
    }

    /// The application from the animal's page: on to the confirmation, or the page again
    /// with what to correct (never cached).
    static func apply(_ req: Request) async throws -> Response {
        let id = try animalID(req)
        let form = FormState.submitted(by: req)
        let input = ApplicationInput(animalID: id.uuidString, name: form.values["name"], phone: form.values["phone"], email: form.values["email"],
                                     home: form.values["home"])
        var state = form
        var problem: String?
        var status = HTTPResponseStatus.unprocessableEntity
        do {
            _ = try await req.shelter.applications.apply(input, language: req.viewContext.language, address: req.clientAddress)
            return req.redirect(to: "\(animalPath(id))/applied")
        } catch let error as AppError where error.status == .unprocessableEntity {
            state = FormState(values: form.values, errors: error.fieldErrors)
        } catch let error as AppError where error.status == .tooManyRequests || error.status == .conflict {
            problem = error.message(req.viewContext.localizer)
            status = error.status
        }
        let animal = try await req.shelter.listing.animal(id)
        let page = AdoptAnimalView(animal: animal, today: LocalDay(req.kernel.clock.now, in: req.shelter.timeZone), publicURL: req.shelter.publicURL,
                                   c: req.viewContext, sentBack: state, problem: problem).page
        var answer = page
        answer.status = status
        return req.render(answer)
    }

    static func applied(_ req: Request) async throws -> Response {
        let animal = try await req.shelter.listing.animal(try animalID(req))
        return req.render(AppliedView(animal: animal, c: req.viewContext).page)
    }

    static func photo(_ req: Request) async throws -> Response {
        try await image(req, thumbnail: false)
    }

    static func thumbnail(_ req: Request) async throws -> Response {
        try await image(req, thumbnail: true)
    }

    /// A public animal's image, for anyone and any cache, revalidated by its digest; a
    /// non-public animal's is a 404, as if it had no photo.
    private static func image(_ req: Request, thumbnail: Bool) async throws -> Response {
        let image = try await req.shelter.listing.image(of: try animalID(req), thumbnail: thumbnail)
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .eTag, value: image.etag)
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=\(maxAge)")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        if req.headers.first(name: .ifNoneMatch) == image.etag { return Response(status: .notModified, headers: headers) }
        headers.replaceOrAdd(name: .contentType, value: image.contentType)
        return Response(status: .ok, headers: headers, body: .init(data: image.bytes))
    }

    /// The page from `render`, or a 304 when the browser already has this version.
    private static func cacheable(_ req: Request, etag: String, _ render: () -> Response) throws -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=\(maxAge)")
        headers.replaceOrAdd(name: .eTag, value: etag)
        headers.replaceOrAdd(name: .vary, value: "Cookie, Accept-Language")
        if req.headers.first(name: .ifNoneMatch) == etag { return Response(status: .notModified, headers: headers) }
        let response = render()
        for (name, value) in headers { response.headers.replaceOrAdd(name: name, value: value) }
        return response
    }

    /// A weak validator of what the page shows: the public animals' revision (any change
    /// to what a page shows moves it), the day its ages are counted to, the page and the
    /// language (the form token and the header differ per visitor, so the bytes are not the
    /// same: weak).
    private static func etag(_ parts: [String], revision: Int64, today: LocalDay, _ req: Request) -> String {
        "W/\"" + ([req.viewContext.language.rawValue, String(revision), today.description] + parts).joined(separator: "-") + "\""
    }

    static func animalID(_ req: Request) throws -> UUID {
        try req.uuidParameter("animalID", notFound: "animal_not_found", key: "ss.error.animal_not_found")
    }
}
