import Fluent
import Foundation
import Kernel

/// The demo's adoption: three animals with photos on the public page, two applications
/// to review (one from a person on the do-not-adopt list, so the warning shows).
extension ShelterDemoData {
    /// A listed animal without a photo gets a drawn one (its colours), so every card of
    /// the public page has a picture.
    static let portraits: [String: (ground: (UInt8, UInt8, UInt8), face: (UInt8, UInt8, UInt8))] = [
        "Белла": ((220, 235, 210), (190, 150, 90)), "Бублик": ((210, 225, 245), (120, 80, 40)), "Мурка": ((250, 235, 200), (80, 80, 90)),
    ]

    /// (animal, what the public reads)
    static let listed: [(String, String)] = [
        ("Белла", "Лагідна й спокійна, любить дітей і довгі прогулянки. Привчена до повідка."),
        ("Бублик", "Веселе цуценя, швидко вчиться. Шукає активну родину."),
        ("Мурка", "Тиха домашня кішка, любить сидіти на підвіконні. Привчена до лотка."),
    ]

    static func seedAdoption(_ context: ShelterContext, doctor: StaffMember) async throws {
        var ids: [String: UUID] = [:]
        for (name, text) in listed {
            guard let animal = try await Animal.query(on: context.db).filter(\.$name == name).first() else { continue }
            ids[name] = try animal.requireID()
            if let colours = portraits[name], try await context.photos.withPhotos([animal.requireID()]).isEmpty {
                _ = try await context.photos.upload(to: animal.requireID(), photo: PNGDrawing.portrait(side: 96, ground: colours.ground, face: colours.face),
                                                    thumbnail: nil, by: doctor)
            }
            _ = try await context.listing.set(animal.requireID(), listed: true, description: text, by: doctor)
        }
        let banned = ShelterPerson()
        banned.name = "Геннадій Коваль"
        banned.phone = "380501112233"
        banned.email = "gennadiy@example.org"
        banned.kind = ShelterPerson.Kind.owner.rawValue
        banned.notes = "Залишив собаку прив’язаною біля притулку"
        banned.doNotAdopt = true
        banned.doNotAdoptReason = "Покинув тварину у 2025 році"
        banned.createdAt = context.clock.now
        try await banned.create(on: context.db)
        try await seedFoster(context, doctor: doctor)
        if let bella = ids["Белла"] {
            _ = try await context.applications.apply(ApplicationInput(animalID: bella.uuidString, name: "Олена Шевченко", phone: "067 234 56 78",
                                                                      email: "olena.shevchenko@example.org",
                                                                      home: "Приватний будинок з двором, двоє дітей 8 і 11 років, інших тварин немає."),
                                                     language: .uk, address: "demo")
        }
        if let murka = ids["Мурка"] {
            _ = try await context.applications.apply(ApplicationInput(animalID: murka.uuidString, name: "Геннадій Коваль", phone: "050 111 22 33",
                                                                      email: "gennadiy@example.org", home: "Квартира, працюю вдома."),
                                                     language: .uk, address: "demo")
        }
    }

    /// A fosterer with a kitten in her care since a week ago, so the people pages and foster
    /// care are not empty.
    static func seedFoster(_ context: ShelterContext, doctor: StaffMember) async throws {
        let today = LocalDay(context.clock.now, in: context.timeZone)
        let hanna = try await context.people.create(PersonInput(name: "Ганна Левченко", phone: "067 765 43 21", email: "hanna@example.org",
                                                                kind: "fosterer", notes: "Бере кошенят на відгодівлю, має окрему кімнату"),
                                                    by: doctor)
        let kitten = try await context.animals.create(AnimalInput(name: "Рудик", species: "cat", breed: "", sex: "male",
                                                                  intakeOn: today.adding(days: -20).description, intakeReason: "Принесли сусіди"),
                                                      by: doctor)
        _ = try await context.animals.recordMovement(of: kitten.requireID(), kind: AnimalMovement.Kind.foster.rawValue,
                                                     on: today.adding(days: -7).description, note: "Відгодувати до 1 кг",
                                                     personID: hanna.requireID().uuidString, by: doctor)
    }
}
