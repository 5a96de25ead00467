import Fluent
import Foundation
import Kernel
import SQLKit

/// An alarm with what the dashboard shows beside it: for an open one, the animals in its
/// enclosure and their open diseases (who is at risk, and who is already weak).
public struct AlarmSummary: Sendable {
    public let alarm: Alarm
    public let enclosureName: String
    public var residents: [Resident] = []
    /// The names of who acknowledged and who resolved it (nil: nobody yet, or it closed by itself).
    public var acknowledgedByName: String? = nil
    public var resolvedByName: String? = nil

    public struct Resident: Sendable {
        public let animal: Animal
        public let openDiseases: [Disease]
    }
}

/// Alarms: raised by the rules on each reading and by the silence job, one open per
/// enclosure and kind (a repeat updates it), told to the staff on duty live, by push and
/// by mail, escalated to every director and doctor while nobody acknowledges, acknowledged
/// and resolved by people, or closed by themselves once the readings are back to normal.
public struct AlarmService: Sendable {
    /// How often an alarm nobody acknowledged is told again (the first time to everyone).
    public static let reminderInterval: TimeInterval = 15 * 60
    /// How long a reading alarm's readings must be back within the rules before it closes
    /// by itself (`closeSettled`).
    public static let settleTime: TimeInterval = 15 * 60

    let context: ShelterContext
    var db: any Database { context.db }

    // MARK: Reading people's side

    /// Open alarms (critical first, then newest), then the last day's resolved ones: of
    /// every enclosure, or of `enclosureID` only.
    public func list(for person: StaffMember, in enclosureID: UUID? = nil) async throws -> [AlarmSummary] {
        try context.authorize(person, [.doctor, .storekeeper])
        let since = context.clock.now.addingTimeInterval(-24 * 3600)
        var query = Alarm.query(on: db).group(.or) { $0.filter(\.$resolvedAt == nil).filter(\.$resolvedAt >= since) }
        if let enclosureID { query = query.filter(\.$enclosureID == enclosureID) }
        let alarms = try await query.sort(\.$lastSeenAt, .descending).limit(200).all()
        let names = try await enclosureNames(Set(alarms.map(\.enclosureID)))
        let residents = try await context.animals.residents(of: Set(alarms.filter(\.isOpen).map(\.enclosureID)))
        let diseases = try await context.medical.openDiseases(of: residents.values.flatMap { $0.compactMap(\.id) })
        let people = try await peopleNames(of: alarms)
        return alarms.sorted { a, b in
            if a.isOpen != b.isOpen { return a.isOpen }
            if a.alarmSeverity != b.alarmSeverity { return a.alarmSeverity > b.alarmSeverity }
            return a.lastSeenAt > b.lastSeenAt
        }.map { alarm in
            let animals = alarm.isOpen ? residents[alarm.enclosureID] ?? [] : []
            return AlarmSummary(alarm: alarm, enclosureName: names[alarm.enclosureID] ?? "",
                                residents: animals.map { AlarmSummary.Resident(animal: $0, openDiseases: diseases[$0.id!] ?? []) },
                                acknowledgedByName: alarm.acknowledgedBy.flatMap { people[$0] },
                                resolvedByName: alarm.resolvedBy.flatMap { people[$0] })
        }
    }

    /// The enclosure an alarm is in (nil for no such alarm).
    public func enclosure(of id: UUID, for person: StaffMember) async throws -> UUID? {
        try context.authorize(person, [.doctor, .storekeeper])
        return try await Alarm.find(id, on: db)?.enclosureID
    }

    /// One alarm as the list shows it, without its residents (the answer to a change).
    public func summary(of alarm: Alarm) async throws -> AlarmSummary {
        let people = try await peopleNames(of: [alarm])
        return AlarmSummary(alarm: alarm, enclosureName: try await enclosureNames([alarm.enclosureID])[alarm.enclosureID] ?? "",
                            acknowledgedByName: alarm.acknowledgedBy.flatMap { people[$0] }, resolvedByName: alarm.resolvedBy.flatMap { people[$0] })
    }

