import Foundation

/// One e-mail to one person: a plain-text and an HTML version of the same message,
/// written in the person's language by the code that sends it.
public struct OutgoingMail: Sendable, Codable, Equatable {
    /// The recipient's address (`olena@example.org`, or `Олена <olena@example.org>`).
    public var to: String
    public var subject: String
    public var text: String
    public var html: String
    /// Where one POST stops mail like this one (`MailUnsubscribes.link`): sent as
    /// `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058), so a mail app can offer
    /// its own unsubscribe button. Nil for mail a person cannot decline (a password reset).
    public var unsubscribeURL: String?

    public init(to: String, subject: String, text: String, html: String, unsubscribeURL: String? = nil) {
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.unsubscribeURL = unsubscribeURL
    }
}

/// An address in a header (`Name <local@domain>`) or the envelope (`local@domain`).
/// Only ASCII addresses: the client does not speak SMTPUTF8.
public struct MailAddress: Sendable, Equatable, CustomStringConvertible {
    public let name: String?
    /// The bare address, as used in `MAIL FROM` and `RCPT TO`.
    public let address: String

    /// Parses `local@domain` or `Display Name <local@domain>`.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            let name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            self.name = name.isEmpty ? nil : name
            self.address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        } else {
            self.name = nil
            self.address = trimmed
        }
        guard Self.isValid(address), !(name ?? "").contains(where: \.isNewline) else {
            throw MailError.invalidAddress(text)
        }
    }

    /// `local@domain`, printable ASCII without spaces or the characters that would end
    /// the address early in a header or an SMTP command (a CR or LF would inject one).
    static func isValid(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, address.utf8.count <= 254 else { return false }
        return address.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && !"<>()[],;:\\\"".unicodeScalars.contains($0) }
    }

    /// The domain after `@` (for Message-ID).
    var domain: String { String(address.split(separator: "@").last ?? "localhost") }

    public var description: String { name.map { "\($0) <\(address)>" } ?? address }
}

public enum MailError: Error, CustomStringConvertible {
    case invalidAddress(String)

    public var description: String {
        switch self {
        case .invalidAddress(let text): "'\(text)' is not an e-mail address this server can send to"
        }
    }
}
