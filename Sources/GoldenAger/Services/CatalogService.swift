import Fluent
import Foundation
import Kernel

/// Categories, ready-made tasks and the consultation number, as pensioners see them.
public struct CatalogService: Sendable {
    let context: GoldenAgerContext

    public func categories() async throws -> [Category] {
        try await Category.query(on: context.db).sort(\.$position).all()
    }

    public func category(_ id: UUID) async throws -> Category {
        guard let category = try await Category.find(id, on: context.db) else {
            throw AppError.notFound(code: "category_not_found", key: "ga.category.not_found")
        }
        return category
    }

    /// The templates a pensioner can order in a category, in the admins' order.
    public func templates(in categoryID: UUID) async throws -> [TaskTemplate] {
        try await TaskTemplate.query(on: context.db).filter(\.$category.$id == categoryID)
            .filter(\.$archivedAt == nil).sort(\.$position).with(\.$category).all()
    }

    public func template(_ id: UUID) async throws -> TaskTemplate {
        guard let template = try await TaskTemplate.query(on: context.db).filter(\.$id == id).with(\.$category).first(),
              template.archivedAt == nil
        else { throw AppError.notFound(code: "template_not_found", key: "ga.template.not_found") }
        return template
    }

    /// How many orderable templates each category has.
    public func templateCounts() async throws -> [UUID: Int] {
        let templates = try await TaskTemplate.query(on: context.db).filter(\.$archivedAt == nil).all()
        return Dictionary(grouping: templates, by: { $0.$category.id }).mapValues(\.count)
    }

    /// The number the «Консультація» category shows (`380XXXXXXXXX`), if an admin set one.
    public func consultationPhone() async throws -> String? {
        try await Setting.find(Setting.consultationPhone, on: context.db)?.value
    }

    /// Every organisation (or those serving `city`), in the alphabet's order (their names
    /// are Ukrainian).
    public func organisations(serving city: String? = nil) async throws -> [Organisation] {
        let all = try await Organisation.query(on: context.db).all().sorted(byName: \.name, in: .uk)
        guard let city else { return all }
        let cities = try await OrganisationCities.cities(of: all.compactMap(\.id), on: context.db)
        return all.filter { cities[$0.id!]?.contains(city) == true }
    }

    /// The cities no organisation serves yet: signing up there is allowed, but an order
    /// would find nobody, so pages say so before anyone waits.
    public func unservedCities() async throws -> [City] {
        let served = try await OrganisationCities.served(on: context.db)
        return City.all.filter { !served.contains($0.id) }
    }

    /// Refuses ordering for someone in `city` while no organisation serves it, naming the
    /// consultation line: an order there would wait for nobody until it expired.
    public func requireServed(_ city: String) async throws {
        guard try await !OrganisationCities.isServed(city, on: context.db) else { return }
        throw try await notServed("ga.order.city_not_served")
    }

    /// `key` (or its `_no_phone` twin) with the consultation number: a 409.
    func notServed(_ key: String) async throws -> AppError {
        guard let phone = try await consultationPhone() else { return .conflict(code: "city_not_served", key: key + "_no_phone") }
        return .conflict(code: "city_not_served", key: key, arguments: ["phone": PhoneNumber.display(phone)])
    }

    /// What a page says where no organisation serves `city` (nil where one does): why
    /// nobody would come, and the consultation line to call instead.
    public struct UnservedCity: Sendable {
        public let message: String
        public let consultationPhone: String?
    }

    /// The message leaves the number to the call button beside it.
    public func unserved(_ city: String, for role: GARole, _ l: Localizer) async throws -> UnservedCity? {
        guard try await !OrganisationCities.isServed(city, on: context.db) else { return nil }
        let key = role == .volunteer ? "ga.city.not_served_volunteer" : "ga.order.city_not_served"
        return UnservedCity(message: l.text(key + "_no_phone"), consultationPhone: try await consultationPhone())
    }

    /// The sign-up's warning beside the city: said while an unserved city is chosen.
    public func unservedCityWarning(for role: GARole, _ l: Localizer) async throws -> TypingWarning? {
        let unserved = try await unservedCities()
        guard !unserved.isEmpty else { return nil }
        let pattern = "^(?:" + unserved.map { NSRegularExpression.escapedPattern(for: $0.id) }.joined(separator: "|") + ")$"
        let message = try await notServed(role == .volunteer ? "ga.city.not_served_volunteer" : "ga.city.not_served").message(l)
        return TypingWarning(pattern: pattern, message: message)
    }

    /// Approved volunteers of `city` online now: what a pensioner waiting for one is told.
    public func onlineVolunteers(in city: String) async throws -> Int {
        try await Profile.query(on: context.db).filter(\.$role == GARole.volunteer.rawValue).filter(\.$city == city)
            .filter(\.$isOnline == true).filter(\.$approvedAt != nil).count()
    }

    /// The cities each organisation serves.
    public func cities(of organisations: [Organisation]) async throws -> [UUID: Set<String>] {
        try await OrganisationCities.cities(of: organisations.compactMap(\.id), on: context.db)
    }
}
