import Foundation
import Vapor

extension Request {
    /// The first value of `name` in the query string, percent- and `+`-decoded (`a=1&b`
    /// gives `b` the empty string); nil when it is not there or does not decode. For pages
    /// served to many: Vapor's `req.query[…]` runs a whole decoder per value, 5 % of a
    /// public page's CPU for two values.
    public func queryValue(_ name: String) -> String? {
        guard let query = url.query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            guard pair[..<equals] == name else { continue }
            let raw = equals == pair.endIndex ? "" : pair[pair.index(after: equals)...]
            guard raw.contains(where: { $0 == "%" || $0 == "+" }) else { return String(raw) }
            return raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}
