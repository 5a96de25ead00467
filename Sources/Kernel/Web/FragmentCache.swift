import NIOConcurrencyHelpers
import Vapor

/// Markup rendered once and served to many requests: a fragment that is the same for
/// everyone who sees it but for the CSRF token in its forms — a task card in a volunteer's
/// inbox is the same for every volunteer of the city who reads that language. It is
/// rendered with a hole where the token goes, and each request fills in its own.
///
/// A fragment is found by a cheap `Key` (an id, the language) and kept with the `Content`
/// it was made of (the row's values); it is served only while the content asked for is
/// equal to that, so a changed row is rendered again and nothing needs invalidating.
/// Comparing is cheap where it matters: values read once and shared between requests
/// compare equal by their storage. When the cache holds `capacity` fragments it starts again.
public final class FragmentCache<Key: Hashable & Sendable, Content: Equatable & Sendable>: Sendable {
    private let fragments = NIOLockedValueBox<[Key: (content: Content, fragment: Fragment)]>([:])
    private let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The fragment for `key` and `content` with `context`'s CSRF token, and `inner` in its
    /// `HTML.fragmentSlot` if it has one, rendered by `render` unless it is cached.
    /// `render` must depend on nothing but the key, the content and the context it is
    /// given (whose CSRF field is a hole each request fills with its own token).
    public func html(_ key: Key, _ content: Content, in context: ViewContext, inserting inner: HTML = .empty,
                     render: (ViewContext) -> HTML) -> HTML {
        let kept = fragments.withLockedValue { $0[key] }
        let fragment: Fragment
        if let kept, kept.content == content {
            fragment = kept.fragment
        } else {
            fragment = Fragment(render(context.withCSRFHole()))
            fragments.withLockedValue { fragments in
                if fragments.count >= capacity { fragments.removeAll(keepingCapacity: true) }
                fragments[key] = (content, fragment)
            }
        }
        return fragment.filled(with: context.csrfToken, inserting: inner)
    }
}

extension HTML {
    /// Where a cached fragment takes what each request puts in (`FragmentCache.html(…inserting:)`):
    /// a page shell's content, say. Its `<` can never come out of escaped text.
    public static let fragmentSlot = HTML(unsafeRaw: Fragment.slot)
}

/// Rendered markup split, once, at its holes: the CSRF token's and the slot.
struct Fragment: Sendable {
    /// Where the token goes. Its `<` can never come out of escaped text or attribute values
    /// (both turn `<` into `&lt;`), so the only holes are the ones the CSRF field made.
    static let hole = "<csrf-token-hole>"
    static let slot = "<fragment-slot>"

    enum Segment: Sendable {
        case markup(Substring)
        case token
        case slot
    }

    let segments: [Segment]

    /// Splits markup rendered with `ViewContext.withCSRFHole()` at its holes.
    init(_ html: HTML) {
        let rendered = html.rendered
        var segments: [Segment] = []
        for (slotIndex, part) in rendered.split(separator: Self.slot, omittingEmptySubsequences: false).enumerated() {
            if slotIndex > 0 { segments.append(.slot) }
            for (holeIndex, piece) in part.split(separator: Self.hole, omittingEmptySubsequences: false).enumerated() {
                if holeIndex > 0 { segments.append(.token) }
                if !piece.isEmpty { segments.append(.markup(piece)) }
            }
        }
        self.segments = segments
    }

    func filled(with token: String, inserting inner: HTML) -> HTML {
        let escaped = HTML.escape(token)
        var out = ""
        out.reserveCapacity(segments.reduce(inner.rendered.utf8.count) { total, segment in
            if case .markup(let piece) = segment { return total + piece.utf8.count }
            return total + escaped.utf8.count
        })
        for segment in segments {
            switch segment {
            case .markup(let piece): out += piece
            case .token: out += escaped
            case .slot: out += inner.rendered
            }
        }
        return HTML(unsafeRaw: out)
    }
}
