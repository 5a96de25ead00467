import Vapor

/// What a form shows: the values the person typed and the errors to put beside them.
/// A form that fails validation is rendered again from this, so nothing typed is lost.
public struct FormState: Sendable {
    public var values: [String: String]
    public var errors: [FieldError]

    public init(values: [String: String] = [:], errors: [FieldError] = []) {
        self.values = values
        self.errors = errors
    }

    public func error(for field: String) -> FieldError? { errors.first { $0.field == field } }

    /// Reads every submitted text field of an urlencoded or multipart form.
    public static func submitted(by request: Request) -> FormState {
        let values = (try? request.content.decode([String: String].self)) ?? [:]
        // The CSRF token and the one-time retry key belong to the request, not to the form.
        let transport: Set = [CSRFMiddleware.fieldName, IdempotencyMiddleware.formField]
        return FormState(values: values.filter { !transport.contains($0.key) })
    }
}

/// One input with its label, hint and inline error, accessible by default:
/// the label is tied to the input, the error is announced and linked by `aria-describedby`.
public struct FormField: Sendable {
    public var name: String
    public var label: String
    public var type: String = "text"
    public var hint: String?
    public var required = true
    public var autocomplete: String?
    public var inputMode: String?
    public var maxLength: Int?

    public init(name: String, label: String, type: String = "text", hint: String? = nil, required: Bool = true, autocomplete: String? = nil, inputMode: String? = nil, maxLength: Int? = nil) {
        self.name = name
        self.label = label
        self.type = type
        self.hint = hint
        self.required = required
        self.autocomplete = autocomplete
        self.inputMode = inputMode
        self.maxLength = maxLength
    }

    /// The input's id when one page repeats a form (one per sensor, say): `field-<name>`
    /// otherwise, and ids must be unique on a page.
    public var elementID: String?

    /// This field with its own id (`elementID`).
    public func withID(_ id: String) -> FormField {
        var field = self
        field.elementID = id
        return field
    }

    public func render(_ state: FormState, _ l: Localizer) -> HTML {
        let id = elementID ?? "field-\(name)"
        let error = state.error(for: name)
        let describedBy = [hint != nil ? "\(id)-hint" : nil, error != nil ? "\(id)-error" : nil].compactMap { $0 }.joined(separator: " ")
        // Passwords are never sent back to the page.
        let value = type == "password" ? nil : state.values[name]
        return H.div(.class(error == nil ? "field" : "field field-invalid")) {
            H.label(Attribute("for", id)) { label }
            if let hint { H.p(.class("hint"), .id("\(id)-hint")) { hint } }
            if let error {
                H.p(.class("field-error"), .id("\(id)-error")) { l.text(error.key, error.arguments) }
            }
            H.input(
                .id(id), .name(name), .type(type), .value(value),
                Attribute("autocomplete", autocomplete), Attribute("inputmode", inputMode),
                Attribute("maxlength", maxLength.map(String.init)),
                .flag("required", required),
                .aria("invalid", error != nil ? "true" : nil),
                .aria("describedby", describedBy.isEmpty ? nil : describedBy))
            // Shown by `app.js` (it does nothing without it): what is typed can be read
            // back, which helps whoever mistypes on a small keyboard.
            if type == "password" {
                H.button(.type("button"), .class("button reveal-password"), .data("reveal", id), .aria("pressed", "false"), .aria("controls", id),
                         .flag("hidden", true)) { l.text("form.show_password") }
            }
        }
    }
}

/// A labelled `<select>` with its inline error, like `FormField`. With `includeEmpty`,
/// the first option is a blank "choose" (or `emptyLabel`) so nothing is picked by accident.
public struct SelectField: Sendable {
    public var name: String
    public var label: String
    public var options: [(value: String, label: String)]
    public var required = true
    public var includeEmpty = true
    public var emptyLabel: String?
    public var warning: TypingWarning?

