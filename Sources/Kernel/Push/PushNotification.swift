import Foundation

/// What a person's phone shows: a title, a line, and the page a tap opens. It travels
/// encrypted (RFC 8291) as JSON, which the app's service worker reads.
public struct PushNotification: Codable, Sendable, Equatable {
    public var title: String
    public var body: String
    /// The page to open when it is tapped: a path under the app (`/golden-ager/orders/…`).
    public var url: String
    /// Notifications with the same tag replace each other on the device (one per task, say).
    public var tag: String?

    public init(title: String, body: String, url: String, tag: String? = nil) {
        self.title = title
        self.body = body
        self.url = url
        self.tag = tag
    }
}

/// How soon a push service should wake the device (RFC 8030 §5.3).
public enum PushUrgency: String, Codable, Sendable {
    case low, normal, high
}
