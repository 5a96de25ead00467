import Fluent
import SQLKit

/// An open task's preferred time and note are on its inbox card and may change while it
/// waits (`TaskService.setPreference`): they move the city's version too, or the servers'
/// kept offers (`CityOffers`) would show the old ones. PostgreSQL only, like
/// `CreateCityVersions`.
struct CityVersionOnPreference: AsyncMigration {
    var name: String { "golden-ager.015.city-version-on-preference" }

    func prepare(on database: any Database) async throws {
        try await replaceTrigger(on: database, watching: "NEW.status IS DISTINCT FROM OLD.status OR NEW.city IS DISTINCT FROM OLD.city "
            + "OR NEW.preferred_date IS DISTINCT FROM OLD.preferred_date OR NEW.preferred_part IS DISTINCT FROM OLD.preferred_part "
            + "OR NEW.note IS DISTINCT FROM OLD.note")
    }

    func revert(on database: any Database) async throws {
        try await replaceTrigger(on: database, watching: "NEW.status IS DISTINCT FROM OLD.status OR NEW.city IS DISTINCT FROM OLD.city")
    }

    private func replaceTrigger(on database: any Database, watching condition: String) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("DROP TRIGGER ga_tasks_city_updated ON ga_tasks").run()
        try await sql.raw("""
            CREATE TRIGGER ga_tasks_city_updated AFTER UPDATE ON ga_tasks FOR EACH ROW
            WHEN (\(unsafeRaw: condition))
            EXECUTE FUNCTION ga_tasks_city_changed()
            """).run()
    }
}
