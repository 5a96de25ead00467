import Fluent
import Foundation
import Kernel

/// Demo data: the three organisations of the source, a pensioner, two volunteers and a
/// coordinator in Київ, the pensioner's son (a relative linked to her), and a
/// consultation number. Printed at start while demo data is on.
enum GoldenAgerDemoData {
    static let organisations = ["Життєлюб", "Дім милосердя", "Молодь за мир"]

    static let accounts: [DemoAccount] = [
        DemoAccount(app: GoldenAger.id, role: "pensioner", login: "380671112233", password: "pensioner-demo"),
        DemoAccount(app: GoldenAger.id, role: "volunteer", login: "380501112233", password: "volunteer-demo"),
        DemoAccount(app: GoldenAger.id, role: "volunteer", login: "380631112233", password: "volunteer-demo"),
        DemoAccount(app: GoldenAger.id, role: "coordinator", login: "380951112233", password: "coordinator-demo"),
        DemoAccount(app: GoldenAger.id, role: "relative", login: "380661112233", password: "relative-demo"),
    ]

    /// The cities each demo organisation serves, in the order of `organisations`: all of
    /// them Київ, where the demo people live.
    static let organisationCities: [Set<String>] = [["kyiv", "lviv", "odesa"], ["kyiv", "kharkiv"], ["kyiv", "dnipro"]]

    /// A head and shoulders on a pale ground: a stand-in face for a demo volunteer.
    static func bust(side: Int, skin: (UInt8, UInt8, UInt8)) -> [UInt8] {
        let s = Double(side)
        return PNGDrawing.png(width: side, height: side) { x, y in
            let (dx, dy) = (Double(x) - s / 2, Double(y))
            let head = dx * dx + (dy - s * 0.38) * (dy - s * 0.38) < (s * 0.2) * (s * 0.2)
            let shoulders = dy > s * 0.68 && (dx * dx) / (s * s * 0.16) + ((dy - s) * (dy - s)) / (s * s * 0.1) < 1
            return head ? skin : shoulders ? (70, 90, 130) : (200, 220, 240)
        }
    }

    static func seed(_ seed: SeedContext) async throws {
        let now = seed.clock.now
        var organisationIDs: [UUID] = []
        for (name, cities) in zip(organisations, Self.organisationCities) {
            let organisation = Organisation(name: name, createdAt: now)
            try await organisation.create(on: seed.database)
            organisationIDs.append(try organisation.requireID())
            try await OrganisationCities.set(cities, for: try organisation.requireID(), on: seed.database)
        }
        try await Setting(key: Setting.consultationPhone, value: "380800500335").create(on: seed.database)
        let context = GoldenAgerContext(seed.services)
        let people: [(RegistrationInput, promote: Bool)] = [
            (RegistrationInput(role: .pensioner, phone: accounts[0].login, password: accounts[0].password, firstName: "Ганна",
                               lastName: "Петренко", birthday: "1948-03-12", city: "kyiv", address: "вул. Хрещатик, 10, кв. 5"), false),
            (RegistrationInput(role: .volunteer, phone: accounts[1].login, password: accounts[1].password, firstName: "Олег",
                               lastName: "Коваль", birthday: "2001-07-01", city: "kyiv", organisationID: organisationIDs[0].uuidString), false),
            (RegistrationInput(role: .volunteer, phone: accounts[2].login, password: accounts[2].password, firstName: "Марія",
                               lastName: "Шевчук", birthday: "1999-10-20", city: "kyiv", organisationID: organisationIDs[1].uuidString), false),
            (RegistrationInput(role: .volunteer, phone: accounts[3].login, password: accounts[3].password, firstName: "Ірина",
                               lastName: "Бондар", birthday: "1985-05-05", city: "kyiv", organisationID: organisationIDs[0].uuidString), true),
        ]
        var volunteers: [Profile] = []
        var coordinator: UUID?
        var pensioner: UUID?
        for (input, promote) in people {
            let member = try await context.profiles.register(input, language: .uk)
            let profile = try member.requireProfile()
            if input.role == .pensioner { pensioner = member.id }
            if promote {
                member.account.role = GARole.coordinator.rawValue
                try await member.account.save(on: seed.database)
                profile.role = GARole.coordinator.rawValue
                try await profile.save(on: seed.database)
                coordinator = member.id
            } else if input.role == .volunteer {
                volunteers.append(profile)
                // A drawn portrait, so the door check shows a face in the demo.
                let shades: [(UInt8, UInt8, UInt8)] = [(214, 170, 140), (190, 140, 110), (230, 190, 160)]
                let face = shades[volunteers.count % shades.count]
                try await context.photos.upload(Self.bust(side: 120, skin: face), by: member)
            }
        }
        // The demo volunteers have had their documents checked, so they can take tasks at once.
        for profile in volunteers {
            profile.approvedAt = now
            profile.approvedBy = coordinator
            try await profile.save(on: seed.database)
        }
        let son = try await context.profiles.register(RegistrationInput(
            role: .relative, phone: accounts[4].login, password: accounts[4].password, firstName: "Андрій", lastName: "Петренко"), language: .uk)
        if let pensioner {
            try await RelativeLink(pensionerID: pensioner, relativeID: son.id, createdAt: now).create(on: seed.database)
        }
    }
}
