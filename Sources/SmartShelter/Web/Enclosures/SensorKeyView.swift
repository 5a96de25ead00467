import Foundation
import Kernel

/// A sensor's key, shown once, with an example of a device sending a reading with it.
struct SensorKeyView {
    let person: StaffMember
    let issued: IssuedSensorKey
    /// The server's public address and the app's API path: the example is one a person can
    /// paste as it is.
    let server: String
    let apiPath: String
    /// The example's reading time: a reading must be recent to be taken.
    let now: Date
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        let id = issued.sensor.id!.uuidString.lowercased()
        let example = """
            curl -X POST "\(server)\(apiPath)/sensors/\(id)/readings" \\
              -H "Authorization: Bearer \(issued.key)" -H "Content-Type: application/json" \\
              -d '{"at": "\(now.ISO8601Format())", "temperature": 24.5, "humidity": 55, "waterLevel": 80, "foodLevel": 60}'
            """
        return ShelterWeb.shell(person, title: l.text("ss.sensor.key_title"), section: .dashboard, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.sensor.key_title") }
                H.p { l.text("ss.sensor.key_once", ["name": issued.sensor.name]) }
                H.dl(.class("reading-facts")) {
                    H.div { H.dt { l.text("ss.sensor.id") }; H.dd { H.element("code", [], content: HTML(text: id)) } }
                    H.div { H.dt { l.text("ss.sensor.key") }; H.dd { H.element("code", [.class("secret"), .id("sensor-key")], content: HTML(text: issued.key)) } }
                }
                Components.copyButton(target: "sensor-key", label: l.text("ss.sensor.copy_key"), copied: l.text("ss.copied"))
                H.h2 { l.text("ss.sensor.example") }
                H.element("pre", [.class("example")], content: H.element("code", [.id("sensor-example")], content: HTML(text: example)))
                Components.copyButton(target: "sensor-example", label: l.text("ss.sensor.copy_example"), copied: l.text("ss.copied"))
                H.a(.class("button button-block"), .href(ShelterWeb.enclosurePath(issued.sensor.enclosureID))) { l.text("ss.sensor.done") }
            }
        }
    }
}
