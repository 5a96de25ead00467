import Fuctivity
import GoldenAger
import Kernel
import MoveJoin
import Znoshka

/// The apps this server hosts (a library of its own, so that tests can run the same
/// scenarios against every app the server mounts). An app is added here when its module exists; until
/// then the landing page lists it as coming soon.
public enum Suite {
    public static let apps: [any HromadaApp] = [GoldenAger(), MoveJoin(), Fuctivity(), Znoshka()]

    public static let upcoming: [AppDescriptor] = [
        AppDescriptor(
            id: "shelter",
            names: [.uk: "Smart Shelter", .en: "Smart Shelter"],
            taglines: [.uk: "Керуйте притулком для тварин: тварини, вольєри, ліки, корм, склад",
                       .en: "Run an animal shelter: animals, enclosures, medicine, food, warehouse"],
            themeColor: "#9a3412", iconLetters: "SS"),
    ]
}
