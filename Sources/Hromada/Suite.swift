import Fuctivity
import GoldenAger
import Kernel
import MoveJoin

/// The apps this server hosts. An app is added here when its module exists; until
/// then the landing page lists it as coming soon.
enum Suite {
    static let apps: [any HromadaApp] = [GoldenAger(), MoveJoin(), Fuctivity()]

    static let upcoming: [AppDescriptor] = [
        AppDescriptor(
            id: "znoshka",
            names: [.uk: "Зношка", .en: "Znoshka"],
            taglines: [.uk: "Готуйтеся до НМТ: теорія, тести у форматі іспиту, пояснення",
                       .en: "Prepare for the national exam: theory, exam-format tests, explanations"],
            themeColor: "#0f766e", iconLetters: "З"),
        AppDescriptor(
            id: "shelter",
            names: [.uk: "Smart Shelter", .en: "Smart Shelter"],
            taglines: [.uk: "Керуйте притулком для тварин: тварини, вольєри, ліки, корм, склад",
                       .en: "Run an animal shelter: animals, enclosures, medicine, food, warehouse"],
            themeColor: "#9a3412", iconLetters: "SS"),
    ]
}
