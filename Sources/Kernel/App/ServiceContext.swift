import Fluent
import Foundation
import Vapor

/// What every app's services work with, bound to one request (or a seed, a background
/// job, a test): the database, the clock, the event bus, accounts and the server's time
/// zone. Each app's own context holds one and adds its services (`ServiceScoped`).
public struct ServiceContext: Sendable {
    public let db: any Database
    public let clock: any WallClock
    public let events: EventBus
    public let accounts: AccountService
    /// The server's default time zone (a person's own, where an app keeps one, wins).
    public let timeZone: TimeZone
    /// The server's in-memory caches (`HromadaKernel.state`).
    public let state: ServerState
    /// Queues e-mail in `db`'s transaction (`Mailer.enqueue`).
    public let mail: Mailer
    /// Queues Web Push notifications in `db`'s transaction (`Pusher.send`).
    public let push: Pusher
    /// Where people reach the server (`HROMADA_PUBLIC_URL`), for links in mail.
    public let publicURL: String

    public init(db: any Database, clock: any WallClock, events: EventBus, accounts: AccountService, timeZone: TimeZone, state: ServerState, mail: Mailer,
                push: Pusher, publicURL: String = "") {
        self.db = db
        self.clock = clock
        self.events = events
        self.accounts = accounts
        self.timeZone = timeZone
        self.state = state
        self.mail = mail
        self.push = push
        self.publicURL = publicURL
    }
}

extension ServiceContext {
    /// The same services on another database handle (a transaction).
    public func on(_ db: any Database) -> ServiceContext {
        ServiceContext(db: db, clock: clock, events: events, accounts: accounts.on(db), timeZone: timeZone, state: state, mail: mail, push: push,
                       publicURL: publicURL)
    }
}

/// An app's context: its services over one `ServiceContext`, whose parts it reads directly.
public protocol ServiceScoped: Sendable {
    var services: ServiceContext { get }
}

extension ServiceScoped {
    public var db: any Database { services.db }
    public var clock: any WallClock { services.clock }
    public var events: EventBus { services.events }
    public var accounts: AccountService { services.accounts }
    public var timeZone: TimeZone { services.timeZone }
    public var state: ServerState { services.state }
    public var mail: Mailer { services.mail }
    public var push: Pusher { services.push }
    public var publicURL: String { services.publicURL }
}

extension Request {
    /// The services context of this request (its database, the kernel's clock and bus),
    /// made once per request: each part is a look-up in the application's storage (the
    /// database under a lock), and a busy API call asks for it several times.
    public var services: ServiceContext {
        if let made = storage[ServiceContextKey.self] { return made }
        let kernel = self.kernel, db = self.db
        let made = ServiceContext(db: db, clock: kernel.clock, events: kernel.events,
                                  accounts: kernel.accountService(on: db, passwords: password.async),
                                  timeZone: kernel.configuration.defaultTimeZone, state: kernel.state, mail: application.mailer,
                                  push: application.pusher, publicURL: kernel.configuration.publicURL)
        storage[ServiceContextKey.self] = made
        return made
    }
}

private struct ServiceContextKey: StorageKey {
    typealias Value = ServiceContext
}

extension Application {
    /// A services context outside any request (background jobs).
    public var services: ServiceContext {
        ServiceContext(db: db, clock: kernel.clock, events: kernel.events, accounts: kernel.accountService(on: db, passwords: password.async),
                       timeZone: kernel.configuration.defaultTimeZone, state: kernel.state, mail: mailer, push: pusher,
                       publicURL: kernel.configuration.publicURL)
    }
}
