import Foundation
import Kernel
import Vapor

/// `/profile`: a pensioner's, volunteer's or relative's own details, and everyone's way to the
/// password page and out.
enum ProfilePage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("profile", use: profile)
        web.post("profile", use: save)
        web.on(.POST, "profile", "photo", body: .collect(maxSize: "1mb"), use: uploadPhoto)
        web.get("volunteers", ":volunteerID", "photo", use: photo)
    }

    /// The upload from `photo-upload.js` (multipart, the CSRF token in its header); answered
    /// with where to go next, which the script opens.
    static func uploadPhoto(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        // A malformed body is as good as no photo: the page says a photo is needed.
        let upload = try? MultipartUpload.decode(PhotoUpload.self, from: req, key: "ga.photo.multipart")
        let back = "\(prefix)/profile"
        let response: Response
        do {
            try await req.goldenAger.photos.upload(upload?.photo.map { Array($0.data.readableBytesView) }, by: member)
            response = req.redirect(to: back, flash: .success, "ga.photo.saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let problem = error.fieldErrors.first
            response = req.redirect(to: back, flash: .error, problem?.key ?? error.key, problem?.arguments ?? [:])
        }
        return try MultipartUpload.answer(response, to: req)
    }

    struct PhotoUpload: Content {
        let photo: File?
    }

    /// A volunteer's photo, to those who may see it (`VolunteerPhotoService`).
    static func photo(_ req: Request) async throws -> Response {
        let member = try await req.member()
        return GoldenAgerWeb.image(try await req.goldenAger.photos.photo(of: try req.uuidParameter("volunteerID"), for: member), req)
    }

    /// The form filled with what the profile holds (the birthday as people type it).
    static func profile(_ req: Request) async throws -> Response {
        let member = try await req.member()
        var values: [String: String] = [:]
        if let profile = member.profile {
            values = ["firstName": profile.firstName, "lastName": profile.lastName, "city": profile.city,
                      "address": profile.address ?? "", "organisationId": profile.$organisation.id?.uuidString ?? "",
                      "birthday": Birthday.parse(profile.birthday, today: .distantFuture, timeZone: req.goldenAger.timeZone).map(\.typed).get(or: profile.birthday)]
        }
        return try await respond(req, member, state: FormState(values: values))
    }

    static func save(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .volunteer, .relative)
        let state = FormState.submitted(by: req)
        // A relative's profile is their name: help goes to the pensioner's city and address.
        let isRelative = member.role == .relative
        do {
            _ = try await req.goldenAger.profiles.update(member, with: ProfileChanges(
                firstName: state.values["firstName"] ?? "", lastName: state.values["lastName"] ?? "",
                birthday: isRelative ? nil : state.values["birthday"] ?? "", city: isRelative ? nil : state.values["city"] ?? "",
                address: member.role == .pensioner ? state.values["address"] ?? "" : nil,
                organisationID: member.role == .volunteer ? state.values["organisationId"] ?? "" : nil))
            return req.redirect(to: "\(prefix)/profile", flash: .success, "ga.profile.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await respond(req, member, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    /// The page; a volunteer's form lists the organisations.
    static func respond(_ req: Request, _ member: Member, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let organisations = member.role == .volunteer ? try await req.goldenAger.catalog.organisations() : []
        let hasPhoto = member.role == .volunteer ? try await req.goldenAger.photos.withPhotos([member.id]).contains(member.id) : false
        return req.render(ProfileView.page(member, state: state, organisations: organisations, hasPhoto: hasPhoto, status: status, req.viewContext))
    }
}

extension Result {
    func get(or fallback: Success) -> Success {
        (try? get()) ?? fallback
    }
}
