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

    /// The cities each organisation serves.
    public func cities(of organisations: [Organisation]) async throws -> [UUID: Set<String>] {
        try await OrganisationCities.cities(of: organisations.compactMap(\.id), on: context.db)
    }
}
