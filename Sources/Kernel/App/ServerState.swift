import NIOConcurrencyHelpers

/// What an app keeps in memory for the life of one server, beside its database: caches of
/// what is expensive to make and cheap to check. One value per type, made on first use.
///
/// It belongs to the application (`HromadaKernel.state`), not to the process: tests run
/// many servers on different databases in one process, and a cache shared between them
/// would serve one database's rows to another.
public final class ServerState: Sendable {
    private let values = NIOLockedValueBox<[ObjectIdentifier: any Sendable]>([:])
    /// The database the server runs on (`ServiceContext.fastPath`).
    public let databaseFamily: DatabaseFamily

    public init(databaseFamily: DatabaseFamily) {
        self.databaseFamily = databaseFamily
    }

    /// The server's `Value`, made by `make` the first time it is asked for.
    public func shared<Value: Sendable>(_ type: Value.Type = Value.self, _ make: () -> Value) -> Value {
        values.withLockedValue { values in
            if let existing = values[ObjectIdentifier(type)] as? Value { return existing }
            let made = make()
            values[ObjectIdentifier(type)] = made
            return made
        }
    }
}
