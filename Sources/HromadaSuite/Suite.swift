import Fuctivity
import GoldenAger
import Kernel
import MoveJoin
import SmartShelter
import Znoshka

/// The apps this server hosts (a library of its own, so that tests can run the same
/// scenarios against every app the server mounts). An app is added here when its module exists; until
/// then the landing page lists it as coming soon.
public enum Suite {
    public static let apps: [any HromadaApp] = [GoldenAger(), MoveJoin(), Fuctivity(), Znoshka(), SmartShelter()]

    public static let upcoming: [AppDescriptor] = []
}