    /// The names of the people who acknowledged or resolved these alarms, in one query.
    private func peopleNames(of alarms: [Alarm]) async throws -> [UUID: String] {
        try await Account.displayNames(of: alarms.flatMap { [$0.acknowledgedBy, $0.resolvedBy].compactMap { $0 } }, on: db)
    }

    /// "I have seen it and I am on it": stops the reminders. Once only (a 409 after).
    public func acknowledge(_ id: UUID, by person: StaffMember) async throws -> Alarm {
        try await change(id, by: person, action: "alarm.acknowledge", set: ["acknowledged_by", "acknowledged_at"],
                         onlyIf: "acknowledged_at IS NULL AND resolved_at IS NULL")
    }

    /// The cause is dealt with: the alarm closes, and the next breach opens a new one.
    public func resolve(_ id: UUID, by person: StaffMember) async throws -> Alarm {
        try await change(id, by: person, action: "alarm.resolve", set: ["resolved_by", "resolved_at"], onlyIf: "resolved_at IS NULL")
    }

    private func change(_ id: UUID, by person: StaffMember, action: String, set columns: [String], onlyIf condition: String) async throws -> Alarm {
        try context.authorizeChange(person, [.doctor, .storekeeper])
        let now = context.clock.now
        let alarm = try await db.writeTransaction { db in
            let changed = try await db.sql.update(Alarm.schema)
                .set(columns[0], to: SQLBind(person.id)).set(columns[1], to: SQLBind(now))
                .where("id", .equal, SQLBind(id)).where(SQLRaw(condition))
                .returning("id").all()
            guard let alarm = try await Alarm.find(id, on: db) else {
                throw AppError.notFound(code: "alarm_not_found", key: "ss.error.alarm_not_found")
            }
            guard !changed.isEmpty else { throw AppError.conflict(code: "alarm_not_open", key: "ss.error.alarm_not_open") }
            try await context.audit.record(action, entityType: "alarm", entityID: id.uuidString.lowercased(), actor: person.id,
                                           after: ["at": now.ISO8601Format()], on: db)
            return alarm
        }
        try await publish([try ShelterEvents.AlarmEvent(alarm, state: action == "alarm.resolve" ? "resolved" : "acknowledged")])
        return alarm
    }

    /// Closes the open silence alarm a sensor raised, when the director pauses or retires
    /// it (it is silent on purpose now), in the caller's transaction; the live events to
    /// publish once it has committed. Another sensor of the enclosure still silent raises
    /// it again at the next check.
    func resolveSilence(of sensorID: UUID, by person: StaffMember, on db: any Database) async throws -> [ShelterEvents.AlarmEvent] {
        let now = context.clock.now
        let ids = try await db.sql.update(Alarm.schema)
            .set("resolved_by", to: SQLBind(person.id)).set("resolved_at", to: SQLBind(now))
            .where("sensor_id", .equal, SQLBind(sensorID)).where("kind", .equal, SQLBind(Alarm.Kind.silence.rawValue))
            .where("resolved_at", .is, SQLLiteral.null)
            .returning("id").all(decodingColumn: "id", as: UUID.self)
        var events: [ShelterEvents.AlarmEvent] = []
        for id in ids {
            guard let alarm = try await Alarm.find(id, on: db) else { continue }
            try await context.audit.record("alarm.resolve", entityType: "alarm", entityID: id.uuidString.lowercased(), actor: person.id,
                                           after: ["at": now.ISO8601Format()], on: db)
            events.append(try ShelterEvents.AlarmEvent(alarm, state: "resolved"))
        }
        return events
    }

    // MARK: Raising

