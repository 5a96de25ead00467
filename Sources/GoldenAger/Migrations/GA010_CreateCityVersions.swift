import Fluent
import SQLKit

/// A version per city that moves whenever what the city's inbox offers may have changed:
/// a task created, deleted, or changing status or city, and any change to a template or
/// category (their texts are on every card). Triggers move it inside the transaction
/// that makes the change, so no code path can forget to, and a reader who sees a version
/// sees every change made before it.
///
/// The inbox statement reads the version with the sign-in, and each server keeps the
/// city's open tasks in memory for as long as the version stays the same (`CityOffers`).
/// PostgreSQL only: that cache serves the one-statement inbox there; SQLite (one
/// server, no cache) reads the tasks each time.
struct CreateCityVersions: AsyncMigration {
    var name: String { "golden-ager.010.city-versions" }

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        for statement in Self.create { try await sql.raw("\(unsafeRaw: statement)").run() }
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        for statement in Self.drop { try await sql.raw("\(unsafeRaw: statement)").run() }
    }

    static let create = [
        "CREATE TABLE ga_city_versions (city TEXT PRIMARY KEY, version BIGINT NOT NULL)",
        // Every city with tasks has a version, so a change to a template they use moves it.
        "INSERT INTO ga_city_versions (city, version) SELECT DISTINCT city, 1 FROM ga_tasks",
        """
        CREATE FUNCTION ga_city_version_bump(changed_city TEXT) RETURNS void LANGUAGE sql AS $$
            INSERT INTO ga_city_versions AS v (city, version) VALUES (changed_city, 1)
            ON CONFLICT (city) DO UPDATE SET version = v.version + 1
        $$
        """,
        """
        CREATE FUNCTION ga_tasks_city_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN PERFORM ga_city_version_bump(OLD.city); END IF;
            IF TG_OP = 'INSERT' THEN PERFORM ga_city_version_bump(NEW.city);
            ELSIF TG_OP = 'UPDATE' AND NEW.city IS DISTINCT FROM OLD.city THEN PERFORM ga_city_version_bump(NEW.city);
            END IF;
            RETURN NULL;
        END $$
        """,
        """
        CREATE FUNCTION ga_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE ga_city_versions SET version = version + 1;
            RETURN NULL;
        END $$
        """,
        "CREATE TRIGGER ga_tasks_city_inserted_or_deleted AFTER INSERT OR DELETE ON ga_tasks FOR EACH ROW EXECUTE FUNCTION ga_tasks_city_changed()",
        // A decline locks the task's row with a no-op update: that changes no inbox.
        """
        CREATE TRIGGER ga_tasks_city_updated AFTER UPDATE ON ga_tasks FOR EACH ROW
        WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.city IS DISTINCT FROM OLD.city)
        EXECUTE FUNCTION ga_tasks_city_changed()
        """,
        "CREATE TRIGGER ga_templates_changed AFTER UPDATE OR DELETE ON ga_task_templates FOR EACH STATEMENT EXECUTE FUNCTION ga_catalog_changed()",
        "CREATE TRIGGER ga_categories_changed AFTER UPDATE OR DELETE ON ga_categories FOR EACH STATEMENT EXECUTE FUNCTION ga_catalog_changed()",
    ]

    static let drop = [
        "DROP TRIGGER ga_categories_changed ON ga_categories",
        "DROP TRIGGER ga_templates_changed ON ga_task_templates",
        "DROP TRIGGER ga_tasks_city_updated ON ga_tasks",
        "DROP TRIGGER ga_tasks_city_inserted_or_deleted ON ga_tasks",
        "DROP FUNCTION ga_catalog_changed()",
        "DROP FUNCTION ga_tasks_city_changed()",
        "DROP FUNCTION ga_city_version_bump(TEXT)",
        "DROP TABLE ga_city_versions",
    ]
}
