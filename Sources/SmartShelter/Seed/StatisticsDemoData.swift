import Foundation
import Kernel

/// The demo's past year: animals that came in and left (adopted, returned to their owners,
/// transferred, a few died; two came back after an adoption), so the statistics page has
/// months to show. None of them is here now: the lists of today's animals stay as they were.
extension ShelterDemoData {
    static let pastNames = ["Айра", "Бакс", "Віра", "Грета", "Дана", "Ерік", "Жужа", "Зевс", "Іскра", "Йорик", "Кая", "Лорі",
                            "Марс", "Нора", "Оскар", "Пушок", "Руна", "Сніжок", "Тоша", "Ума", "Фелікс", "Хвостик", "Цукор", "Чапа",
                            "Шарик", "Юна", "Ясь", "Амур", "Бетті", "Вуглик", "Гайка", "Дельта", "Еля", "Жорик", "Злата", "Ірис"]

    /// Thirty-six animals taken in across the past twelve months, each leaving 4 to 60 days
    /// later: mostly adopted, some returned to their owners or transferred, one in nine died.
    static func seedHistory(_ context: ShelterContext, doctor: StaffMember, today: LocalDay) async throws {
        let species: [Animal.Species] = [.dog, .cat, .dog, .cat, .rabbit, .dog, .cat, .bird, .dog]
        let outcomes: [AnimalMovement.Kind] = [.adoption, .adoption, .returnToOwner, .adoption, .transfer, .adoption, .adoption, .returnToOwner, .death]
        for (index, name) in pastNames.enumerated() {
            let intake = today.adding(days: -365 + index * 9 + index % 4)
            let stay = 4 + (index * 17) % 57
            let input = AnimalInput(name: name, species: species[index % species.count].rawValue, sex: index % 2 == 0 ? "female" : "male",
                                    intakeOn: intake.description, intakeReason: index % 3 == 0 ? "Знайшли на вулиці" : "Віддали власники")
            let animal = try await context.animals.create(input, by: doctor)
            let id = try animal.requireID()
            let kind = outcomes[index % outcomes.count]
            let out = min(intake.adding(days: stay), today.adding(days: -1))
            _ = try await context.animals.recordMovement(of: id, kind: kind.rawValue, on: out.description, note: "", by: doctor)
            // Two adoptions that did not work out: back a fortnight later, adopted again.
            if kind == .adoption, index % 10 == 0, out.adding(days: 30) < today {
                _ = try await context.animals.recordMovement(of: id, kind: AnimalMovement.Kind.intake.rawValue, on: out.adding(days: 14).description,
                                                             note: "Повернули з родини", by: doctor)
                _ = try await context.animals.recordMovement(of: id, kind: AnimalMovement.Kind.adoption.rawValue,
                                                             on: out.adding(days: 28).description, note: "", by: doctor)
            }
        }
    }
}
