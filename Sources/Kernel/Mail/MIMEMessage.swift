import Foundation

/// Renders a mail as an RFC 5322 message: multipart/alternative with a text/plain and a
/// text/html part, both UTF-8 in base64 (Ukrainian text would triple in
/// quoted-printable), and the Subject and display names as RFC 2047 encoded words
/// when they are not plain ASCII.
struct MIMEMessage {
    let mail: OutgoingMail
    let from: MailAddress
    let to: MailAddress
    let messageID: String
    let date: Date

    /// The message with CRLF line ends, ready for SMTP DATA (before dot-stuffing).
    func rendered() -> String {
        // "=_" cannot occur in base64, so no line of a part can be taken for the boundary.
        let boundary = "=_" + messageID.filter { $0.isLetter || $0.isNumber }.prefix(32)
        var headers = [
            "Date: \(Self.rfc5322Date(date))",
            "From: \(Self.headerAddress(from))",
            "To: \(Self.headerAddress(to))",
            "Subject: \(Self.encodedWords(mail.subject))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative;\r\n boundary=\"\(boundary)\"",
        ]
        if let url = mail.unsubscribeURL, Self.isHeaderSafe(url) {
            // RFC 8058: the mail app POSTs `List-Unsubscribe=One-Click` to the address itself.
            headers += ["List-Unsubscribe: <\(url)>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"]
        }
        let parts = [("text/plain", mail.text), ("text/html", mail.html)].map { type, body in
            "--\(boundary)\r\n"
                + "Content-Type: \(type); charset=UTF-8\r\n"
                + "Content-Transfer-Encoding: base64\r\n\r\n"
                + Self.base64Lines(Self.canonicalLineEnds(body))
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n"
            + parts.joined() + "--\(boundary)--\r\n"
    }

    /// A URL that cannot end the header early: printable ASCII, no `>`, no line break.
    static func isHeaderSafe(_ url: String) -> Bool {
        url.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && $0 != ">" } && url.utf8.count <= 900
    }

    /// Text in MIME's canonical form: every line ends in CRLF.
    static func canonicalLineEnds(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// Base64 in lines of 76 characters, each ending in CRLF.
    static func base64Lines(_ text: String) -> String {
        let encoded = Data(text.utf8).base64EncodedString()
        var lines = ""
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines += String(encoded[start..<end]) + "\r\n"
            start = end
        }
        return lines
    }

    /// A header value as is when it is short printable ASCII; otherwise RFC 2047 encoded
    /// words (`=?UTF-8?B?…?=`), each at most 75 characters and never splitting a
    /// character, folded onto continuation lines. Line breaks become spaces: a header
    /// has one line.
    static func encodedWords(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        let printable = oneLine.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value < 127 }
        if printable && oneLine.count <= 70 && !oneLine.contains("=?") { return oneLine }
        var words: [String] = []
        var chunk: [UInt8] = []
        // 39 bytes are 52 base64 characters: with `=?UTF-8?B?` and `?=`, 64 — and with
        // `Subject: ` in front of the first, 73 (RFC 2047 allows 76 on a line).
        for character in oneLine {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 39, !chunk.isEmpty {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
    }

    /// `Name <address>`, the name quoted or encoded when it needs to be.
    static func headerAddress(_ address: MailAddress) -> String {
        guard let name = address.name else { return address.address }
        let plain = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == " " }
        let printable = name.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value < 127 }
        let shown = plain ? name
            : printable ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            : encodedWords(name)
        return "\(shown) <\(address.address)>"
    }

    /// `Tue, 25 Nov 2026 04:17:30 +0000`, always in UTC and English as RFC 5322 asks.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