    /// Checks newly stored readings of `sensor` against its enclosure's rules and raises what
    /// they break, inside the transaction that stored them; returns the live events to
    /// publish once it has committed (`publish`).
    func check(_ readings: [Reading], of sensor: Sensor, on db: any Database) async throws -> [ShelterEvents.AlarmEvent] {
        guard !readings.isEmpty else { return [] }
        guard let enclosure = try await Enclosure.find(sensor.enclosureID, on: db) else { return [] }
        // Per kind, the breaches in what came: a buffer's first one opens the alarm, its
        // last one is the value shown, the worst sets the severity, each one counts.
        var breaches: [Alarm.Kind: Breaches] = [:]
        for reading in readings {
            for trigger in AlarmTrigger.of(reading, in: enclosure.conditions) {
                if breaches[trigger.kind] == nil { breaches[trigger.kind] = Breaches(trigger) } else { breaches[trigger.kind]!.add(trigger) }
            }
        }
        let welfare = try await welfareSpells(readings, of: sensor, on: db)
        breaches.merge(welfare.breaches) { rule, _ in rule }
        var events: [ShelterEvents.AlarmEvent] = []
        for kind in breaches.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            if let event = try await raise(breaches[kind]!, in: enclosure, sensor: sensor.id, on: db) { events.append(event) }
        }
        for episode in welfare.pastEpisodes {
            if let event = try await recordPast(episode, in: enclosure, sensor: sensor.id, on: db) { events.append(event) }
        }
        return events
    }

    /// The breaches of one rule in a batch of readings.
    struct Breaches {
        var first: Date
        var latest: AlarmTrigger
        var severity: Alarm.Severity
        var count = 1

        init(_ trigger: AlarmTrigger) {
            first = trigger.at
            latest = trigger
            severity = trigger.severity
        }

        mutating func add(_ trigger: AlarmTrigger) {
            first = min(first, trigger.at)
            if trigger.at >= latest.at { latest = trigger }
            severity = max(severity, trigger.severity)
            count += 1
        }

        /// The trigger to raise: the latest breach at the worst severity seen.
        var trigger: AlarmTrigger { AlarmTrigger(kind: latest.kind, severity: severity, value: latest.value, at: latest.at) }
    }

    /// What the four-hour rule found in a sensor's new readings: the breaches of a spell
    /// still going on, and the spells already over when their readings came.
    struct WelfareFindings {
        var breaches: [Alarm.Kind: Breaches] = [:]
        var pastEpisodes: [PastEpisode] = []
    }

    /// A spell outside 7.2–29.5 °C that lasted more than four hours and was over before its
    /// readings arrived (a device's buffer sent late).
    struct PastEpisode {
        let kind: Alarm.Kind
        /// When the spell began (its first reading outside the range).
        let start: Date
        /// The reading that first completed four hours outside: when the alarm would have opened.
        let completing: (at: Date, temperature: Double)
        /// The latest reading outside the range seen in it.
        let lastOutside: Date
        /// The first reading back inside the range.
        let backInside: Date
    }

    /// The duration rule over new readings of one sensor: for each spell of readings outside
    /// 7.2–29.5 °C that a new one belongs to, the reading that first completes more than four
    /// hours outside — which opens the alarm (its `openedAt`), not whatever reading came last
    /// — and whether the spell is still going on. A spell with a reading back inside after it
    /// was over when the readings came (a late buffer): it is recorded as a past episode,
    /// closed, instead of calling people to a cold spell that has ended.
    ///
    /// Nothing is read when no new reading is outside the range (nearly every reading). Else
    /// a few bounded look-ups, never a scan of the whole spell (a month in a cold room is
    /// 43,000 readings): the readings inside the range from four hours before the first new
    /// one outside to four hours after the last, the reading just before that window, the
    /// first reading of each spell and the one completing it (by the primary key's order).
    private func welfareSpells(_ readings: [Reading], of sensor: Sensor, on db: any Database) async throws -> WelfareFindings {
        let range = AlarmTrigger.welfareRange, limit = AlarmTrigger.welfareLimit
        let outside = readings.filter { !range.contains($0.temperature) }.sorted { $0.at < $1.at }
        guard let firstOut = outside.first, let lastOut = outside.last else { return WelfareFindings() }
        let sensorID = try sensor.requireID()
        func sensorReadings() -> SQLSelectBuilder {
            db.sql.select().columns("device_time", "temperature").from("ss_readings").where("sensor_id", .equal, SQLBind(sensorID))
        }
        func first(after: Date?, before: Date? = nil) async throws -> (at: Date, temperature: Double)? {
            var query = sensorReadings()
            if let after { query = query.where("device_time", .greaterThan, SQLBind(after)) }
            if let before { query = query.where("device_time", .lessThan, SQLBind(before)) }
            return try await query.orderBy("device_time", .ascending).limit(1).first().map {
                (try $0.decode(column: "device_time", as: Date.self), try $0.decode(column: "temperature", as: Double.self))
            }
        }
        let low = firstOut.at.addingTimeInterval(-limit), high = lastOut.at.addingTimeInterval(limit)
        let inside = try await sensorReadings()
            .where("device_time", .greaterThanOrEqual, SQLBind(low)).where("device_time", .lessThanOrEqual, SQLBind(high))
            .where("temperature", .greaterThanOrEqual, SQLBind(range.lowerBound)).where("temperature", .lessThanOrEqual, SQLBind(range.upperBound))
            .orderBy("device_time", .ascending).all(decodingColumn: "device_time", as: Date.self)
        // The new readings outside, by spell: those between the same two readings inside.
        var spells: [(after: Date?, before: Date?, readings: [Reading])] = []
        for reading in outside {
            let after = inside.last(where: { $0 < reading.at }), before = inside.first(where: { $0 > reading.at })
            if let last = spells.indices.last, spells[last].after == after, spells[last].before == before {
                spells[last].readings.append(reading)
            } else {
                spells.append((after, before, [reading]))
            }
        }
        var findings = WelfareFindings()
        for spell in spells {
            // When it began: the first reading after the last one inside. With none inside in
            // the window before it, the reading before the window tells: inside, the spell
            // began after it; outside, it began at that reading or earlier, more than four
            // hours before — then that reading stands for its start (found no further back).
            var lastInside = spell.after
            var startedBefore: Date?
            if lastInside == nil, let previous = try await sensorReadings().where("device_time", .lessThan, SQLBind(low))
                .orderBy("device_time", .descending).limit(1).first() {
                let at = try previous.decode(column: "device_time", as: Date.self)
                if range.contains(try previous.decode(column: "temperature", as: Double.self)) { lastInside = at } else { startedBefore = at }
            }
            var start = startedBefore
            if start == nil { start = try await first(after: lastInside)?.at }
            guard let start else { continue }
            // When it ended: the first reading back inside, within the window or, for
            // readings that came late, after it.
            var end = spell.before
            if end == nil, let heard = sensor.lastReadingAt, heard > high {
                end = try await sensorReadings().where("device_time", .greaterThan, SQLBind(high))
                    .where("temperature", .greaterThanOrEqual, SQLBind(range.lowerBound)).where("temperature", .lessThanOrEqual, SQLBind(range.upperBound))
                    .orderBy("device_time", .ascending).limit(1).first(decodingColumn: "device_time", as: Date.self)
            }
            guard let completing = try await first(after: start.addingTimeInterval(limit), before: end) else { continue }
            let kind = Alarm.Kind.duration(spell.readings.last!.temperature)
            if let end {
                findings.pastEpisodes.append(PastEpisode(kind: kind, start: start, completing: completing,
                                                         lastOutside: max(completing.at, spell.readings.last!.at), backInside: end))
                continue
            }
            // Going on: every new reading from the completing one counts, the latest is shown.
            let counted = spell.readings.filter { $0.at >= completing.at }
                .map { AlarmTrigger(kind: kind, severity: .critical, value: $0.temperature, at: $0.at) }
            var breaches = Breaches(counted.first ?? AlarmTrigger(kind: kind, severity: .critical, value: completing.temperature, at: completing.at))
            for trigger in counted.dropFirst() { breaches.add(trigger) }
            breaches.first = completing.at
            findings.breaches[kind] = breaches
        }
        return findings
    }

    /// Records a spell that was over before its readings came: closed at once, back to normal
    /// at its first reading inside, nobody called. Once: not when an alarm of its kind in the
    /// enclosure already opened within it (a buffer sent in two parts).
    private func recordPast(_ episode: PastEpisode, in enclosure: Enclosure, sensor: UUID?, on db: any Database) async throws -> ShelterEvents.AlarmEvent? {
        let enclosureID = try enclosure.requireID()
        let known = try await Alarm.query(on: db).filter(\.$enclosureID == enclosureID).filter(\.$kind == episode.kind.rawValue)
            .filter(\.$openedAt >= episode.start).filter(\.$openedAt <= episode.backInside).count()
        guard known == 0 else { return nil }
        let now = context.clock.now
        let alarm = Alarm()
        alarm.id = UUID()
        alarm.enclosureID = enclosureID
        alarm.sensorID = sensor
        alarm.kind = episode.kind.rawValue
        alarm.severity = Alarm.Severity.critical.rawValue
        alarm.value = episode.completing.temperature
        alarm.openedAt = episode.completing.at
        alarm.lastSeenAt = episode.lastOutside
        alarm.repeats = 0
        alarm.resolvedAt = now
        alarm.normalSince = episode.backInside
        alarm.notifiedAt = now
        alarm.pastEpisode = true
        try await alarm.create(on: db)
        return try ShelterEvents.AlarmEvent(alarm, state: "past")
    }

    // MARK: Closing by itself

    /// Closes each open reading alarm whose enclosure's readings have been back within the
    /// rules for `settleTime`: the readings after its last breach (none of them breaks its
    /// rule, or it would have moved `lastSeenAt`) span at least that long. It is closed with
    /// nobody in `resolvedBy` and `normalSince` at the first of them («повернулося в норму
    /// о 14:10»), in the audit trail, and the dashboards are told.
    ///
    /// Why in the background job, not on each reading: the readings that show a return to
    /// normal are the ones that break no rule, and on PostgreSQL those are stored by one
    /// shared statement without the alarm check at all (`StoreReadingsStatement`), which is
    /// what keeps the sensors' hot path at one round trip. Checking per reading would add
    /// a query (is an alarm open here?) to every reading of every sensor; the job instead
    /// costs two look-ups by the readings' primary key per open alarm every `jobInterval`
    /// (30 s), whatever the number of sensors, and an alarm closes at most that long after
    /// its quarter of an hour. A breach arriving meanwhile wins: the close is a conditional
    /// update on the breach the job saw (`last_seen_at`), decided by the database.
    public func closeSettled() async throws {
        let open = try await Alarm.query(on: db).filter(\.$resolvedAt == nil)
            .filter(\.$kind ~~ Alarm.Kind.fromReadings.map(\.rawValue)).all()
        guard !open.isEmpty else { return }
        let sensors = try await Sensor.query(on: db).filter(\.$enclosureID ~~ Set(open.map(\.enclosureID))).all()
        var events: [ShelterEvents.AlarmEvent] = []
        for alarm in open {
            let ids = sensors.filter { $0.enclosureID == alarm.enclosureID }.compactMap(\.id)
            guard !ids.isEmpty else { continue }
            func since(_ direction: SQLDirection) async throws -> Date? {
                try await db.sql.select().column("device_time").from("ss_readings")
                    .where("sensor_id", .in, SQLBind.group(ids)).where("device_time", .greaterThan, SQLBind(alarm.lastSeenAt))
                    .orderBy("device_time", direction).limit(1).first(decodingColumn: "device_time", as: Date.self)
            }
            guard let normal = try await since(.ascending), let latest = try await since(.descending),
                  latest.timeIntervalSince(normal) >= Self.settleTime else { continue }
            if let event = try await closeItself(alarm, normalSince: normal) { events.append(event) }
        }
        try await publish(events)
    }

    /// Sensors silent for more than twice their interval raise a silence alarm in their
    /// enclosure (the background job, every minute).
    ///
    /// A silence alarm closes itself here once every working sensor of its enclosure has been
    /// heard again (`normal_since`: the first of them heard after the alarm last saw silence).
    public func checkSilence() async throws {
        let now = context.clock.now
        // A paused or retired sensor is silent on purpose.
        let sensors = try await Sensor.query(on: db).filter(\.$pausedAt == nil).filter(\.$retiredAt == nil).all()
        func isSilent(_ sensor: Sensor) -> Bool { now.timeIntervalSince(sensor.heardAt) > Double(2 * sensor.intervalSeconds) }
        var events = try await closeHeardAgain(sensors.filter { !isSilent($0) }, silent: Set(sensors.filter(isSilent).map(\.enclosureID)))
        for sensor in sensors {
            let silent = now.timeIntervalSince(sensor.heardAt)
            guard isSilent(sensor), let enclosure = try await Enclosure.find(sensor.enclosureID, on: db) else { continue }
            let event = try await db.writeTransaction { db in
                try await raise(Breaches(AlarmTrigger(kind: .silence, severity: .warning, value: silent.rounded(), at: now)),
                                in: enclosure, sensor: sensor.id, on: db)
            }
            if let event { events.append(event) }
        }
        try await publish(events)
    }

    /// Closes an alarm by itself — nobody in `resolved_by`, `normal_since` when things came
    /// back to normal, an audit entry — unless something broke the rule again since the
    /// caller looked (`last_seen_at` moved): a conditional update, decided by the database
    /// on any number of instances. The live event to publish, if it closed.
    private func closeItself(_ alarm: Alarm, normalSince normal: Date) async throws -> ShelterEvents.AlarmEvent? {
        let id = try alarm.requireID(), now = context.clock.now
        let closed = try await db.writeTransaction { db -> Alarm? in
            let changed = try await db.sql.update(Alarm.schema)
                .set("resolved_at", to: SQLBind(now)).set("normal_since", to: SQLBind(normal))
                .where("id", .equal, SQLBind(id)).where("resolved_at", .is, SQLLiteral.null)
                .where("last_seen_at", .lessThanOrEqual, SQLBind(alarm.lastSeenAt))
                .returning("id").all()
            guard !changed.isEmpty else { return nil }
            try await context.audit.record("alarm.resolve_itself", entityType: "alarm", entityID: id.uuidString.lowercased(), actor: nil,
                                           after: ["normalSince": normal.ISO8601Format()], on: db)
            return try await Alarm.find(id, on: db)
        }
        return try closed.map { try ShelterEvents.AlarmEvent($0, state: "resolved") }
    }

    /// Closes the open silence alarms of enclosures with no silent sensor, where a sensor
    /// was heard after the alarm last saw silence (`closeItself`: a silence seen meanwhile
    /// keeps it open).
    private func closeHeardAgain(_ speaking: [Sensor], silent: Set<UUID>) async throws -> [ShelterEvents.AlarmEvent] {
        let open = try await Alarm.query(on: db).filter(\.$resolvedAt == nil).filter(\.$kind == Alarm.Kind.silence.rawValue).all()
        var events: [ShelterEvents.AlarmEvent] = []
        for alarm in open where !silent.contains(alarm.enclosureID) {
            guard let heard = speaking.filter({ $0.enclosureID == alarm.enclosureID && $0.heardAt > alarm.lastSeenAt }).map(\.heardAt).min() else { continue }
            if let event = try await closeItself(alarm, normalSince: heard) { events.append(event) }
        }
        return events
    }

    /// Raises what a scheduled rule found (the feeding rules): in its own transaction,
    /// published after it commits. Once per occasion: nothing is raised again for a moment
    /// an alarm of this kind in the enclosure has already seen, open or resolved.
    func raiseScheduled(_ trigger: AlarmTrigger, in enclosure: Enclosure) async throws {
        let seen = try await Alarm.query(on: db).filter(\.$enclosureID == enclosure.requireID()).filter(\.$kind == trigger.kind.rawValue)
            .filter(\.$lastSeenAt >= trigger.at).count()
        guard seen == 0 else { return }
        let event = try await db.writeTransaction { db in
            try await raise(Breaches(trigger), in: enclosure, sensor: nil, on: db)
        }
        try await publish(event.map { [$0] } ?? [])
    }

    /// Opens the alarm of the trigger's kind in the enclosure, or updates the open one (a
    /// repeat, a higher severity). The staff are told when it opens or grows critical: the
    /// live event to publish after the commit is returned.
    private func raise(_ breaches: Breaches, in enclosure: Enclosure, sensor: UUID?, on db: any Database) async throws -> ShelterEvents.AlarmEvent? {
        let enclosureID = try enclosure.requireID()
        let trigger = breaches.trigger
        if let updated = try await repeatOpen(trigger, times: breaches.count, in: enclosureID, on: db) {
            return updated.escalated ? try await notify(updated.alarm, enclosure: enclosure, on: db) : nil
        }
        let now = context.clock.now
        let inserted = try await db.sql.insert(into: Alarm.schema)
            .columns("id", "enclosure_id", "sensor_id", "kind", "severity", "value", "opened_at", "last_seen_at", "repeats", "notified_at")
            .values(SQLBind(UUID()), SQLBind(enclosureID), SQLBind(sensor), SQLBind(trigger.kind.rawValue), SQLBind(trigger.severity.rawValue),
                    SQLBind(trigger.value), SQLBind(breaches.first), SQLBind(trigger.at), SQLBind(breaches.count - 1), SQLBind(now))
            .ignoringConflicts()
            .returning("id").first(decodingColumn: "id", as: UUID.self)
        if let id = inserted, let alarm = try await Alarm.find(id, on: db) {
            return try await notify(alarm, enclosure: enclosure, on: db)
        }
        // Another request opened it between our look and our insert.
        if let updated = try await repeatOpen(trigger, times: breaches.count, in: enclosureID, on: db), updated.escalated {
            return try await notify(updated.alarm, enclosure: enclosure, on: db)
        }
        return nil
    }

    /// Updates the enclosure's open alarm of this kind, if there is one: when it was last
    /// seen, the value, one more repeat, and critical if the trigger is. The row is locked
    /// first (PostgreSQL; SQLite's writes queue anyway), so readings arriving together each
    /// count their repeat.
    private func repeatOpen(_ trigger: AlarmTrigger, times: Int, in enclosureID: UUID, on db: any Database) async throws -> (alarm: Alarm, escalated: Bool)? {
        guard let id = try await db.sql.select().column("id").from(Alarm.schema)
            .where("enclosure_id", .equal, SQLBind(enclosureID)).where("kind", .equal, SQLBind(trigger.kind.rawValue))
            .where("resolved_at", .is, SQLLiteral.null).for(.update)
            .first(decodingColumn: "id", as: UUID.self),
            let open = try await Alarm.find(id, on: db) else { return nil }
        let escalated = trigger.severity > open.alarmSeverity
        open.repeats += times
        if trigger.at >= open.lastSeenAt {
            open.lastSeenAt = trigger.at
            open.value = trigger.value
        }
        if escalated { open.severity = trigger.severity.rawValue }
        try await open.save(on: db)
        return (open, escalated)
    }

    // MARK: Telling people

    /// Reminds the staff of open alarms nobody acknowledged (the background job): nobody on
    /// duty took it within `reminderInterval`, so it is escalated to every director and
    /// doctor, on duty or not (`escalatedAt`, the first time), and reminded to them after.
    public func remind() async throws {
        let now = context.clock.now
        let due = try await Alarm.query(on: db).filter(\.$resolvedAt == nil).filter(\.$acknowledgedAt == nil)
            .filter(\.$notifiedAt <= now.addingTimeInterval(-Self.reminderInterval)).all()
        var events: [ShelterEvents.AlarmEvent] = []
        for alarm in due {
            guard let enclosure = try await Enclosure.find(alarm.enclosureID, on: db) else { continue }
            events.append(try await db.writeTransaction { db in
                try await notify(alarm, enclosure: enclosure, reminder: true, on: db)
            })
        }
        try await publish(events)
    }

    /// A push to the directors' and doctors' devices and mail to them, in each one's
    /// language, in the transaction that raised the alarm; the live dashboard's event is
    /// returned, for after the commit (a page that fetched the board on hearing it before
    /// would not see the alarm yet).
    private func notify(_ alarm: Alarm, enclosure: Enclosure, reminder: Bool = false, on db: any Database) async throws -> ShelterEvents.AlarmEvent {
        alarm.notifiedAt = context.clock.now
        let escalating = reminder && alarm.escalatedAt == nil
        if escalating { alarm.escalatedAt = context.clock.now }
        try await alarm.save(on: db)
        let staff = try await recipients(everyone: reminder, on: db)
        let path = "\(SmartShelter.descriptor.pathPrefix)/dashboard#alarm-\(try alarm.requireID().uuidString.lowercased())"
        _ = try await context.push.send(app: SmartShelter.id, to: staff.compactMap(\.id), urgency: alarm.alarmSeverity == .critical ? .high : .normal,
                                        timeToLive: 3600, on: db) { language in
            let l = Self.localizer(language, context.timeZone)
            return PushNotification(title: Self.title(alarm, enclosure.name, l), body: Self.describe(alarm, l), url: path,
                                    tag: try? alarm.requireID().uuidString)
        }
        for person in staff {
            let l = Self.localizer(person.preferredLanguage ?? .uk, person.timeZone.flatMap(TimeZone.init(identifier:)) ?? context.timeZone)
            try await context.mail.enqueue(Self.mail(alarm, enclosure: enclosure.name, to: person.login, url: context.publicURL + path,
                                                     reminder: reminder, escalating: escalating, l), on: db)
        }
        return try ShelterEvents.AlarmEvent(alarm, state: escalating ? "escalated" : reminder ? "reminder" : "open")
    }

    /// The roles told of alarms: those of them on duty, or all when nobody is.
    static let alarmedRoles: [ShelterRole] = [.director, .doctor]

    /// Who is told of an alarm: the directors and doctors on duty, or all of them when
    /// nobody is on duty (an alarm is never told to no one) or when it is escalated.
    private func recipients(everyone: Bool, on db: any Database) async throws -> [Account] {
        let all = try await Account.query(on: db).filter(\.$app == SmartShelter.id)
            .filter(\.$role ~~ Self.alarmedRoles.map(\.rawValue)).filter(\.$deactivatedAt == nil).all()
        guard !everyone else { return all }
        let onDuty = Set(try await ShelterProfile.query(on: db).filter(\.$id ~~ all.compactMap(\.id)).filter(\.$onDuty == true).all().compactMap(\.id))
        return onDuty.isEmpty ? all : all.filter { onDuty.contains($0.id!) }
    }

    /// The alarm's e-mail: what broke, since when, what to do, and the link.
    static func mail(_ alarm: Alarm, enclosure: String, to address: String, url: String, reminder: Bool, escalating: Bool = false,
                     _ l: Localizer) -> OutgoingMail {
        let lines = [describe(alarm, l), l.text("ss.alarm.mail_since", ["time": l.dateTime(alarm.openedAt)]),
                     l.text(escalating ? "ss.alarm.mail_escalated" : reminder ? "ss.alarm.mail_reminder" : "ss.alarm.mail_act")]
        let html = H.div {
            HTMLBuilder.join(lines.map { line in H.p { line } })
            H.p { H.a(.href(url)) { l.text("ss.alarm.mail_open") } }
        }.rendered
        return OutgoingMail(to: address, subject: title(alarm, enclosure, l), text: (lines + [url]).joined(separator: "\n\n"), html: html)
    }

    /// Publishes alarm events on the dashboard's topic, after the change they tell of has
    /// committed (outside any transaction).
    func publish(_ events: [ShelterEvents.AlarmEvent]) async throws {
        for event in events {
            _ = try await context.events.publish(topic: ShelterEvents.alarms, name: ShelterEvents.alarm, payload: event, at: context.clock.now, on: db)
        }
    }

    private func enclosureNames(_ ids: Set<UUID>) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        return Dictionary(uniqueKeysWithValues: try await Enclosure.query(on: db).filter(\.$id ~~ ids).all().map { ($0.id!, $0.name) })
    }

    static func localizer(_ language: Language, _ zone: TimeZone) -> Localizer {
        Localizer(language: language, timeZone: zone, catalogs: [KernelStrings.catalog, ShelterStrings.catalog])
    }

    /// "Тривога · Карантин: тепловий стрес".
    static func title(_ alarm: Alarm, _ enclosure: String, _ l: Localizer) -> String {
        l.text("ss.alarm.title_\(alarm.alarmSeverity.rawValue)", ["enclosure": enclosure, "kind": l.text("ss.alarm.kind.\(alarm.kind)")])
    }

    /// What broke the rule, in words and the reading's figure (°C: mail and push go to many).
    static func describe(_ alarm: Alarm, _ l: Localizer) -> String {
        AlarmText.describe(alarm, unit: .celsius, l)
    }
}