    public init(name: String, label: String, options: [(value: String, label: String)], required: Bool = true, includeEmpty: Bool = true,
                emptyLabel: String? = nil, warning: TypingWarning? = nil) {
        self.name = name
        self.label = label
        self.options = options
        self.required = required
        self.includeEmpty = includeEmpty
        self.emptyLabel = emptyLabel
        self.warning = warning
    }

    /// The select's id when one page repeats a form, as `FormField.elementID`.
    public var elementID: String?

    /// This field with its own id (`elementID`).
    public func withID(_ id: String) -> SelectField {
        var field = self
        field.elementID = id
        return field
    }

    public func render(_ state: FormState, _ l: Localizer) -> HTML {
        let id = elementID ?? "field-\(name)"
        let error = state.error(for: name)
        let selected = state.values[name]
        let describedBy = [error != nil ? "\(id)-error" : nil, warning != nil ? "\(id)-warning" : nil].compactMap { $0 }.joined(separator: " ")
        return H.div(.class(error == nil ? "field" : "field field-invalid")) {
            H.label(Attribute("for", id)) { label }
            if let error { H.p(.class("field-error"), .id("\(id)-error")) { l.text(error.key, error.arguments) } }
            H.select(.id(id), .name(name), .flag("required", required), .aria("invalid", error != nil ? "true" : nil),
                     .aria("describedby", describedBy.isEmpty ? nil : describedBy),
                     .data("warn-pattern", warning?.pattern), .data("warn-message", warning?.message),
                     .data("warn-target", warning != nil ? "\(id)-warning" : nil)) {
                if includeEmpty {
                    H.option(.value(""), .flag("selected", selected?.isEmpty ?? true)) { emptyLabel ?? l.text("form.choose") }
                }
                for option in options {
                    H.option(.value(option.value), .flag("selected", option.value == selected)) { option.label }
                }
            }
            warning?.render(fieldID: id, value: selected)
        }
    }
}

/// A labelled `<textarea>` with its inline error, like `FormField`.
public struct TextAreaField: Sendable {
    public var name: String
    public var label: String
    public var hint: String?
    public var required = true
    public var maxLength: Int?
    public var warning: TypingWarning?

    public init(name: String, label: String, hint: String? = nil, required: Bool = true, maxLength: Int? = nil,
                warning: TypingWarning? = nil) {
        self.name = name
        self.label = label
        self.hint = hint
        self.required = required
        self.maxLength = maxLength
        self.warning = warning
    }

    public func render(_ state: FormState, _ l: Localizer) -> HTML {
        let id = "field-\(name)"
        let error = state.error(for: name)
        let describedBy = [hint != nil ? "\(id)-hint" : nil, error != nil ? "\(id)-error" : nil, warning != nil ? "\(id)-warning" : nil]
            .compactMap { $0 }.joined(separator: " ")
        return H.div(.class(error == nil ? "field" : "field field-invalid")) {
            H.label(Attribute("for", id)) { label }
            if let hint { H.p(.class("hint"), .id("\(id)-hint")) { hint } }
            if let error { H.p(.class("field-error"), .id("\(id)-error")) { l.text(error.key, error.arguments) } }
            H.textarea(.id(id), .name(name), Attribute("rows", "5"), Attribute("maxlength", maxLength.map(String.init)),
                       .flag("required", required), .aria("invalid", error != nil ? "true" : nil),
                       .aria("describedby", describedBy.isEmpty ? nil : describedBy),
                       .data("warn-pattern", warning?.pattern), .data("warn-message", warning?.message),
                       .data("warn-target", warning != nil ? "\(id)-warning" : nil)) { state.values[name] ?? "" }
            // Below the control, so that what is typed and the button stay where they were.
            warning?.render(fieldID: id, value: state.values[name])
        }
    }
}

/// Said beside a field while what is typed or chosen matches `pattern` (a regular
/// expression the server and JavaScript read alike): a person learns before sending,
/// from `app.js` as they type, and from the page itself when it shows a matching value.
public struct TypingWarning: Sendable {
    public var pattern: String
    public var message: String

