/// A fragment of HTML that is safe to send: text is escaped when it enters,
/// attribute values are escaped when they are rendered.
///
/// We build pages with this small result builder rather than Plot or Leaf:
/// Plot writes attribute values unescaped (a form that keeps what the user
/// typed would be an XSS hole), and Leaf parses templates at run time without
/// type checks. See docs/decisions/html-builder.md.
public struct HTML: Sendable, CustomStringConvertible {
    public private(set) var rendered: String

    /// Markup that is already safe (trusted constants, or the output of the builder).
    public init(unsafeRaw: String) { rendered = unsafeRaw }

    /// Text that is shown as text, whatever characters it holds.
    public init(text: String) { rendered = HTML.escape(text) }

    public static let empty = HTML(unsafeRaw: "")

    public var description: String { rendered }

    public static func + (lhs: HTML, rhs: HTML) -> HTML {
        HTML(unsafeRaw: lhs.rendered + rhs.rendered)
    }

    /// Escapes the five characters that matter in text and in quoted attribute values.
    /// Works on the UTF-8 bytes: the five are ASCII, and no byte of a multi-byte
    /// character is ASCII. (Every text and attribute of a page passes through here; a scan
    /// through `String.UTF8View` showed up in profiles of rendering a volunteer's inbox:
    /// see docs/decisions/hand-written-hot-spots.md.)
    public static func escape(_ text: String) -> String {
        var text = text
        // `withUTF8` makes the bytes contiguous first; nil means nothing needed escaping.
        return text.withUTF8(escape) ?? text
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.firstIndex(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return nil
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out.append(contentsOf: bytes[..<first])
        for byte in bytes[first...] {
            switch byte {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ html: HTML) -> HTML { html }
    public static func buildExpression(_ text: String) -> HTML { HTML(text: text) }
    public static func buildExpression(_ html: HTML?) -> HTML { html ?? .empty }
    public static func buildBlock(_ parts: HTML...) -> HTML { join(parts) }
    public static func buildOptional(_ html: HTML?) -> HTML { html ?? .empty }
    public static func buildEither(first: HTML) -> HTML { first }
    public static func buildEither(second: HTML) -> HTML { second }
    public static func buildArray(_ parts: [HTML]) -> HTML { join(parts) }
    public static func buildLimitedAvailability(_ html: HTML) -> HTML { html }

    public static func join(_ parts: [HTML]) -> HTML {
        var out = ""
        for part in parts { out += part.rendered }
        return HTML(unsafeRaw: out)
    }
}

/// One attribute of an element. A `nil` value leaves the attribute out, which keeps
/// optional attributes (`aria-invalid`, `checked`) readable at the call site.
public struct Attribute: Sendable {
    public let name: String
    public let value: String?
    /// Boolean attributes (`required`, `hidden`) are rendered by name alone.
    public let isFlag: Bool

    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
        self.isFlag = false
    }

    public static func flag(_ name: String, _ isOn: Bool = true) -> Attribute {
        Attribute(flagName: name, isOn: isOn)
    }

    private init(flagName: String, isOn: Bool) {
        name = flagName
        value = isOn ? "" : nil
        isFlag = true
    }

    public static func `class`(_ value: String?) -> Attribute { Attribute("class", value) }
    public static func id(_ value: String?) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String?) -> Attribute { Attribute("href", value) }
    public static func name(_ value: String?) -> Attribute { Attribute("name", value) }
    public static func type(_ value: String?) -> Attribute { Attribute("type", value) }
    public static func value(_ value: String?) -> Attribute { Attribute("value", value) }
    public static func data(_ key: String, _ value: String?) -> Attribute { Attribute("data-\(key)", value) }
    public static func aria(_ key: String, _ value: String?) -> Attribute { Attribute("aria-\(key)", value) }
    public static func role(_ value: String?) -> Attribute { Attribute("role", value) }
    public static func lang(_ value: String?) -> Attribute { Attribute("lang", value) }

    func render(into out: inout String) {
        guard let value else { return }
        out += " "
        out += name
        if isFlag { return }
        out += "=\""
        out += HTML.escape(value)
        out += "\""
    }
}

/// Element constructors. A namespace keeps short tag names (`a`, `p`) from
/// clashing with local variables in the apps.
public enum H {
    /// Any element with content.
    public static func element(_ tag: String, _ attributes: [Attribute], content: HTML) -> HTML {
        var out = "<" + tag
        for attribute in attributes { attribute.render(into: &out) }
        out += ">"
        out += content.rendered
        out += "</" + tag + ">"
        return HTML(unsafeRaw: out)
    }

