import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Reads a Server-Sent-Events stream over real HTTP, as a browser would. A background
/// task collects the bytes; `next` parses complete events out of them.
public final class EventStreamReader: Sendable {
    public struct Message: Sendable, Equatable {
        public let id: String?
        public let name: String?
        public let data: String
    }

    struct State {
        var text = ""
        var comments: [String] = []
        var ended = false
    }

    public let status: HTTPResponseStatus
    public let headers: HTTPHeaders
    private let state = NIOLockedValueBox(State())
    private let reader = NIOLockedValueBox<Task<Void, Never>?>(nil)

    public static func open(_ url: String, lastEventID: Int? = nil, headers: HTTPHeaders = [:]) async throws -> EventStreamReader {
        var request = HTTPClientRequest(url: url)
        request.headers = headers
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: String(lastEventID)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let stream = EventStreamReader(status: response.status, headers: response.headers)
        stream.start(response.body)
        return stream
    }

    private init(status: HTTPResponseStatus, headers: HTTPHeaders) {
        self.status = status
        self.headers = headers
    }

    private func start(_ body: HTTPClientResponse.Body) {
        let task = Task { [state] in
            do {
                for try await chunk in body {
                    state.withLockedValue { $0.text += String(buffer: chunk) }
                }
            } catch {}
            state.withLockedValue { $0.ended = true }
        }
        reader.withLockedValue { $0 = task }
    }

    /// Stops reading (closes the connection from our side).
    public func close() {
        reader.withLockedValue { $0?.cancel() }
    }

    public var comments: [String] { state.withLockedValue { $0.comments } }

    /// The next event, or nil when the stream ends or `timeout` passes first.
    public func next(timeout: Duration = .seconds(10)) async throws -> Message? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let message = takeMessage() { return message }
            if state.withLockedValue({ $0.ended }) { return takeMessage() }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// Waits until a comment line containing `text` (e.g. a heartbeat) has arrived.
    public func waitForComment(_ text: String, timeout: Duration = .seconds(10)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            while takeMessage() != nil {}
            if comments.contains(where: { $0.contains(text) }) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    private func takeMessage() -> Message? {
        state.withLockedValue { state in
            while let range = state.text.range(of: "\n\n") {
                let block = String(state.text[..<range.lowerBound])
                state.text.removeSubrange(..<range.upperBound)
                var id: String?, name: String?, data: [String] = []
                for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix(":") { state.comments.append(line.dropFirst().trimmingCharacters(in: .whitespaces)) }
                    else if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                    else if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    else if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                if !data.isEmpty { return Message(id: id, name: name, data: data.joined(separator: "\n")) }
            }
            return nil
        }
    }
}
