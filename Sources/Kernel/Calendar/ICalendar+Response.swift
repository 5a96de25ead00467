import Vapor

extension ICalendar {
    /// The document as an HTTP answer: `text/calendar`, never cached (a feed changes), and
    /// as a download named `filename` when one is given.
    public func response(filename: String? = nil) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: ICalendar.mediaType)
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        if let filename { headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"\(filename)\"") }
        return Response(status: .ok, headers: headers, body: .init(string: render()))
    }
}

extension Request {
    /// The server's address as the client reached it (scheme and host), for links that
    /// leave the page: calendar-feed addresses, event links in calendar files.
    public var externalBaseURL: String {
        let scheme = headers.first(name: "X-Forwarded-Proto") ?? (application.http.server.configuration.tlsConfiguration == nil ? "http" : "https")
        let host = headers.first(name: .host) ?? "localhost"
        return "\(scheme)://\(host)"
    }
}
