import FluentPostgresDriver
import Foundation
import Kernel

/// A city's open tasks, oldest first, with the city's version read in the same snapshot
/// (0 while the city has none): what `CityOffers` keeps. Many rows, or one without a task.
struct CityOffersStatement: PostgresPreparedStatement {
    static let name = "golden_ager_city_offers"
    static let sql = """
        SELECT (SELECT version FROM ga_city_versions WHERE city = $1),
               t.id, t.status, t.city, t.minutes, t.created_at, tt.id, tt.category_id, tt.title_uk, tt.title_en,
               tt.description_uk, tt.description_en,
               COALESCE(tt.volunteer_description_uk, tt.description_uk), COALESCE(tt.volunteer_description_en, tt.description_en),
               tt.minutes, c.name_uk, c.name_en, t.preferred_date, t.preferred_part, t.note
        FROM (SELECT 1) one
        LEFT JOIN (ga_tasks t
                   JOIN ga_task_templates tt ON tt.id = t.template_id
                   JOIN ga_categories c ON c.id = tt.category_id) ON t.city = $1 AND t.status = 'searching'
        ORDER BY t.created_at
        LIMIT $2
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8]
    typealias Row = CityOfferRow

    let city: String
    let limit: Int

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(city)
        bindings.append(limit)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var columns = Kernel.PostgresColumns(row)
        return CityOfferRow(version: try columns.next(Int64?.self) ?? 0, offered: try columns.offeredTask())
    }
}

struct CityOfferRow: Sendable {
    let version: Int64
    let offered: OfferedTask?
}