    /// A void element (`<input>`, `<meta>`): no content, no closing tag.
    public static func void(_ tag: String, _ attributes: [Attribute]) -> HTML {
        var out = "<" + tag
        for attribute in attributes { attribute.render(into: &out) }
        out += ">"
        return HTML(unsafeRaw: out)
    }

    public static func text(_ value: String) -> HTML { HTML(text: value) }

    public static func document(lang: String, head: HTML, body: HTML, bodyAttributes: [Attribute] = []) -> HTML {
        HTML(unsafeRaw: "<!DOCTYPE html>")
            + element("html", [.lang(lang)], content: element("head", [], content: head) + element("body", bodyAttributes, content: body))
    }
}

// Common elements; each is `H.tag(attributes…) { content }`.
extension H {
    public static func div(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("div", a, content: c()) }
    public static func span(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("span", a, content: c()) }
    public static func p(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("p", a, content: c()) }
    public static func a(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("a", a, content: c()) }
    public static func h1(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("h1", a, content: c()) }
    public static func h2(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("h2", a, content: c()) }
    public static func h3(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("h3", a, content: c()) }
    public static func blockquote(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("blockquote", a, content: c()) }
    public static func ul(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("ul", a, content: c()) }
    public static func ol(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("ol", a, content: c()) }
    public static func li(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("li", a, content: c()) }
    public static func dl(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("dl", a, content: c()) }
    public static func dt(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("dt", a, content: c()) }
    public static func dd(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("dd", a, content: c()) }
    public static func article(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("article", a, content: c()) }
    public static func section(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("section", a, content: c()) }
    public static func header(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("header", a, content: c()) }
    public static func footer(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("footer", a, content: c()) }
    public static func main(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("main", a, content: c()) }
    public static func nav(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("nav", a, content: c()) }
    public static func form(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("form", a, content: c()) }
    public static func label(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("label", a, content: c()) }
    public static func button(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("button", a, content: c()) }
    public static func select(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("select", a, content: c()) }
    public static func meter(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("meter", a, content: c()) }
    public static func option(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("option", a, content: c()) }
    public static func textarea(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("textarea", a, content: c()) }
    public static func fieldset(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("fieldset", a, content: c()) }
    public static func legend(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("legend", a, content: c()) }
    public static func table(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("table", a, content: c()) }
    public static func caption(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("caption", a, content: c()) }
    public static func thead(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("thead", a, content: c()) }
    public static func tbody(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("tbody", a, content: c()) }
    public static func tr(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("tr", a, content: c()) }
    public static func th(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("th", a, content: c()) }
    public static func td(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("td", a, content: c()) }
    public static func strong(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("strong", a, content: c()) }
    public static func small(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("small", a, content: c()) }
    public static func details(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("details", a, content: c()) }
    public static func summary(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("summary", a, content: c()) }
    public static func dialog(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("dialog", a, content: c()) }
    public static func time(_ a: Attribute..., @HTMLBuilder content c: () -> HTML = { .empty }) -> HTML { element("time", a, content: c()) }
    public static func input(_ a: Attribute...) -> HTML { void("input", a) }
    public static func meta(_ a: Attribute...) -> HTML { void("meta", a) }
    public static func link(_ a: Attribute...) -> HTML { void("link", a) }
    public static func img(_ a: Attribute...) -> HTML { void("img", a) }
    public static func script(src: String, module: Bool = true) -> HTML {
        element("script", [Attribute("src", src), module ? Attribute("type", "module") : Attribute("defer", "defer")], content: .empty)
    }
}