    public init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    public func matches(_ value: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }

    /// The warning's place: always present (empty while nothing matches) and a status
    /// region, so that screen readers hear it when `app.js` fills it.
    func render(fieldID: String, value: String?) -> HTML {
        H.p(.class("field-warning"), .id("\(fieldID)-warning"), .role("status")) {
            if let value, matches(value) { message }
        }
    }
}

public enum Components {
    /// A summary above a form that failed: each problem in words, linked to its field
    /// (`field-<name>`, as `FormField` names it), so nobody hunts for a red border.
    /// `app.js` focuses it when the page opens, which also scrolls it into view. `describe`
    /// words a problem when the message alone would not say where it is (a task's number).
    public static func errorSummary(_ state: FormState, _ l: Localizer, describe: ((FieldError) -> String)? = nil) -> HTML {
        guard !state.errors.isEmpty else { return .empty }
        var seen = Set<String>()
        let firstPerField = state.errors.filter { seen.insert($0.field).inserted }
        return H.div(.class("flash flash-error error-summary"), .role("alert"), Attribute("tabindex", "-1"), .data("error-summary", "")) {
            H.p { l.text("validation.summary") }
            H.ul {
                for error in firstPerField {
                    H.li { H.a(.href("#field-\(error.field)")) { describe?(error) ?? l.text(error.key, error.arguments) } }
                }
            }
        }
    }

    /// A POST form with the CSRF field. With `confirm`, `app.js` asks first in a dialog
    /// (without JavaScript the form simply submits).
    public static func postForm(_ context: ViewContext, action: String, confirm: String? = nil, classes: String? = nil, @HTMLBuilder _ content: () -> HTML) -> HTML {
        H.form(Attribute("method", "post"), Attribute("action", action), .class(classes), .data("confirm", confirm)) {
            context.csrfField
            content()
        }
    }

    /// The primary button ("yes" colour).
    public static func primaryButton(_ label: String) -> HTML {
        H.button(.type("submit"), .class("button button-primary")) { label }
    }

    /// Offers notifications when the page is closed (Web Push, `push.js`): hidden until
    /// the browser can push and has not been told no, and asking only when pressed. Put it
    /// where it helps — after an order, on going online — never on a first visit. `app` is
    /// the app's path prefix; `enabled` is the note shown once it is on.
    public static func pushButton(_ context: ViewContext, app: String, label: String, enabled: String) -> HTML {
        HTMLBuilder.join([
            H.button(.type("button"), .class("button button-block push-subscribe"), .data("push-subscribe", "true"),
                     .data("push-app", app), .data("csrf", context.csrfToken), .flag("hidden")) { label },
            H.p(.class("push-enabled"), .data("push-enabled", "true"), .flag("hidden")) { enabled },
        ])
    }

    /// A table that scrolls sideways when it is wider than the screen: the scrolling box
    /// can be reached with the keyboard and is named after the table (`label`), as
    /// assistive technology needs for any scrollable region.
    public static func tableScroll(label: String, @HTMLBuilder _ table: () -> HTML) -> HTML {
        H.div(.class("table-scroll"), Attribute("tabindex", "0"), .role("region"), .aria("label", label)) { table() }
    }

    /// A button that copies the text of the element `target` (a key, an example command),
    /// then says `copied` for a moment; hidden until `app.js` runs, as it does the work.
    /// The button's text changes in place and is announced (`aria-live`).
    public static func copyButton(target: String, label: String, copied: String) -> HTML {
        H.button(.type("button"), .class("button copy-button"), .data("copy", target), .data("copied", copied),
                 .aria("live", "polite"), .flag("hidden", true)) { label }
    }

    /// A destructive button ("no" colour).
    public static func dangerButton(_ label: String) -> HTML {
        H.button(.type("submit"), .class("button button-danger")) { label }
    }
}
