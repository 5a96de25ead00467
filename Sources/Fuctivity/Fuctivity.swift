import Fluent
import Foundation
import Kernel
import Vapor

/// Fuctivity: plan rest around working days, get reminded on the phone, see the week
/// in charts.
///
/// Not mounted in the server yet (`Suite.upcoming` lists it): the domain, the JSON API and
/// the calendar feed are built and tested; the web pages, the OpenAPI document with its
/// generated client, and the benchmarks come next (issue 5).
public struct Fuctivity: HromadaApp {
    public static let id = "fuctivity"

    public static let descriptor = AppDescriptor(
        id: id,
        names: [.uk: "Fuctivity", .en: "Fuctivity"],
        taglines: [.uk: "Плануйте відпочинок між робочими днями і дивіться статистику тижня",
                   .en: "Plan rest around working days and see the week's statistics"],
        themeColor: "#6d28d9", iconLetters: "F", loginPath: "/login")

    /// How often each server looks for reminders that are due.
    let reminderInterval: Duration

    public init(reminderInterval: Duration = .seconds(10)) {
        self.reminderInterval = reminderInterval
    }

    public var descriptor: AppDescriptor { Self.descriptor }
    public var catalog: Catalog { FuctivityStrings.catalog }

    public var migrations: [any Migration] { [CreateTables()] }

    public func registerRoutes(_ mount: AppMount) throws {
        FuctivityAPI.register(on: mount.api)
        FuctivityWeb.register(on: mount.web)
        // Routes are registered once per server, so the reminder pusher starts here too.
        mount.application.lifecycle.use(ReminderPusherLifecycle(interval: reminderInterval))
    }

}
