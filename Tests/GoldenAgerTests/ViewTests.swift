import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing

/// Views render from a view model and a `ViewContext` alone: no server, no database.
extension GoldenAgerTests {
    @Suite("Views")
    struct ViewTests {
        static func volunteer(online: Bool, approved: Bool = true) -> Member {
            let account = Account(id: UUID(), app: GoldenAger.id, login: "380671234567", passwordHash: "", role: GARole.volunteer.rawValue,
                                  displayName: "Олег Тест", createdAt: Date())
            let profile = Profile()
            profile.id = account.id
            profile.role = GARole.volunteer.rawValue
            profile.firstName = "Олег"
            profile.lastName = "Тест"
            profile.phone = account.login
            profile.city = "kyiv"
            profile.isOnline = online
            profile.approvedAt = approved ? Date() : nil
            return Member(account: account, profile: profile)
        }

        static let offer = OfferedTask(
            id: UUID(), status: .searching, city: "kyiv", minutes: 60, createdAt: Date(), templateID: UUID(), categoryID: UUID(),
            titleUK: "Купити ліки", titleEN: "Buy medicine", descriptionUK: "Волонтер купить Вам ліки", descriptionEN: "The volunteer will buy your medicine",
            volunteerUK: "Купіть ліки й принесіть чек", volunteerEN: "Buy the medicine and bring back the receipt", templateMinutes: 60, categoryUK: "Здоров’я", categoryEN: "Health")

        static func inbox(online: Bool, offered: [OfferedTask] = [offer]) throws -> InboxView.Model {
            try InboxView.Model(VolunteerInbox(member: volunteer(online: online), current: nil, offered: offered), now: Date())
        }

        static func list(_ inbox: InboxView.Model, _ c: ViewContext) -> String {
            InboxView.list(inbox, cards: FragmentCache(capacity: 16), c).rendered
        }

        @Test("an offered task's card has accept and decline forms carrying the page's CSRF token, in English in .en")
        func offeredTask() throws {
            let c = ViewContext.testing(GoldenAger(), language: .en, csrfToken: "token-of-this-page")
            let html = Self.list(try Self.inbox(online: true), c)
            let id = Self.offer.id.uuidString
            #expect(html.contains("data-task-id=\"\(id)\""))
            #expect(html.contains("<h2>Buy medicine</h2>"))
            #expect(html.contains("action=\"/golden-ager/tasks/\(id)/accept\""))
            #expect(html.contains("action=\"/golden-ager/tasks/\(id)/decline\""))
            #expect(html.contains("aria-label=\"Accept: Buy medicine\""))
            #expect(html.components(separatedBy: "name=\"_csrf\" value=\"token-of-this-page\"").count - 1 == 2, "one token per form")
            #expect(html.contains("You are online. Tasks from Kyiv appear here."))
            #expect(!html.contains("Купити ліки"))
            #expect(html.contains("Buy the medicine and bring back the receipt"), "the volunteer reads the task written to them")
            #expect(!html.contains("The volunteer will buy your medicine"))
        }

        @Test("a volunteer waiting for approval sees why there are no tasks, with no way to go online")
        func pendingVolunteer() throws {
            let inbox = try InboxView.Model(VolunteerInbox(member: Self.volunteer(online: false, approved: false), current: nil, offered: []), now: Date())
            let html = Self.list(inbox, .testing(GoldenAger()))
            #expect(html.contains("Чекаємо на підтвердження") && html.contains("показати документ"))
            #expect(!html.contains("/golden-ager/availability"))
            let page = InboxView.page(inbox, cards: FragmentCache(capacity: 16), .testing(GoldenAger()))
            #expect(page.tabs.allSatisfy { $0.toggle == nil }, "no online switch among the tabs")
        }

        @Test("the board says so when nothing is open and nobody is online, instead of an empty table")
        func emptyBoard() {
            let html = BoardView.content(AdministrationService.Board(openTasks: [], onlineVolunteers: [], organisations: [:]),
                                         .testing(GoldenAger())).rendered
            #expect(html.contains("Відкритих завдань немає") && html.contains("Зараз ніхто з волонтерів не на зв’язку."))
            #expect(!html.contains("<table"))
        }

        @Test("a card cached for one volunteer carries the next one's token, not the first one's")
        func cachedCard() throws {
            let cards = FragmentCache<InboxPage.CardKey, OfferedTask>(capacity: 16)
            let inbox = try Self.inbox(online: true)
            _ = InboxView.list(inbox, cards: cards, .testing(GoldenAger(), csrfToken: "first-token"))
            let second = InboxView.list(inbox, cards: cards, .testing(GoldenAger(), csrfToken: "second-token")).rendered
            #expect(second.contains("value=\"second-token\""))
            #expect(!second.contains("first-token"))
        }

        @Test("a volunteer who holds a task is offered only to decline others")
        func busyVolunteer() throws {
            let task = HelpTask()
            task.id = UUID()
            task.$template.value = TaskTemplate()
            task.template.titleUK = "Прибрати"
            let inbox = try InboxView.Model(VolunteerInbox(member: Self.volunteer(online: true), current: task, offered: [Self.offer]), now: Date())
            let html = Self.list(inbox, .testing(GoldenAger()))
            #expect(html.contains("Ваше завдання: Прибрати"))
            #expect(html.contains("/decline\""))
            #expect(!html.contains("/accept\""))
        }

        @Test("an offline volunteer sees the go-online form instead of tasks")
        func offlineVolunteer() throws {
            let html = Self.list(try Self.inbox(online: false, offered: []), .testing(GoldenAger()))
            #expect(html.contains("data-online=\"false\""))
            #expect(html.contains("action=\"/golden-ager/availability\""))
            #expect(html.contains("name=\"_csrf\" value=\"test-csrf-token\""))
            #expect(html.contains("name=\"online\" value=\"on\""))
            #expect(html.contains("Вийти на зв’язок"))
            #expect(!html.contains("Поки що нових завдань немає."), "offline is not an empty inbox")
        }

        @Test("the shell gives a volunteer their tabs with the online switch, and the live stream")
        func volunteerShell() throws {
            let page = InboxView.page(try Self.inbox(online: false), cards: FragmentCache(capacity: 16), .testing(GoldenAger(), language: .en))
            #expect(page.title == "Inbox")
            #expect(page.tabs.map(\.label) == ["Inbox", "Offline", "My tasks", "Profile"])
            #expect(page.tabs.first?.isCurrent == true)
            let toggle = try #require(page.tabs[1].toggle)
            #expect(page.tabs[1].href == "/golden-ager/availability")
            #expect(!toggle.pressed && toggle.name == "online" && toggle.value == "on")
            #expect(page.liveURL == "/golden-ager/live")
            #expect(page.bodyClass == "role-volunteer")
        }

        @Test("a guest's page has no tabs and no live stream")
        func guestShell() {
            let page = WelcomeView.page(.testing(GoldenAger(), language: .en))
            #expect(page.tabs.isEmpty)
            #expect(page.liveURL == nil && page.scripts.isEmpty)
            #expect(page.bodyClass == "role-guest")
            #expect(page.content.rendered.contains("href=\"/golden-ager/join/volunteer/1\""))
        }
    }
}
