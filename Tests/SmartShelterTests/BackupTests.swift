import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Backup and restore: the director's archive of every table, restored into an empty
    /// installation, gives back the same archive, table by table.
    @Suite("Backup and restore")
    struct BackupTests {
        @Test("the demo shelter round trip: download, restore into an empty installation, every table equal; a second restore refused")
        func roundTrip() async throws {
            let original: [UInt8] = try await TestHarness.withApp(apps: [SmartShelter(jobInterval: .seconds(3600))], adjust: { $0.demoData = true }) { app in
                let director = try await signIn(app, "director@shelter.example")
                let storekeeper = try await signIn(app, "storekeeper@shelter.example")
                #expect(try await send(app, .POST, "/tasks", as: storekeeper, ["title": "Перерахувати склад", "role": "storekeeper"]).status == .created)
                #expect(codeOf(try await send(app, .GET, "/backup", as: director)) == "password_confirmation_required")
                #expect(codeOf(try await send(app, .GET, "/backup", as: storekeeper)) == "forbidden")
                #expect(try await send(app, .POST, "/password-confirmation", as: director, ["password": ShelterDemoData.password]).status == .ok)
                let download = try await send(app, .GET, "/backup", as: director)
                #expect(download.status == .ok && download.headers.contentType?.subType == "x-tar")
                #expect(download.headers.first(name: .contentDisposition)?.contains("shelter-backup-") == true)
                return Array(download.body.readableBytesView)
            }
            let archive = try TarArchive(reading: original)
            let manifest = try BackupService.decoder().decode(BackupService.Manifest.self, from: Data(try #require(archive.file("manifest.json")).bytes))
            #expect(manifest.tables.map(\.name) == BackupService.tables.map(\.name))
            let empty = manifest.tables.filter { $0.rows == 0 }.map(\.name)
            #expect(empty.isEmpty, "every table has rows, so every table is tested: \(empty)")

            try await withShelter { app in
                let backup = ShelterContext(app.services).backup
                let written = try await backup.restore(original)
                #expect(written == manifest.tables)
                let again = try await backup.archive()
                for table in BackupService.tables {
                    let name = "tables/\(table.name).json"
                    #expect(again.file(name)?.bytes == archive.file(name)?.bytes, "\(table.name) is the same after the round trip")
                }
                // People sign in with their passwords, and devices keep their keys.
                let director = try await signIn(app, "director@shelter.example")
                // The demo's five animals here and one in foster care.
                #expect(try await read([SSModels.AnimalDTO].self, app, .GET, "/animals", as: director).count == 6)
                do {
                    _ = try await backup.restore(original)
                    Issue.record("a second restore into a shelter that is no longer empty must be refused")
                } catch let error as BackupError {
                    #expect(error.description.contains("not empty"))
                }
            }
        }

        @Test("an archive of version 1, from before sensors moved, restores with each sensor placed where it is")
        func versionOne() async throws {
            let (current, sensor): ([UInt8], UUID) = try await withShelter { app in
                let setup = try await enclosureWithSensor(app, by: try await confirmedDirector(app))
                #expect(try await postReadings(app, sensor: setup.sensor, key: setup.key, reading(at: Date().addingTimeInterval(-60))).status == .ok)
                return (try await ShelterContext(app.services).backup.archive().bytes(modified: Date()), setup.sensor)
            }
            let archive = try TarArchive(reading: current)
            let manifest = try BackupService.decoder().decode(BackupService.Manifest.self, from: Data(try #require(archive.file("manifest.json")).bytes))
            let old = BackupService.Manifest(format: manifest.format, version: 1, createdAt: manifest.createdAt,
                                             tables: manifest.tables.filter { $0.name != SensorPlacement.schema })
            let files = [TarArchive.File(name: "manifest.json", bytes: Array(try BackupService.encoder().encode(old)))]
                + archive.files.filter { $0.name != "manifest.json" && $0.name != "tables/\(SensorPlacement.schema).json" }
            try await withShelter { app in
                let written = try await ShelterContext(app.services).backup.restore(try TarArchive(files: files).bytes(modified: Date()))
                #expect(written.first { $0.name == SensorPlacement.schema }?.rows == 1)
                let placement = try #require(try await SensorPlacement.query(on: app.db).first())
                #expect(placement.sensorID == sensor && placement.placedAt == SensorPlacement.beginning && placement.removedAt == nil)
                let restored = try #require(try await Sensor.find(sensor, on: app.db))
                #expect(placement.enclosureID == restored.enclosureID)
                let login = try #require(try await Account.query(on: app.db).filter(\.$app == SmartShelter.id).first()).login
                let session = try decode(SSModels.Session.self, try await sendJSON(app, .POST, "\(api)/session", body: ["email": login, "password": password]))
                let director = Person(id: session.profile.id, login: login, token: session.token)
                let chart = try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(restored.enclosureID)/chart", as: director)
                #expect(chart.points.map(\.readings) == [1], "the restored history is charted where it was measured")
            }
        }

        @Test("what is not a backup is refused and nothing is written")
        func refusals() async throws {
            try await withShelter { app in
                let backup = ShelterContext(app.services).backup
                await #expect(throws: TarArchive.Malformed.self) { try await backup.restore(Array(repeating: 7, count: 1024)) }
                let foreign = try TarArchive(files: [.init(name: "manifest.json", bytes: Array(#"{"format":"other"}"#.utf8))]).bytes(modified: Date())
                await #expect(throws: BackupError.self) { try await backup.restore(foreign) }
                // A manifest promising rows the table file does not have: rolled back whole.
                var tables = BackupService.tables.map { BackupService.Manifest.Table(name: $0.name, rows: 0) }
                tables[2] = .init(name: tables[2].name, rows: 1)
                let manifest = BackupService.Manifest(format: BackupService.format, version: BackupService.version, createdAt: Date(), tables: tables)
                let files = [TarArchive.File(name: "manifest.json", bytes: Array(try BackupService.encoder().encode(manifest)))]
                    + BackupService.tables.map { TarArchive.File(name: "tables/\($0.name).json", bytes: Array("[]".utf8)) }
                await #expect(throws: BackupError.self) { try await backup.restore(try TarArchive(files: files).bytes(modified: Date())) }
                #expect(try await Account.query(on: app.db).filter(\.$app == SmartShelter.id).count() == 0)
            }
        }

        @Test("a tar archive reads back what was written, and a damaged header is caught")
        func tar() throws {
            let files = [TarArchive.File(name: "a.json", bytes: Array("[1,2,3]".utf8)), .init(name: "tables/empty.json", bytes: []),
                         .init(name: "big.bin", bytes: (0..<1500).map { UInt8($0 % 251) })]
            let bytes = try TarArchive(files: files).bytes(modified: Date(timeIntervalSince1970: 1_790_000_000))
            #expect(bytes.count % 512 == 0)
            #expect(try TarArchive(reading: bytes).files == files)
            var damaged = bytes
            damaged[10] ^= 0xFF
            #expect(throws: TarArchive.Malformed.self) { try TarArchive(reading: damaged) }
        }

        func signIn(_ app: Application, _ email: String) async throws -> Person {
            let response = try await sendJSON(app, .POST, "\(api)/session", body: ["email": email, "password": ShelterDemoData.password])
            #expect(response.status == .ok || response.status == .created, "\(response.body.string)")
            let session = try decode(SSModels.Session.self, response)
            return Person(id: session.profile.id, login: email, token: session.token)
        }
    }
}
