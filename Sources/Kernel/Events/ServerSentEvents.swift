import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Streams events to a browser (or any client) as Server-Sent Events.
///
/// - Resumes: a reconnecting client sends `Last-Event-ID` (browsers do this by themselves;
///   our `live.js` also passes `?lastEventId=` when it reconnects by hand), and gets every
///   stored event it missed before the live ones.
/// - Heartbeats: a comment line every `heartbeatInterval` keeps proxies from closing an
///   idle stream and lets the server notice a client that has gone.
public enum ServerSentEvents {
    enum Outgoing: Sendable {
        case event(Event)
        case heartbeat
    }

    /// A streaming response for `topics`. `include` filters events per client (e.g. only
    /// tasks in the volunteer's city); it runs for every event, so keep it cheap.
    public static func response(for request: Request, topics: Set<String>, include: @escaping @Sendable (Event) -> Bool = { _ in true }) -> Response {
        let bus = request.kernel.events
        let heartbeat = request.kernel.configuration.heartbeatInterval
        let resumeFrom = lastEventID(of: request)
        let database = request.db
        let logger = request.logger

        let (queue, continuation) = AsyncStream<Outgoing>.makeStream(bufferingPolicy: .bufferingNewest(1_000))
        // Subscribe before replaying, so nothing published in between is lost.
        let subscription = bus.subscribe(
            topics: topics,
            deliver: { event in if include(event) { continuation.yield(.event(event)) } },
            finish: { continuation.finish() })

        let body = Response.Body(managedAsyncStream: { writer in
            let beats = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(heartbeat))
                    continuation.yield(.heartbeat)
                }
            }
            defer {
                beats.cancel()
                bus.unsubscribe(subscription)
                continuation.finish()
            }
            try await writer.writeBuffer(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
            var delivered = resumeFrom ?? 0
            if let resumeFrom {
                for event in try await bus.events(after: resumeFrom, topics: topics, on: database) where include(event) {
                    try await writer.writeBuffer(frames.frame(for: event))
                    delivered = max(delivered, event.id)
                }
            }
            for await item in queue {
                switch item {
                case .heartbeat:
                    try await writer.writeBuffer(ByteBuffer(string: ": heartbeat\n\n"))
                case .event(let event):
                    // Skip what the replay already sent.
                    if resumeFrom != nil, event.id <= delivered { continue }
                    try await writer.writeBuffer(frames.frame(for: event))
                }
            }
            logger.debug("Event stream closed")
        })
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "event-stream", parameters: ["charset": "utf-8"])
        headers.replaceOrAdd(name: .cacheControl, value: "no-cache, no-store")
        headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        return Response(status: .ok, headers: headers, body: body)
    }

    /// The last event's frame, shared by every stream it goes to: a task offered in a city
    /// reaches a thousand volunteers' streams with the same bytes (a `ByteBuffer` is
    /// copied on write, so each stream may write the same one).
    static let frames = RecentFrame()

    final class RecentFrame: Sendable {
        // The whole event is compared, not its id: servers in one process (the tests')
        // number their events each on their own.
        private let last = NIOLockedValueBox<(event: Event, frame: ByteBuffer)?>(nil)

        func frame(for event: Event) -> ByteBuffer {
            if let last = last.withLockedValue({ $0 }), last.event == event { return last.frame }
            let frame = ByteBuffer(string: ServerSentEvents.format(event))
            last.withLockedValue { $0 = (event, frame) }
            return frame
        }
    }

    /// One event in the SSE wire format; multi-line data becomes several `data:` lines.
    static func format(_ event: Event) -> String {
        var out = "id: \(event.id)\nevent: \(event.name)\n"
        for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) {
            out += "data: \(line)\n"
        }
        return out + "\n"
    }

    static func lastEventID(of request: Request) -> Int? {
        if let header = request.headers.first(name: "Last-Event-ID"), let id = Int(header), id >= 0 { return id }
        if let query = request.query[String.self, at: "lastEventId"], let id = Int(query), id >= 0 { return id }
        return nil
    }
}
